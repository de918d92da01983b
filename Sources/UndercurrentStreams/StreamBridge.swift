import OpenCombine
import UndercurrentInterpreter

/// Makes Combine available to scripts: script types become real OpenCombine publishers,
/// subscribers and subscriptions, and OpenCombine's publishers and operators become
/// script values. Everything runs on the interpreter's thread.
public final class StreamBridge: InterpreterLibrary {
    public unowned let interpreter: Interpreter
    public let types = StreamTypes()

    public init(interpreter: Interpreter) {
        self.interpreter = interpreter
    }

    public func install(into interpreter: Interpreter) {
        installDemand()
        installCompletion()
        installProtocols()
        installCancellables()
        installPublisherConstructors()
        installSubjects()
        installOperators()
        installSubscribing()
        types.register(in: interpreter)
        interpreter.refusedModules = [
            "SwiftUI": "there is no user interface in a terminal; use Combine's publishers directly",
            "UIKit": "there is no user interface in a terminal; use Combine's publishers directly",
            "AppKit": "there is no user interface in a terminal; use Combine's publishers directly",
        ]
    }

    /// Runs script code called by the Combine engine. The engine cannot see Swift errors,
    /// so a failure is recorded for the interpreter to report once control returns, and
    /// every later callback returns at once.
    @discardableResult
    func fromEngine<T>(_ fallback: T, _ body: () throws -> T) -> T {
        guard !interpreter.isAborting else { return fallback }
        do {
            return try body()
        } catch {
            interpreter.recordPendingError(error)
            return fallback
        }
    }
}
