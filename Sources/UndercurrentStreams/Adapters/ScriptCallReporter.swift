import OpenCombine
import UndercurrentInterpreter

/// Reports the protocol calls script code makes on a script subscriber or subscription that
/// the engine handed it through OpenCombine's introspection wrappers, as those wrappers would.
///
/// While a tracer listens, OpenCombine hands a publisher a `SubscriberTap` around each
/// subscriber, and a subscriber a `SubscriptionTap` around each subscription, which report
/// every call made through them. Handed to script code as they are, the script saw a
/// wrapper where compiled code sees its own object: `type(of: subscriber)` was
/// `AnySubscriber`, `subscription is MySubscription` false, only with tracing on. A script
/// object or struct value inside a tap is handed over as itself instead
/// (`TapUnwrapping.scriptValue(inTap:)`), and this reporter, set as the object's
/// `callObserver` (a struct type's, for all its values), tells the tracer of the calls the
/// tap would have reported: `receive(subscription:)`, `receive(_:)` and
/// `receive(completion:)` on a subscriber, `request(_:)` and `cancel()` on a subscription.
/// Calls the engine makes through a tap of its own reach the receiver through
/// `ScriptSubscriber` or `ScriptSubscription` and are reported by the tap; those are passed
/// over (`engineCallee`).
final class ScriptCallReporter: ScriptCallObserver {
    /// The methods observed, in `Interpreter.observedMethodNames` order.
    static let methods = ["receive(subscription:)", "receive(_:)", "receive(completion:)", "request(_:)", "cancel()"]
    private enum Method: Int {
        case receiveSubscription, receiveValue, receiveCompletion, request, cancel
    }

    /// The receiver was handed over as a subscriber: its `receive` calls are reported.
    var asSubscriber = false
    /// The receiver was handed over as a subscription: its `request` and `cancel` are reported.
    var asSubscription = false
    /// The bridge, while it lives: the receiver may outlive it.
    private let handle: StreamBridgeHandle
    /// Whether the subscriber's Failure is `Never`, for its completions.
    private let failsNever: Bool
    /// Shared by the adapters made to name the object to the tracer, which never call it
    /// through them: one made per call was a tenth of a traced value's cost.
    private let unusedLookup = MethodLookupCache()

    init(bridge: StreamBridge, type: TypeInfo) {
        handle = bridge.handle
        failsNever = bridge.failureIsNever(of: type)
        super.init()
    }

    // The two calls below run on every traced value: each finds the bridge and its observer
    // in one function, borrowing both, rather than through a function per step.

    override func willCall(_ method: Int, on receiver: Value, argument: Value) -> Bool {
        guard let method = Method(rawValue: method) else { return false }
        return handle.withBridge { bridge in
            bridge.withCallObserver {
                willCall(method, on: receiver, argument: argument, bridge: bridge, observer: $0)
            } ?? false
        } ?? false
    }

    private func willCall(
        _ method: Method, on receiver: Value, argument: Value, bridge: StreamBridge, observer: BridgeCallObserver
    ) -> Bool {
        if let callee = bridge.engineCallee, callee == combineIdentifier(for: receiver) {
            bridge.engineCallee = nil
            return false
        }
        switch method {
        case .receiveSubscription where asSubscriber:
            guard let subscription = bridge.reportedSubscription(argument, handedBy: observer) else { return false }
            observer.willReceive(subscriber: subscriber(receiver, bridge), subscription: subscription)
        case .receiveValue where asSubscriber:
            observer.willReceive(
                scriptSubscriber: receiver, identifier: combineIdentifier(for: receiver), input: argument)
        case .receiveCompletion where asSubscriber:
            return tellCompletion(argument, to: receiver, bridge, observer, closing: false)
        case .request where asSubscription:
            guard let demand = try? bridge.demand(from: argument, at: .unknown) else { return false }
            observer.willRequest(subscription: subscription(receiver, bridge), demand)
        case .cancel where asSubscription:
            observer.willCancel(subscription: subscription(receiver, bridge))
        default:
            return false
        }
        return true
    }

    // Every `didCall` tells the tracer, whatever it finds in the arguments: the tracer closes
    // the call `willCall` opened (its frame of calls in progress) and reads little else.
    override func didCall(_ method: Int, on receiver: Value, argument: Value, result: Value?) {
        guard let method = Method(rawValue: method) else { return }
        handle.withBridge { bridge in
            bridge.withCallObserver {
                didCall(method, on: receiver, argument: argument, result: result, bridge: bridge, observer: $0)
            }
        }
    }

