import Foundation
import UndercurrentInterpreter
import UndercurrentStreams
import UndercurrentTrace

/// A REPL session with no terminal attached: it takes inputs (Swift code or colon
/// commands) and writes what the learner should see. The CLI wraps it in a line editor;
/// tests drive it directly.
public final class Session {
    public enum Action { case `continue`, quit }

    public private(set) var environment: ScriptEnvironment
    public let tracer: Tracer
    public var traceEnabled = true
    public var useColor: Bool
    /// Adds commands and answers of its own (the lessons); see `SessionExtension`.
    public var sessionExtension: (any SessionExtension)?
    /// Labels, step-through and paging for inspecting traces (TraceCommands.swift).
    public let inspection = TraceInspection()
    /// Receives everything the session shows: program output, traces, messages.
    let write: (String) -> Void
    private var inputCount = 0
    /// Every input run in the current environment, for error locations.
    public private(set) var sourceMap = SourceMap()
    var lastEvents: TraceEvents = []
    /// True while the current input prints; the tracer collects its lines in place.
    private var outputBuffer: [String] = []

    /// Where the environment's program output goes.
    private let programOutput: ProgramOutput

    public init(useColor: Bool = false, write: @escaping (String) -> Void) {
        self.useColor = useColor
        self.write = write
        // The first environment is made before `self` can be captured, so its output finds
        // the session through `programOutput`. (A placeholder environment made first, and
        // replaced, cost as much again as the one kept: a few milliseconds a session.)
        let tracer = Tracer()
        let output = ProgramOutput()
        self.tracer = tracer
        programOutput = output
        environment = Self.makeEnvironment(printingTo: output, tracer: tracer)
        output.session = self
        tracer.releaseCause = { [unowned self] in self.sourceMap.releaseCause(in: self.environment.interpreter) }
    }

    /// The session an environment's program output is for.
    private final class ProgramOutput {
        weak var session: Session?
    }

    private static func makeEnvironment(printingTo output: ProgramOutput, tracer: Tracer) -> ScriptEnvironment {
        let environment = ScriptEnvironment { text in output.session?.programPrinted(text) }
        // Weak: when the session goes, its environment unwinds the tasks still waiting, and
        // the objects they release tell this observer, after the session itself is gone.
        environment.interpreter.deinitObservers.append { [weak tracer] in tracer?.recordDeinit(of: $0, type: $1) }
        environment.link(to: tracer)
        // Calls carry the virtual time of the session's clock (`:marbles` aligns on it),
        // counted from the start of the input (`runTraced`), so that a trace reads the same
        // however long the session has run.
        tracer.clock = environment.bridge.clock.reading
        tracer.stopSignal = environment.interpreter.stopSignal
        return environment
    }

    private func programPrinted(_ text: String) {
        if traceEnabled {
            tracer.recordOutput(text)
            outputBuffer.append(text)
        } else {
            write(text)
        }
    }

    // MARK: - Inputs

    public func handle(_ input: String) -> Action {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if let action = answerStepThrough(input) { return action }
        if let action = sessionExtension?.intercept(input, in: self) { return action }
        if trimmed.isEmpty { return .continue }
        if trimmed.hasPrefix(":") { return runCommand(trimmed) }
        evaluate(input, fileName: nextInputName())
        return .continue
    }

    private func nextInputName() -> String {
        inputCount += 1
        return "<input \(inputCount)>"
    }

    /// Runs Swift code in the session; declarations stay for later inputs.
    public func evaluate(_ source: String, fileName: String) {
        let offset = sourceMap.add(source, name: fileName)
        let failure = runTraced {
            try environment.interpreter.run(source: source, fileName: fileName, lineOffset: offset)
        }
        if let failure {
            write(sourceMap.format(failure, fallback: SourceMap.Input(name: fileName, source: source)))
        } else {
            for note in environment.interpreter.continuationsLeftWaiting { write("note: \(note)\n") }
        }
        sessionExtension?.didEvaluate(source, error: failure, in: self)
    }

    /// Runs code in the session's environment without tracing or showing anything (what a
    /// lesson declares behind the scenes); its locations stay known for later errors.
    public func runUnseen(_ source: String, fileName: String) throws {
        let offset = sourceMap.add(source, name: fileName)
        try environment.interpreter.run(source: source, fileName: fileName, lineOffset: offset)
    }

    /// Runs some work with the tracer recording, then shows its output or trace.
    private func runTraced(_ work: () throws -> Void) -> ScriptError? {
        outputBuffer.removeAll()
        tracer.clearEvents()
        tracer.timeOrigin = environment.bridge.clock.nowMilliseconds
        // The contract checker runs with the tracer, also when the trace is not shown.
        if traceEnabled || tracer.checksContract { tracer.start() }
        var failure: ScriptError?
        do {
            try work()
        } catch let error as ScriptError {
            failure = error
        } catch {
            failure = ScriptError.runtime("\(error)")
        }
        tracer.stop()
        if traceEnabled {
            lastEvents = tracer.recordedEvents
            showOutputOrTrace()
        } else if tracer.checksContract {
            lastEvents = tracer.recordedEvents
            write(contractSummaryText(maxListed: 10))
        }
        return failure
    }

