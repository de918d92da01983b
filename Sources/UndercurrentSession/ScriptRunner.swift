import UndercurrentInterpreter
import UndercurrentStreams

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
    deinit {
        bridge.shutDown()
    }

    /// Runs a whole script and returns what it printed, and the error that stopped it, if any.
    public static func run(_ source: String, fileName: String = "main.swift") -> (output: String, error: ScriptError?) {
        var output = ""
        let environment = ScriptEnvironment { output += $0 }
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
