import UndercurrentInterpreter
import UndercurrentSession
import UndercurrentTrace

/// What a piece of lesson code did when it ran on its own: its output, every call it
/// made, and the error that stopped it.
public struct RunResult: Sendable {
    public var output: String
    public var events: [TraceEvent]
    /// The error as the session shows it (`file:line:col: runtime error: …` and the line).
    public var diagnostic: String?
    /// The error's message alone, for `error contains`.
    public var errorMessage: String?
    /// Events the tracer dropped because the program made too many calls.
    public var droppedEvents: Int
    /// Ctrl-C stopped the run.
    public var wasInterrupted = false
    /// Where the error is: the piece (`your code`, `run with`) and its line there.
    public var errorPiece: String?
    public var errorLine: Int?

    /// The protocol calls (printed lines, sends to subjects and dropped values left out).
    public var calls: [TraceEvent] {
        events.filter { ![.output, .send, .dropped, .discarded].contains($0.kind) }
    }
}

/// Runs lesson code in a fresh environment with a tracer of its own, a piece at a time
/// as the REPL would (a later declaration replaces an earlier one of the same name).
/// Must be called on a thread with a large stack (`LargeStack`).
public enum TracedRun {
    public struct Piece: Sendable {
        public var source: String
        public var name: String

        public init(_ source: String, name: String) {
            self.source = source
            self.name = name
        }
    }

    /// Checks stop a runaway program sooner than the REPL does.
    public static let stepLimit = 20_000_000
    public static let eventLimit = 20_000

    /// - Parameter setup: code run first, untraced and unheard (what earlier lesson steps declared).
    public static func run(_ pieces: [Piece], setup: [Piece] = []) -> RunResult {
        let collected = Collected()
        let tracer = Tracer()
        tracer.capacity = eventLimit
        var environment: ScriptEnvironment? = ScriptEnvironment { text in
            collected.output += text
            tracer.recordOutput(text)
        }
        environment!.interpreter.limits.maxSteps = stepLimit
        environment!.interpreter.limits.maxSeconds = ResourceLimits.unattendedSeconds
        environment!.connect(tracer) { collected.sourceMap.releaseCause(in: $0) }
        var result = RunResult(output: "", events: [], diagnostic: nil, errorMessage: nil, droppedEvents: 0)
        func fail(_ error: Error, _ piece: Piece) {
            guard let error = error as? ScriptError else {
                result.diagnostic = "\(piece.name): error: \(error)\n"
                result.errorMessage = "\(error)"
                return
            }
            let fallback = SourceMap.Input(name: piece.name, source: piece.source)
            result.wasInterrupted = error.isCtrlC
            result.diagnostic = collected.sourceMap.format(error, fallback: fallback)
            result.errorMessage = error.message
            if let (input, location) = collected.sourceMap.locate(error.location) {
                result.errorPiece = input.name
                result.errorLine = location.line
            } else {
                result.errorPiece = piece.name
            }
        }
        // Subscriptions are traced only when the tracer is on as they are made, so the setup
        // runs traced too; its events and output are then dropped.
        tracer.start()
        for piece in setup {
            do {
                let offset = collected.sourceMap.add(piece.source, name: piece.name)
                try environment!.interpreter.run(source: piece.source, fileName: piece.name, lineOffset: offset)
            } catch {
                tracer.stop()
                fail(error, piece)
                return result
            }
        }
        tracer.clearEvents()
        collected.output = ""
        // The pieces make one program: work they schedule (delays, receive(on:)) runs after
        // the last one, as after the end of a script, not between them.
        let pieces = pieces.filter { !$0.source.allSatisfy(\.isWhitespace) }
        let drain = environment!.interpreter.afterTopLevelHooks
        for (index, piece) in pieces.enumerated() {
            environment!.interpreter.afterTopLevelHooks = index == pieces.count - 1 ? drain : []
            do {
                let offset = collected.sourceMap.add(piece.source, name: piece.name)
                try environment!.interpreter.run(source: piece.source, fileName: piece.name, lineOffset: offset)
            } catch {
                fail(error, piece)
                break
            }
        }
        environment!.interpreter.afterTopLevelHooks = drain
        tracer.stop()
        result.output = collected.output
        result.events = tracer.events
        result.droppedEvents = tracer.droppedCount
        // What the program's globals do as they go away is not part of the run.
        environment = nil
        return result
    }

    private final class Collected {
        var output = ""
        /// Each piece runs with its own range of lines, so an error names the piece it is in:
        /// one raised in the learner's method while the run-with code calls it is the learner's.
        var sourceMap = SourceMap()
    }
}