    /// Makes `events` (a run made elsewhere, such as a judged exercise) the last trace, so
    /// that `:trace`, `:demand`, `:marbles`, `:step` and `:export` show it.
    public func inspect(_ events: [TraceEvent]) {
        tracer.clearEvents()
        inspection.reset()
        lastEvents = TraceEvents(events)
    }

    /// Forgets every declaration, object name and trace, and starts the virtual clock at
    /// zero: what `:reset` does, and what a lesson does when it opens.
    public func startAfresh() {
        environment = Self.makeEnvironment(printingTo: programOutput, tracer: tracer)
        tracer.reset()
        inspection.reset()
        lastEvents = []
        sourceMap = SourceMap()
    }

    /// `:advance 300ms`: runs the scheduled work due within that much virtual time.
    private func advance(_ argument: String) {
        guard let duration = VirtualClock.parseDuration(argument), duration > .zero else {
            write("usage: :advance DURATION   (for example :advance 300ms, :advance 2s)\n")
            return
        }
        var report: VirtualClock.Report?
        let failure = runTraced { report = try environment.bridge.advanceTime(by: duration) }
        if let failure {
            write(sourceMap.format(failure, fallback: SourceMap.Input(name: ":advance", source: "")))
        }
        write(timeText(report))
    }

    /// `:time`: the virtual clock and what is still scheduled on it.
    private func timeText(_ report: VirtualClock.Report? = nil) -> String {
        let clock = environment.bridge.clock
        var text = "Virtual time is \(VirtualClock.format(clock.now))"
        if let report, report.actionsRun > 0 {
            text += " (ran \(report.actionsRun) scheduled action\(report.actionsRun == 1 ? "" : "s"))"
        }
        if clock.pendingCount > 0, let next = clock.nextDue {
            text += "; \(clock.pendingCount) pending, the next at \(VirtualClock.format(next))"
        } else {
            text += "; nothing is scheduled"
        }
        text += ".\n"
        if let note = report?.note { text += note + "\n" }
        return text
    }

    /// With tracing on, an input that made protocol calls shows its trace (the program's
    /// lines appear in it, in place); one that made none shows its output plainly.
    private func showOutputOrTrace() {
        if !lastEvents.hasCalls {
            write(outputBuffer.joined())
            return
        }
        write(renderTrace(lastEvents, maxLines: 400))
    }

    /// The trace as text; a long one shows its beginning and end around a count of the rest,
    /// and the contract checker's findings follow it (TraceCommands.swift).
    func renderTrace(_ events: TraceEvents, maxLines: Int) -> String {
        traceText(events, maxLines: maxLines)
    }

    // MARK: - Commands

    private func runCommand(_ line: String) -> Action {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let command = parts[0]
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        switch command {
        case ":quit", ":q", ":exit":
            return .quit
        case ":help", ":h", ":?":
            write(Self.helpText + Self.inspectionHelp + (sessionExtension?.helpText ?? ""))
        case ":reset":
            startAfresh()
            write("Declarations forgotten; a fresh session starts.\n")
        case ":trace":
            switch argument {
            case "on":
                traceEnabled = true
                write("Tracing is on: inputs that make Combine calls show them.\n")
            case "off":
                traceEnabled = false
                write("Tracing is off.\n")
            case "":
                if lastEvents.hasCalls {
                    write(renderTrace(lastEvents, maxLines: 4000))
                } else {
                    write("No trace yet: the last input made no Combine calls.\n")
                }
            default:
                runTraceOptions(argument)
            }
        case ":time":
            write(timeText())
        case ":advance":
            advance(argument)
        case ":load":
            guard !argument.isEmpty else {
                write("usage: :load FILE\n")
                return .continue
            }
            load(argument)
        default:
            if let action = runInspectionCommand(command, argument: argument) { return action }
            if let action = sessionExtension?.runCommand(command, argument: argument, in: self) { return action }
            write("Unknown command \(command). Type :help for the list.\n")
        }
        return .continue
    }

    private func load(_ path: String) {
        let expanded = (path as NSString).expandingTildeInPath
        switch LocalFile.readText(expanded, limit: ResourceLimits.maxSourceBytes) {
        case .success(let source): evaluate(source, fileName: path)
        case .failure(let problem): write("Cannot read \(path): \(problem.reason).\n")
        }
    }

    public static let helpText = """
        Type Swift: declarations stay for later inputs; open braces continue on the next line.
        With tracing on, every Combine call an input makes is shown as a tree, with the
        outstanding demand of the subscription after each call.

          :help             this list
          :trace [on|off]   show the last trace again, or turn tracing on or off
          :load FILE        run a Swift file in this session
          :time             the virtual clock, and the work still scheduled on it
          :advance 300ms    move virtual time on, running what falls due (timers, delays)
          :reset            forget every declaration and start afresh
          :quit             leave (Ctrl-D works too)

        Ctrl-C stops a running input (an endless loop, an unlimited publisher) and keeps the session.

        """
}
