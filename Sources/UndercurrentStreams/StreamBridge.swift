import OpenCombine
import UndercurrentInterpreter

/// Makes Combine available to scripts: script types become real OpenCombine publishers,
/// subscribers and subscriptions, and OpenCombine's publishers and operators become
/// script values. Everything runs on the interpreter's thread.
public final class StreamBridge: InterpreterLibrary {
    public unowned let interpreter: Interpreter
    public let types = StreamTypes()
    /// Virtual time: every scheduler a script names runs on this clock (Scheduling/).
    public let clock = VirtualClock()
    let timeTypes = TimeTypes()
    /// The `objectWillChange` of each live `ObservableObject` with no `@Published` property,
    /// by object: Apple's is one publisher per instance (ObservableObjects.swift).
    var willChangePublishers: [ObjectIdentifier: ObservableObjectPublisher] = [:]
    /// The generic arguments the script wrote for publishers that are objects (a subject, a
    /// `Future`), by object, so that a chain built on one can spell its type (PublisherSpelling.swift).
    var writtenGenericArguments: [ObjectIdentifier: (object: WeakObject, arguments: [TypeRef])] = [:]
    /// `.max(1)` and the other demands every subscription uses, made once.
    lazy var sharedDemands = SharedDemands(type: types.demand)

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
        installObservation()
        installURLError()
        installOperators()
        installSubscribing()
        types.register(in: interpreter)
        interpreter.refusedModules = [
            "SwiftUI": "there is no user interface in a terminal; use Combine's publishers directly",
            "UIKit": "there is no user interface in a terminal; use Combine's publishers directly",
            "AppKit": "there is no user interface in a terminal; use Combine's publishers directly",
        ]
    }

    /// Set when the environment goes away: the interpreter is about to be released, and
    /// subscriptions that its globals held may still call back (a `cancel()`, a
    /// `handleEvents(receiveCancel:)`) while they are torn down. From then on, every
    /// callback returns at once without touching the interpreter.
    public private(set) var isShutDown = false

    public func shutDown() { isShutDown = true }

    /// Runs script code called by the Combine engine. The engine cannot see Swift errors,
    /// so a failure is recorded for the interpreter to report once control returns, and
    /// every later callback returns at once.
    @discardableResult
    func fromEngine<T>(_ fallback: T, _ body: () throws -> T) -> T {
        fromEngine(fallback) { _ in try body() }
    }

    /// `fromEngine(_:_:)` handing `body` the interpreter: each read of the unowned
    /// `interpreter` checks its counts atomically, on every value the engine delivers.
    @discardableResult
    func fromEngine<T>(_ fallback: T, _ body: (Interpreter) throws -> T) -> T {
        guard !isShutDown else { return fallback }
        let interpreter = self.interpreter
        guard !interpreter.isAborting else { return fallback }
        do {
            return try body(interpreter)
        } catch {
            interpreter.recordPendingError(error)
            return fallback
        }
    }
}
