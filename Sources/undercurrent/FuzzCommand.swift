import ArgumentParser
import Foundation
import UndercurrentHarness

struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Feed a session thousands of broken inputs; fail on any trap, hang or unusable session.",
        discussion: """
            Input N depends only on the seed and N: `--show N` prints it, and `--start N --count 1` runs it alone.
            A trap ends the process; with --log, the input that was running is the last one named.
            """)

    @Option(help: "The seed of the deterministic input generator.")
    var seed: UInt64 = 1

    @Option(help: "How many inputs to run.")
    var count = 2_000

    @Option(help: "The index of the first input.")
    var start = 0

    @Option(help: "The folder of snippets that are mutated (run from the repository root).")
    var corpus = "Tests/UndercurrentTests/Snippets"

    @Option(help: "Print input N and how it was made, without running it.")
    var show: Int?

    @Option(help: "Seconds after which an input counts as a hang.")
    var timeout = 30.0

    @Option(help: "The evaluation-step budget per input (lowered so that no input runs long).")
    var maxSteps = 100_000

    @Flag(help: "Name each input on standard error before it runs.")
    var log = false

    @Flag(
        name: .customLong("files"),
        help: "Fuzz lesson files and progress files instead (lint, load and use them), from --lessons.")
    var files = false

    @Option(help: "The lesson folder whose files --files mutates (run from the repository root).")
    var lessons = "lessons"

    func validate() throws {
        guard start >= 0 else { throw ValidationError("--start must be 0 or more (got \(start))") }
        guard count >= 0 else { throw ValidationError("--count must be 0 or more (got \(count))") }
        guard count <= Int.max - start else {
            throw ValidationError("--start plus --count must not pass \(Int.max) (got \(start) + \(count))")
        }
        if let show, show < 0 { throw ValidationError("--show must be 0 or more (got \(show))") }
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout must be a number of seconds above 0 (got \(timeout))")
        }
        guard maxSteps > 0 else { throw ValidationError("--max-steps must be above 0 (got \(maxSteps))") }
    }

    func run() throws {
        if files {
            let fuzzer = FileFuzzer(seed: seed, lessonsDirectory: URL(fileURLWithPath: lessons))
            if log {
                fuzzer.log = { index, kind in
                    FileHandle.standardError.write(Data("fuzz: file \(index): \(kind)\n".utf8))
                }
            }
            print(fuzzer.run(start: start, count: count).summary)
            return
        }
        let fuzzer = Fuzzer(seed: seed, snippets: Fuzzer.loadSnippets(from: corpus))
        if fuzzer.snippets.isEmpty {
            FileHandle.standardError.write(Data("fuzz: no snippets in \(corpus); using token soup only\n".utf8))
        }
        if let show {
            let input = fuzzer.input(at: show)
            print("// input \(show) (seed \(seed)): \(input.origin)")
            print(input.text)
            return
        }
        fuzzer.timeout = timeout
        fuzzer.limits.maxSteps = maxSteps
        if log {
            fuzzer.log = { input in
                FileHandle.standardError.write(Data("fuzz: input \(input.index): \(input.origin)\n".utf8))
            }
        }
        let report = fuzzer.run(start: start, count: count)
        print(report.summary)
        for failure in report.failures { print(failure) }
        if !report.failures.isEmpty { throw ExitCode(1) }
    }
}
