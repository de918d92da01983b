import UndercurrentInterpreter
import UndercurrentStreams
import UndercurrentTrace

/// An interpreter with Combine installed: what `undercurrent run` and every REPL session use.
public final class ScriptEnvironment {
    public let interpreter: Interpreter
    public let bridge: StreamBridge

    public init(output: @escaping (String) -> Void) {
        interpreter = Interpreter(output: output)
        bridge = StreamBridge(interpreter: interpreter)
        interpreter.install(bridge)
    }

    /// Subscriptions held by the script's globals are cancelled as the interpreter goes
    /// (stored properties are released after this, the interpreter first): the bridge must
    /// not call into it from then on.
    /// True when each input is a whole program (`undercurrent run`), not a REPL input: a
    /// program whose top level awaits ends with it, as compiled code's async `main` does, and
    /// the work still scheduled then does not run.
    public var runsAWholeProgram: Bool {
        get { bridge.asyncTopLevelEndsTheProgram }
        set { bridge.asyncTopLevelEndsTheProgram = newValue }
    }

    deinit {
        bridge.shutDown()
        interpreter.abandonWaitingTasks()
    }

    /// Runs a whole script and returns what it printed, and the error that stopped it, if any.
    public static func run(_ source: String, fileName: String = "main.swift") -> (output: String, error: ScriptError?) {
        var output = ""
        let environment = ScriptEnvironment { output += $0 }
        environment.runsAWholeProgram = true
        do {
            try environment.interpreter.run(source: source, fileName: fileName)
            return (output, nil)
        } catch let error as ScriptError {
            return (output, error)
        } catch {
            return (output, ScriptError.runtime("\(error)"))
        }
    }
}

extension ScriptEnvironment {
    /// Lets `tracer` hear this environment as a script run's trace does: the objects that go
    /// away, the virtual time of each call, the sends, discards and deliveries the bridge reports, and
    /// why a cancel happened (`releaseCause`, from the interpreter's state when it is asked).
    /// The REPL's session wires its tracer itself: its environment is replaced on `:reset`.
    public func connect(_ tracer: Tracer, releaseCause: @escaping (Interpreter) -> String?) {
        interpreter.deinitObservers.append { tracer.recordDeinit(of: $0, type: $1) }
        tracer.clock = bridge.clock.reading
        tracer.stopSignal = interpreter.stopSignal
        tracer.releaseCause = { [unowned interpreter] in releaseCause(interpreter) }
        link(to: tracer)
    }

    /// Tells `tracer` what only the bridge sees: the script's sends, the values an operator
    /// lets go, and the calls made in place of the engine's introspection wrappers.
    func link(to tracer: Tracer) {
        bridge.sendObserver = tracer.bridgeLink
        bridge.discardReporter = tracer.bridgeLink
        bridge.callObserver = tracer.bridgeLink
        interpreter.tasks.observer = tracer
    }
}
