import ArgumentParser
import Foundation
import UndercurrentSession
import UndercurrentTrace

import enum UndercurrentInterpreter.LocalFile
import struct UndercurrentInterpreter.ResourceLimits

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a Swift file as a script: its output is what the compiled program prints.",
        discussion: """
            Exit status: 0 on success, 1 when the file cannot be read, the script stopped on an \
            error or --trace-out could not be written, 2 with --check when the contract checker \
            found an error (warnings are listed but do not fail).
            """)

    @Argument(help: "The Swift file to run.")
    var file: String

    @Flag(help: "Also write the trace of every Combine call to standard error.")
    var trace = false

    @Flag(
        help:
            "Check the Publisher/Subscriber contract; list violations on standard error and exit with status 2 on an error."
    )
    var check = false

    @Option(
        name: .customLong("trace-out"),
        help: ArgumentHelp(
            "Write the trace to this file (.json, .mmd for Mermaid, .chrome.json for Perfetto).", valueName: "file"))
    var traceOut: String?

    @Option(
        name: .customLong("trace-format"),
        help: "The format of --trace-out: json, mermaid or chrome (default: by the file's name).")
    var traceFormat: TraceExport.Format?

    @Option(name: .customLong("trace-cap"), help: "Keep at most this many events (the oldest are dropped).")
    var traceCap: Int?

    @Option(
        name: .customLong("time-limit"),
        help: ArgumentHelp(
            "Stop the script after this many seconds (default 60, or UNDERCURRENT_TIME_LIMIT; 0 for no limit).",
            valueName: "seconds"))
    var timeLimit: Double?

    func validate() throws {
        if let timeLimit, !(timeLimit >= 0 && timeLimit.isFinite) {
            throw ValidationError("--time-limit is a number of seconds, 0 or more (got \(timeLimit))")
        }
        if traceFormat != nil, traceOut == nil { throw ValidationError("--trace-format needs --trace-out FILE") }
        if let traceOut, traceFormat == nil, TraceExport.Format(fileName: traceOut) == nil {
            throw ValidationError(
                "cannot tell the format of \(traceOut): name it .json, .mmd or .chrome.json, or give --trace-format")
        }
        if let traceCap, traceCap < 10 { throw ValidationError("--trace-cap is at least 10") }
    }

    func run() throws {
        let source: String
        switch LocalFile.readText(file, limit: ResourceLimits.maxSourceBytes) {
        case .success(let text): source = text
        case .failure(let problem): throw FileError(message: "cannot read \(file): \(problem.reason)")
        }
        let records = trace || check || traceOut != nil
        let runner = ScriptRun(source: source, fileName: file, trace: records)
        runner.rendersTrace = trace
        if let timeLimit { runner.timeLimit = timeLimit > 0 ? timeLimit : nil }
        if let traceCap { runner.tracer.capacity = traceCap }
        runner.run()
        if let trace = runner.renderedTrace {
            if runner.tracer.droppedCount > 0 {
                standardError(
                    "(\(runner.tracer.droppedCount) earlier events were dropped to bound memory; --trace-cap N keeps more)\n"
                )
            }
            standardError(trace)
        }
        var traceNotWritten = false
        if let traceOut {
            if let error = TraceExport.write(
                runner.events.spelledOut, to: traceOut, format: traceFormat,
                droppedCount: runner.tracer.droppedCount)
            {
                standardError(error + "\n")
                traceNotWritten = true
            }
        }
        let summary = ContractSummary.render(runner.tracer.violations, total: runner.tracer.violationCount)
        if trace || check, !summary.isEmpty {
            standardError(summary.joined(separator: "\n") + "\n")
        } else if check {
            standardError(ContractSummary.clean + "\n")
        }
        if let diagnostic = runner.diagnostic {
            standardError(diagnostic)
            throw ExitCode(1)
        }
        for note in runner.notes { standardError("note: \(note)\n") }
        // A trace asked for and not written is a failed run, for a script or CI that relies on it.
        if traceNotWritten { throw ExitCode(1) }
        if check, ContractSummary.counts(runner.tracer.violations).errors > 0 {
            throw ExitCode(2)
        }
    }

    private func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension TraceExport.Format: ExpressibleByArgument {}

/// A file the command cannot use: said in a sentence, without the usage text a mistyped
/// option gets (exit status 1).
struct FileError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
