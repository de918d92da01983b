import UndercurrentInterpreter
import UndercurrentSession

/// Runs a script as `undercurrent run` does, on a thread with a large stack.
func runScript(_ source: String) -> (output: String, error: ScriptError?) {
    LargeStack.run { ScriptEnvironment.run(source) }
}

/// Drives a REPL session with inputs and returns everything it showed, per input;
/// `configure` sets the session up first (its limits, its tracer).
func runSession(
    _ inputs: [String], trace: Bool = false, configure: @escaping @Sendable (Session) -> Void = { _ in }
) -> [String] {
    LargeStack.run {
        var shown: [String] = []
        var current = ""
        let session = Session(useColor: false) { current += $0 }
        configure(session)
        session.traceEnabled = trace
        for input in inputs {
            current = ""
            _ = session.handle(input)
            shown.append(current)
        }
        return shown
    }
}
