import Foundation
import Testing
import UndercurrentTrace

/// `undercurrent run FILE --check` and `--trace-out`, run as a teacher's CI would.
@Suite struct TraceCLITests {
    static let binary = TestPaths.repository.appendingPathComponent(".build/debug/undercurrent").path
    static var available: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ arguments: [String]) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { return Result(status: -1, output: "", errors: "\(error)") }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }

    static func withScript<T>(_ source: String, _ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "undercurrent-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("script.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return try body(file)
    }

    @Test(.enabled(if: TraceCLITests.available, "needs .build/debug/undercurrent"))
    func checkFailsOnAViolationWithASummary() throws {
        try Self.withScript(ContractCheckerTests.prelude + ContractCheckerTests.greedy) { file in
            let result = Self.run(["run", file.path, "--check"])
            #expect(result.status == 2)
            #expect(result.output == "")
            #expect(
                result.errors.hasPrefix("Contract check: 2 errors\n  #5    error    §1.1 more values than requested: "))
        }
    }

    @Test(.enabled(if: TraceCLITests.available, "needs .build/debug/undercurrent"))
    func checkPassesAWellBehavedScriptAndKeepsItsOutput() throws {
        try Self.withScript("import Combine\nlet c = [1, 2, 3].publisher.map { $0 * 2 }.sink { print($0) }\n") { file in
            let result = Self.run(["run", file.path, "--check"])
            #expect(result.status == 0)
            #expect(result.output == "2\n4\n6\n")
            #expect(result.errors == "Contract check: no violations.\n")
        }
    }

    @Test(.enabled(if: TraceCLITests.available, "needs .build/debug/undercurrent"))
    func warningsAreListedButDoNotFail() throws {
        try Self.withScript(ContractCheckerTests.prelude + ContractCheckerTests.late) { file in
            let result = Self.run(["run", file.path, "--check"])
            #expect(result.status == 0)
            #expect(result.errors.hasPrefix("Contract check: 2 warnings\n"))
        }
    }

    @Test(.enabled(if: TraceCLITests.available, "needs .build/debug/undercurrent"))
    func traceOutWritesTheChosenFormat() throws {
        try Self.withScript("import Combine\nlet c = Just(1).sink { print($0) }\n") { file in
            let json = file.deletingLastPathComponent().appendingPathComponent("out.json")
            let result = Self.run(["run", file.path, "--trace-out=\(json.path)"])
            #expect(result.status == 0)
            #expect(result.output == "1\n")
            #expect(result.errors == "")
            let document = try TraceJSON.decode(Data(contentsOf: json))
            #expect(document.events.first?.call == "Just.receive(subscriber: Sink#1)")
            let mermaid = file.deletingLastPathComponent().appendingPathComponent("out.txt")
            let forced = Self.run(["run", file.path, "--trace-out", mermaid.path, "--trace-format", "mermaid"])
            #expect(forced.status == 0)
            let diagram = TraceMermaid.decode(try String(contentsOf: mermaid, encoding: .utf8))
            #expect(diagram.participants.map(\.name) == ["script", "Just", "Sink#1", "Just.Inner#1"])
            let unknown = Self.run(["run", file.path, "--trace-out", mermaid.path])
            #expect(unknown.status != 0)
            #expect(unknown.errors.contains("cannot tell the format"))
        }
    }
}
