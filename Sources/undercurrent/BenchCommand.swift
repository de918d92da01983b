import ArgumentParser
import Foundation
import UndercurrentHarness
import UndercurrentLessons

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the interpreter against natively compiled Combine, latency and trace memory.",
        discussion: "Build with `swift build -c release` first: debug figures mean little.")

    @Option(help: "Multiply every workload's size by this (0.1 for a quick run).")
    var scale = 1.0

    @Option(help: "Timed runs per measurement; the median is shown.")
    var runs = 5

    @Option(help: "The folder of snippets timed as REPL inputs (run from the repository root).")
    var corpus = "Tests/UndercurrentTests/Snippets"

    @Option(help: "The lessons directory whose steps are timed.")
    var lessons = "lessons"

    @Option(
        parsing: .upToNextOption,
        help: "Sections to run: throughput, startup, latency, memory, suspension (default: all).")
    var only: [String] = []

    @Option(help: "Also list this many slowest snippets and lesson steps, each with its time.")
    var slowest = 0

    @Option(help: "Write each workload's interpreted script to this directory (to profile it with `run`), and stop.")
    var emitScripts: String?

    @Option(help: .hidden)
    var memoryProbe: String?

    func validate() throws {
        // Workload sizes are the scale times a count: a huge or non-finite scale would not fit in Int.
        guard scale.isFinite, scale > 0, scale <= 1_000 else {
            throw ValidationError("--scale must be a number above 0 and at most 1000 (got \(scale))")
        }
        guard runs >= 1, runs <= 1_000 else { throw ValidationError("--runs must be between 1 and 1000 (got \(runs))") }
        guard slowest >= 0 else { throw ValidationError("--slowest must be 0 or more (got \(slowest))") }
    }

    func run() throws {
        if let memoryProbe {
            // A child of `bench`: one traced run whose peak memory is its own.
            let probe = Bench.memoryProbe(mode: memoryProbe)
            print("events=\(probe.events) peak=\(probe.peakBytes) retained=\(probe.retainedBytes)")
            return
        }
        if let emitScripts {
            try FileManager.default.createDirectory(atPath: emitScripts, withIntermediateDirectories: true)
            for (index, workload) in BenchWorkload.all(scale: scale).enumerated() {
                let path = "\(emitScripts)/workload\(index + 1).swift"
                try workload.script().write(toFile: path, atomically: true, encoding: .utf8)
                print("\(path): \(workload.name), N = \(workload.n)")
            }
            return
        }
        var options = Bench.Options()
        options.scale = scale
        options.runs = max(1, runs)
        options.corpusDirectory = corpus
        options.lessonsDirectory = lessons
        options.lessonLoader = Self.lessonInputs
        options.slowestListed = slowest
        if !only.isEmpty {
            var sections = Set<Bench.Section>()
            for name in only {
                guard let section = Bench.Section(rawValue: name) else {
                    throw ValidationError(
                        "unknown section \(name); use throughput, startup, latency, memory or suspension")
                }
                sections.insert(section)
            }
            options.sections = sections
        }
        Bench(options: options) { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }.run()
    }

    /// Each lesson's steps as the lesson runs them: a step's runnable blocks in order; an
    /// exercise's given code, solution and run-with code as one input; a prediction's code.
    static func lessonInputs(directory: String) -> ([Bench.LessonInputs], String?) {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return ([], "no lessons directory at \(directory)")
        }
        let lessonFiles = files.filter { $0.hasSuffix(".md") && $0.lowercased() != "readme.md" }.sorted()
        if lessonFiles.isEmpty { return ([], "no lesson files in \(directory)") }
        var lessons: [Bench.LessonInputs] = []
        var skipped: [String] = []
        for file in lessonFiles {
            guard let lesson = LessonParser.parseFile(at: directory + "/" + file).lesson else {
                skipped.append(file)
                continue
            }
            let steps = lesson.steps.map { step -> [String] in
                var inputs = step.code.map(\.code)
                if let exercise = step.exercise {
                    inputs.append(
                        [exercise.given?.code, exercise.solution.code, exercise.runWith?.code]
                            .compactMap { $0 }.joined(separator: "\n"))
                }
                if let prediction = step.prediction { inputs += prediction.code.map(\.code) }
                return inputs
            }
            lessons.append(Bench.LessonInputs(lesson: lesson.id, steps: steps))
        }
        return (
            lessons, skipped.isEmpty ? nil : "lesson files with errors, skipped: \(skipped.joined(separator: ", "))"
        )
    }
}