    private func didCall(
        _ method: Method, on receiver: Value, argument: Value, result: Value?, bridge: StreamBridge,
        observer: BridgeCallObserver
    ) {
        switch method {
        case .receiveSubscription:
            // The tap reports the subscription it was given, as `willCall` found it.
            let subscription = bridge.reportedSubscription(argument, handedBy: nil) ?? Subscriptions.empty
            observer.didReceive(subscriber: subscriber(receiver, bridge), subscription: subscription)
        case .receiveValue:
            // A `receive(_:)` that threw returns no demand; the engine's adapter counts it as none.
            let demand = result.flatMap { try? bridge.demand(from: $0, at: .unknown) } ?? .none
            observer.didReceive(scriptSubscriberValue: demand)
        case .receiveCompletion:
            _ = tellCompletion(argument, to: receiver, bridge, observer, closing: true)
        case .request:
            let demand = (try? bridge.demand(from: argument, at: .unknown)) ?? .none
            observer.didRequest(subscription: subscription(receiver, bridge), demand)
        case .cancel:
            observer.didCancel(subscription: subscription(receiver, bridge))
        }
    }

    /// The receiver as the engine's adapter for it, as the tap would name it to the tracer
    /// (which names and identifies it by the script value: its Failure type does not matter).
    private func subscriber(_ receiver: Value, _ bridge: StreamBridge) -> ScriptSubscriber<Never> {
        ScriptSubscriber(value: receiver, bridge: bridge, lookupCache: unusedLookup)
    }

    /// Tells `observer` a completion is received (`closing`: was received), typed with the
    /// subscriber's own Failure, as the completion's error is described by it. Opening, false
    /// when the argument is no completion; closing, always told (`.finished` in its place).
    private func tellCompletion(
        _ argument: Value, to receiver: Value, _ bridge: StreamBridge, _ observer: BridgeCallObserver, closing: Bool
    ) -> Bool {
        func tell<Failure: Error>(_: Failure.Type) -> Bool {
            let completion = try? bridge.completion(from: argument, as: Failure.self, at: .unknown)
            let subscriber = ScriptSubscriber<Failure>(value: receiver, bridge: bridge, lookupCache: unusedLookup)
            if closing {
                observer.didReceive(subscriber: subscriber, completion: completion ?? .finished)
            } else {
                guard let completion else { return false }
                observer.willReceive(subscriber: subscriber, completion: completion)
            }
            return true
        }
        return failsNever ? tell(Never.self) : tell(ScriptFailure.self)
    }

    private func subscription(_ receiver: Value, _ bridge: StreamBridge) -> ScriptSubscription {
        ScriptSubscription(value: receiver, bridge: bridge, lookupCache: unusedLookup)
    }
}

extension StreamBridge {
    /// Runs `body`, the engine calling a method of `value` through its adapter; when the
    /// adapter is `tapped`, marked as the engine's call (`engineCallee`), which the engine's
    /// own wrapper reports.
    @inline(__always)
    func asEngineCall<T>(on value: Value, if tapped: Bool, _ body: () throws -> T) rethrows -> T {
        guard tapped, isReported(value) else { return try body() }
        engineCallee = combineIdentifier(for: value)
        defer { engineCallee = nil }
        return try body()
    }

    private func isReported(_ value: Value) -> Bool {
        switch value {
        case .object(let object): object.callObserver != nil
        case .structValue(let structValue): structValue.type.callObserver != nil
        default: false
        }
    }

    /// Tells a script object, or every value of a script struct type, to report its protocol
    /// calls as a subscriber or a subscription.
    func reportCalls(of value: Value, asSubscriber: Bool) {
        let type: TypeInfo
        let existing: ScriptCallObserver?
        switch value {
        case .object(let object): (type, existing) = (object.type, object.callObserver)
        case .structValue(let structValue): (type, existing) = (structValue.type, structValue.type.callObserver)
        default: return
        }
        let reporter: ScriptCallReporter
        if let existing = existing as? ScriptCallReporter {
            reporter = existing
        } else {
            reporter = ScriptCallReporter(bridge: self, type: type)
            if case .object(let object) = value {
                object.observeCalls(by: reporter)
            } else {
                type.callObserver = reporter
            }
            interpreter.hasObservedObjects = true
        }
        if asSubscriber { reporter.asSubscriber = true } else { reporter.asSubscription = true }
    }

    /// What a `SubscriberTap` reports for the subscription script code hands a traced script
    /// subscriber: a script subscription as its adapter, which from then on reports its own
    /// calls (the tap would have wrapped it); an engine subscription as it is, or the one inside
    /// it when it already is a tap. `handedBy` (the tracer) is told of the requests and cancels
    /// of an engine subscription that is not a tap, once handed over.
    func reportedSubscription(_ value: Value, handedBy observer: _Introspection?) -> Subscription? {
        switch value.loaded {
        case .object(let object) where conforms(object.type, to: "Subscription"):
            if observer != nil { reportCalls(of: value.loaded, asSubscriber: false) }
            return ScriptSubscription(value: .object(object), bridge: self)
        case .native(let native as SubscriptionValue):
            if TapUnwrapping.isSubscriptionTap(native.subscription) {
                return TapUnwrapping.unwrap(native.subscription) as? Subscription
            }
            if let observer { native.reportsCallsTo = observer }
            return native.subscription
        case .structValue(let structValue) where conforms(structValue.type, to: "Subscription"):
            if observer != nil { reportCalls(of: value.loaded, asSubscriber: false) }
            return ScriptSubscription(value: value.loaded, bridge: self)
        default:
            return nil
        }
    }
}
