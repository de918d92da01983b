import Foundation
import UndercurrentInterpreter
import UndercurrentTrace

/// `undercurrent run FILE`: the program's output goes straight to standard output, as
/// the compiled program's would; the trace and any error are kept for standard error.
public final class ScriptRun {
    public let source: String
    public let fileName: String
    public let trace: Bool
    public private(set) var renderedTrace: String?
    public private(set) var diagnostic: String?
    /// Notes for standard error after a run that ended well: the tasks left waiting for a
    /// continuation nothing resumed.
    public private(set) var notes: [String] = []
    /// The trace, read where the tracer kept it (`Tracer.recordedEvents`).
    public private(set) var events: TraceEvents = []
    /// Records the calls (and checks the contract) when `trace` is on.
    public let tracer = Tracer()
    /// With `trace` on: also draw the trace into `renderedTrace` (off for `--check` alone).
    public var rendersTrace = true
    /// Wall-clock seconds the script may run (nil: no limit): nobody is there to press Ctrl-C.
    public var timeLimit: Double? = ResourceLimits.unattendedSeconds
    private let writeOutput: (String) -> Void

    public init(
        source: String, fileName: String, trace: Bool,
        writeOutput: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
    ) {
        self.source = source
        self.fileName = fileName
        self.trace = trace
        self.writeOutput = writeOutput
    }

    public func run() {
        let tracer = self.tracer
        let environment = ScriptEnvironment { [trace, writeOutput] text in
            writeOutput(text)
            if trace { tracer.recordOutput(text) }
        }
        environment.interpreter.limits.maxSeconds = timeLimit
        environment.runsAWholeProgram = true
        if trace {
            environment.connect(tracer) { [fileName] in SourceMap().releaseCause(in: $0, fallbackName: fileName) }
            tracer.start()
        }
        do {
            try environment.interpreter.run(source: source, fileName: fileName)
            notes = environment.interpreter.continuationsLeftWaiting
        } catch let error as ScriptError {
            diagnostic = DiagnosticFormatter.format(error, source: source, fileName: fileName)
        } catch {
            diagnostic = "\(fileName): error: \(error)\n"
        }
        tracer.stop()
        if trace {
            events = tracer.recordedEvents
            if rendersTrace {
                var renderer = TraceRenderer()
                renderer.showTime = TraceRenderer.timeVaries(in: events)
                renderedTrace = renderer.render(events).joined(separator: "\n") + "\n"
            }
        }
    }
}
