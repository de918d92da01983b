import ArgumentParser
import Foundation
import UndercurrentSession

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a Swift file as a script: its output is what the compiled program prints.")

    @Argument(help: "The Swift file to run.")
    var file: String

    @Flag(help: "Also write the trace of every Combine call to standard error.")
    var trace = false

    func run() throws {
        guard let source = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw ValidationError("cannot read \(file)")
        }
        let runner = ScriptRun(source: source, fileName: file, trace: trace)
        runner.run()
        if let trace = runner.renderedTrace {
            FileHandle.standardError.write(Data(trace.utf8))
        }
        if let diagnostic = runner.diagnostic {
            FileHandle.standardError.write(Data(diagnostic.utf8))
            throw ExitCode(1)
        }
    }
}
