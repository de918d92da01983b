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
    let willChangePublishers = WillChangePublishers()
    /// The generic arguments the script wrote for publishers that are objects (a subject, a
    /// `Future`), by object, so that a chain built on one can spell its type (PublisherSpelling.swift).
    var writtenGenericArguments = WrittenGenericArguments()
    /// An operator is being called through a receiver whose static type is a protocol
    /// (`NativeArguments.isThroughProtocol`): it builds its own stage (`fusionCandidate`).
    var buildsThroughProtocol = false
    // Held strongly: a weak reference gives its object a side table, and every retain and
    // release of it, around every send, the runtime's slow path. The tracer's link outlives
    // its tracer harmlessly (`TracerBridgeLink`).
    /// Told of every `send` to a subject (the tracer, when one records).
    public var sendObserver: SubjectSendObserver?
    /// Told of every value `throttle` lets go (the tracer, when one records).
    public var discardReporter: DiscardReporter?
    // The two below are read twice on every traced call a script makes on a subscriber or a
    // subscription; the bridge is used on its interpreter's thread only, so the dynamic
    // exclusivity check each read made (a fifth of `ScriptCallReporter`'s own cost) guards
    // nothing.
    /// Told of the calls script code makes through the engine's introspection wrappers, which
    /// the bridge makes in their place (the tracer; `ScriptCallReporter`,
    /// `SubscriberValue`'s direct delivery).
    public var callObserver: BridgeCallObserver? {
        get { callObserverBox?.observer }
        set {
            // A box set aside is kept: a traced call running now may hold it unretained.
            if let callObserverBox { formerCallObserverBoxes.append(callObserverBox) }
            callObserverBox = newValue.map(CallObserverBox.init)
            unretainedCallObserverBox = callObserverBox.map { .passUnretained($0) }
        }
    }
    @exclusivity(unchecked) private var callObserverBox: CallObserverBox?
    @exclusivity(unchecked) private var unretainedCallObserverBox: Unmanaged<CallObserverBox>?
    private var formerCallObserverBoxes: [CallObserverBox] = []

    /// Runs `body` with `callObserver`, borrowed; nil when there is none. Read on every
    /// traced call of a script subscriber, twice: reading the property retained it.
    @inline(__always)
    func withCallObserver<Result>(_ body: (BridgeCallObserver) -> Result) -> Result? {
        unretainedCallObserverBox?._withUnsafeGuaranteedRef { body($0.observer) }
    }
    /// The script subscriber or subscription (by its combine identifier) the engine is calling
    /// right now through `ScriptSubscriber` or `ScriptSubscription`: that call is the
    /// engine's, reported by its own wrapper, and its `ScriptCallReporter` passes it over.
    @exclusivity(unchecked) var engineCallee: CombineIdentifier?
    /// What a `Subscribers.Demand` value of this bridge's scripts is (`DemandType`).
    lazy var demandType = DemandType(typeInfo: types.demand)
    /// How values that may outlive the bridge reach it (`StreamBridgeHandle`).
    let handle = StreamBridgeHandle()
    /// What spelling a publisher's type asks of each type it meets, asked once per type.
    let publisherTypeTraits = PublisherTypeTraits()

    public init(interpreter: Interpreter) {
        self.interpreter = interpreter
        handle.bridge = self
    }

    deinit {
        handle.bridge = nil
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
        installJustOutput()
        installSubscribing()
        installAsyncBridges()
        types.register(in: interpreter)
        interpreter.observedMethodNames = ScriptCallReporter.methods
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
    /// Set for a whole program (`ScriptEnvironment.runsAWholeProgram`): see there.
    public var asyncTopLevelEndsTheProgram = false
    /// The publishers of subscriptions in progress inside one another (`subscribing`), outermost first.
    private var nestedSubscriptions: [Any] = []

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
        } catch var error as ScriptError where error.isNestingLimit && !nestedSubscriptions.isEmpty {
            error.notes.append(nestingNote())
            interpreter.recordPendingError(error)
            return fallback
        } catch {
            interpreter.recordPendingError(error)
            return fallback
        }
    }

    /// Runs `body`, the engine subscribing `publisher`, as one more level of nesting: the
    /// depth limit and the step budget stop a publisher that subscribes itself again, or a
    /// chain of thousands of operators, long before the native stack runs out.
    func subscribing(_ publisher: Any, _ body: () -> Void) {
        // What one more level costs varies (the tracer's hooks, a debug build). Half the stack
        // stays free: once the deepest subscription is made, the subscription is handed down
        // the chain and the demand up it, as deep again, and then come the values.
        if let left = NativeStack.remaining(), left < NativeStack.size / 2 {
            interpreter.recordPendingError(
                ScriptError(
                    .interrupted,
                    "stopped: subscriptions nested \(nestedSubscriptions.count) deep used up the native stack at \(PublisherValue.familyName(of: publisher)) (a publisher that subscribes itself again, or a chain of thousands of operators?)"
                ))
            return
        }
        nestedSubscriptions.append(publisher)
        defer { nestedSubscriptions.removeLast() }
        interpreter.engineNestedStep(
            tooDeep: {
                let name = PublisherValue.familyName(of: publisher)
                return "at \(name) (a publisher that subscribes itself again, or a chain of thousands of operators?)"
            }, body)
    }

    /// Where the nesting was when script code called by the engine went too deep.
    private func nestingNote() -> String {
        var counts: [String: Int] = [:]
        for publisher in nestedSubscriptions { counts[PublisherValue.familyName(of: publisher), default: 0] += 1 }
        let most = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(3)
        return
            "\(nestedSubscriptions.count) of those levels are publishers subscribed inside one another ("
            + most.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            + "): a publisher that makes the pipeline it belongs to again (Deferred { mk() }, or flatMap or catch returning it) subscribes forever"
    }
}

/// A way to reach the bridge that does not keep it alive, for values that may outlive it
/// (publishers a script printed or kept): it answers nil once the bridge is gone.
///
/// Not a weak reference to the bridge: the first weak reference to an object gives it a
/// side table, and from then on every retain and release of it takes the runtime's slow
/// path. The bridge is retained on each value a script closure handles, so that was a
/// fifth of a `map`/`filter` pipeline's time. The bridge clears the handle when it goes.
final class StreamBridgeHandle {
    /// Cleared by the bridge's `deinit`, on the interpreter's thread as every use of it.
    /// Not `unowned(unsafe)`: each use of such a field makes a strong copy, a retain and a
    /// release; `withBridge` lends it without counting.
    private var reference: Unmanaged<StreamBridge>?

    var bridge: StreamBridge? {
        get { reference?.takeUnretainedValue() }
        set { reference = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// `body` given the bridge while it lives, without counting a reference to it; nil when
    /// it is gone.
    @inline(__always)
    func withBridge<Result>(_ body: (StreamBridge) -> Result) -> Result? {
        reference?._withUnsafeGuaranteedRef(body)
    }
}

/// `StreamBridge.callObserver` in a `let` of an object: an existential read out of a `let`
/// of a borrowed object is used where it is, without a retain.
private final class CallObserverBox {
    let observer: BridgeCallObserver

    init(_ observer: BridgeCallObserver) {
        self.observer = observer
    }
}
