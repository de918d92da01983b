import Foundation
import Testing
import UndercurrentInterpreter
import UndercurrentSession

/// The files a learner's commands read and write (`:load`, `run FILE`, `:export`,
/// `--trace-out`): only regular files, links followed, with a sentence for every problem.
/// Writing by rename used to replace a device, a FIFO or a link with a regular file, and
/// reading a FIFO never ended (issue 22, item 5).
@Suite struct LocalFileTests {
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    static let traced = "import Combine\n_ = Just(1).sink { _ in }"

    @Test func exportWritesOnlyRegularFiles() throws {
        let folder = try Self.directory()
        let fifo = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let target = folder.appendingPathComponent("real.json")
        let link = folder.appendingPathComponent("link.json")
        let directory = folder.appendingPathComponent("dir.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let shown = runSession(
            [
                Self.traced, ":export \(fifo)", ":export \(directory.path)", ":export \(folder.path)/missing/t.json",
                ":export \(link.path)",
            ], trace: true)
        #expect(
            shown[1]
                == "Cannot write \(fifo): it is a named pipe (FIFO); the trace is written only to a regular file\n")
        #expect(
            shown[2]
                == "Cannot write \(directory.path): it is a directory; the trace is written only to a regular file\n")
        #expect(
            shown[3]
                == "Cannot write \(folder.path)/missing/t.json: the folder \(folder.path)/missing does not exist\n")
        #expect(shown[4].hasPrefix("Wrote "), "got: \(shown[4])")
        #expect(Self.isFIFO(fifo), "the FIFO must be left alone")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).contains("\"events\""))
    }

    @Test(.enabled(if: TraceCLITests.available, "needs .build/debug/undercurrent"))
    func traceOutFailsTheRunWhenItCannotWrite() throws {
        let folder = try Self.directory()
        let script = folder.appendingPathComponent("script.swift")
        try Self.traced.write(to: script, atomically: true, encoding: .utf8)
        let fifo = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let missing = TraceCLITests.run(["run", script.path, "--trace-out", folder.path + "/no/such/t.json"])
        #expect(missing.status == 1)
        #expect(
            missing.errors
                == "Cannot write \(folder.path)/no/such/t.json: the folder \(folder.path)/no/such does not exist\n")
        let pipe = TraceCLITests.run(["run", script.path, "--trace-out", fifo])
        #expect(pipe.status == 1)
        #expect(pipe.errors.contains("it is a named pipe (FIFO)"))
        #expect(Self.isFIFO(fifo))
        let written = TraceCLITests.run(["run", script.path, "--trace-out", folder.path + "/t.json"])
        #expect(written.status == 0, "got: \(written.errors)")
    }

    @Test func loadReadsOnlyRegularUTF8Files() throws {
        let folder = try Self.directory()
        let fifo = folder.appendingPathComponent("pipe.swift").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let latin1 = folder.appendingPathComponent("latin1.swift")
        try Data([0x70, 0x72, 0x69, 0x6E, 0x74, 0x28, 0x22, 0xE9, 0x22, 0x29, 0x0A]).write(to: latin1)
        let huge = folder.appendingPathComponent("huge.swift")
        try Data(repeating: 0x0A, count: ResourceLimits.maxSourceBytes + 1).write(to: huge)
        let shown = runSession([
            ":load \(fifo)", ":load \(latin1.path)", ":load \(huge.path)", ":load \(folder.path)", "print(1 + 1)",
        ])
        #expect(shown[0] == "Cannot read \(fifo): it is a named pipe (FIFO), not a file.\n")
        #expect(
            shown[1]
                == "Cannot read \(latin1.path): it is not UTF-8 text (the byte at offset 7 is not); save it as UTF-8.\n"
        )
        #expect(
            shown[2]
                == "Cannot read \(huge.path): it is 1000001 bytes; files of more than 1000000 bytes are not read.\n")
        #expect(shown[3] == "Cannot read \(folder.path): it is a directory, not a file.\n")
        #expect(shown[4] == "2\n")
    }

    @Test(.enabled(if: TraceCLITests.available, "needs .build/debug/undercurrent"))
    func runSaysWhyItCannotReadAFileWithoutTheUsage() throws {
        let folder = try Self.directory()
        let latin1 = folder.appendingPathComponent("latin1.swift")
        try Data([0x70, 0x72, 0x69, 0x6E, 0x74, 0x28, 0x22, 0xE9, 0x22, 0x29, 0x0A]).write(to: latin1)
        let result = TraceCLITests.run(["run", latin1.path])
        #expect(result.status == 1)
        #expect(
            result.errors
                == "Error: cannot read \(latin1.path): it is not UTF-8 text (the byte at offset 7 is not); save it as UTF-8\n"
        )
        let missing = TraceCLITests.run(["run", folder.path + "/none.swift"])
        #expect(missing.status == 1)
        #expect(missing.errors == "Error: cannot read \(folder.path)/none.swift: it does not exist\n")
    }
}
