import OpenCombine
import UndercurrentInterpreter

/// An engine subscriber handed to script code (the `subscriber` of a script publisher's
/// `receive(subscriber:)`). Calls are checked first: OpenCombine stops the process on a
/// value or completion before a subscription, which a script must never cause.
public final class SubscriberValue: NativeValue {
    public enum Wrapped {
        case never(AnySubscriber<Value, Never>)
        case failing(AnySubscriber<Value, ScriptFailure>)

        var combineIdentifier: CombineIdentifier {
            switch self {
            case .never(let subscriber): return subscriber.combineIdentifier
            case .failing(let subscriber): return subscriber.combineIdentifier
            }
        }
    }

    public let wrapped: Wrapped
    /// The wrapped subscriber's `receive(_:)`, taken out of `wrapped` once: binding the
    /// enum's payload copied the `AnySubscriber`, a retain and a release of each of its four
    /// references, on every value.
    private let receiveValue: (Value) -> Subscribers.Demand
    let bridge: StreamBridge
    /// What the subscriber has received so far. Shared with every `AnySubscriber` made around
    /// it: to the engine they are one subscriber, so a subscription given to one lets values
    /// go through the others.
    final class Lifecycle {
        var hasSubscription = false
        var hasCompleted = false
    }
    let lifecycle: Lifecycle
    private var hasSubscription: Bool { lifecycle.hasSubscription }
    private var hasCompleted: Bool { lifecycle.hasCompleted }
    private let name: String
    /// The subscriber is inside the engine's introspection tap.
    var isTapped = false
    /// True for a subscriber of the engine's own handed to a script publisher (a `sink`, or an
    /// operator's subscriber), whose type `type(of:)` cannot name.
    var isMadeByCombine = false
    /// True when the subscriber is a script type: calls the engine would stop on are made
    /// (the script runs them, as compiled code would) and the contract checker reports them.
    var endsInScript = false
    /// For a subscriber the script built (`Subscribers.Sink(…)`, `Subscribers.Assign(…)`):
    /// subscribes the engine's own subscriber, so the trace names it as compiled code's trace
    /// would (`Sink#1`), rather than the `AnySubscriber` that `wrapped` holds.
    var attach: SubscriberAttachment?
    /// `cancel()` of a subscriber that is also `Cancellable` (`Sink`, `Assign`).
    var cancellable: Cancellable?
    /// Swift's spelling of the type (`Sink`) and of its generic arguments (`Int, Never`),
    /// plain and qualified; nil arguments when the script did not write them and they
    /// cannot be told from what it wrote.
    var swiftType: (base: String, qualifiedBase: String, arguments: (plain: String, qualified: String)?)?

    /// - Parameter receiveValue: how a value reaches the subscriber, when not through
    ///   `wrapped` (`StreamBridge.directValueDelivery`).
    init(
        _ wrapped: Wrapped, name: String, bridge: StreamBridge, type: TypeInfo? = nil,
        lifecycle: Lifecycle = Lifecycle(), receiveValue: ((Value) -> Subscribers.Demand)? = nil
    ) {
        self.wrapped = wrapped
        self.lifecycle = lifecycle
        if let receiveValue {
            self.receiveValue = receiveValue
        } else {
            switch wrapped {
            case .never(let subscriber): self.receiveValue = subscriber.receive
            case .failing(let subscriber): self.receiveValue = subscriber.receive
            }
        }
        self.bridge = bridge
        self.name = name
        super.init(typeInfo: type ?? bridge.types.nativeSubscriber)
    }

    public override var description: String { name }

    public override func swiftTypeName(qualified: Bool) throws -> String? {
        guard let swiftType else {
            guard isMadeByCombine else { return nil }
            throw ScriptError.runtime(
                "Undercurrent cannot name the type of a subscriber that Combine made (this one describes itself "
                    + "as \(name)): its generic arguments are erased at run time, and an operator's own "
                    + "subscriber has a type private to Combine",
                at: .unknown,
                notes: [
                    "print(subscriber) shows how Combine describes it; `subscriber is T` tests for a type of your own."
                ])
        }
        guard let arguments = swiftType.arguments else {
            throw ScriptError.runtime(
                "Undercurrent cannot tell the generic arguments of this \(swiftType.base) (generics are erased "
                    + "at run time): write them where it is made, as in \(swiftType.base)<Int, Never>(…)")
        }
        return qualified
            ? "\(swiftType.qualifiedBase)<\(arguments.qualified)>" : "\(swiftType.base)<\(arguments.plain)>"
    }

    public override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? SubscriberValue else { return false }
        return wrapped.combineIdentifier == other.wrapped.combineIdentifier
    }

    public override func hash(into hasher: inout Hasher) { hasher.combine(wrapped.combineIdentifier) }

    func receive(subscription: Subscription) {
        lifecycle.hasSubscription = true
        switch wrapped {
        case .never(let subscriber): subscriber.receive(subscription: subscription)
        case .failing(let subscriber): subscriber.receive(subscription: subscription)
        }
    }

    func receive(_ input: Value, at location: SourceLocation) throws -> Subscribers.Demand {
        guard hasSubscription || endsInScript else {
            throw ScriptError.runtime(
                "a value was sent to \(name) before it received a subscription", at: location,
                notes: ["Call subscriber.receive(subscription:) first; Combine stops the program otherwise."])
        }
        guard !hasCompleted || endsInScript else {
            throw ScriptError.runtime(
                "a value was sent to \(name) after it completed", at: location,
                notes: ["Once a subscriber has received a completion, nothing may follow it."])
        }
        return receiveValue(input)
    }

    func receive(completion value: Value, at location: SourceLocation) throws {
        guard hasSubscription || endsInScript else {
            throw ScriptError.runtime(
                "a completion was sent to \(name) before it received a subscription", at: location,
                notes: ["Call subscriber.receive(subscription:) first; Combine stops the program otherwise."])
        }
        guard !hasCompleted || endsInScript else {
            throw ScriptError.runtime(
                "a second completion was sent to \(name)", at: location,
                notes: ["A publisher completes at most once."])
        }
        lifecycle.hasCompleted = true
        switch wrapped {
        case .never(let subscriber):
            subscriber.receive(completion: try bridge.completion(from: value, as: Never.self, at: location))
        case .failing(let subscriber):
            subscriber.receive(completion: try bridge.completion(from: value, as: ScriptFailure.self, at: location))
        }
    }
}

/// How a script-built subscriber attaches to a publisher of either Failure type; nil where
/// Swift would not compile the subscription (an `Assign` to a publisher that can fail).
struct SubscriberAttachment {
    var toNever: ((any Publisher<Value, Never>) -> Void)?
    var toFailing: ((any Publisher<Value, ScriptFailure>) -> Void)?

    /// A subscriber whose Failure is `Failure` (Never or ScriptFailure): a publisher that
    /// cannot fail feeds a failing one through `NeverFailingPublisher`, as Swift allows.
    static func of<S: Subscriber>(_ subscriber: S) -> SubscriberAttachment where S.Input == Value {
        if let never = subscriber as? any Subscriber<Value, Never> {
            return SubscriberAttachment(toNever: { $0.subscribe(never) }, toFailing: nil)
        }
        if let failing = subscriber as? any Subscriber<Value, ScriptFailure> {
            return SubscriberAttachment(
                toNever: { NeverFailingPublisher(upstream: $0).subscribe(failing) },
                toFailing: { $0.subscribe(failing) })
        }
        return SubscriberAttachment()
    }
}

extension StreamBridge {
    /// The script's view of an engine subscriber: the script object itself when the engine
    /// handed back one of ours, otherwise a checked wrapper.
    func subscriberValue<S: Subscriber>(for subscriber: S) -> Value where S.Input == Value {
        if let backed = subscriber as? ScriptBacked { return backed.scriptValue }
        // The engine taps every subscription made while any thread traces (its hook is
        // global); the script is handed its own object all the same.
        if let value = TapUnwrapping.scriptValue(inTap: subscriber) {
            if callObserver != nil { reportCalls(of: value, asSubscriber: true) }
            return value
        }
        let name = String(describing: subscriber)
        let wrapped: SubscriberValue.Wrapped
        if let never = subscriber as? any Subscriber<Value, Never> {
            wrapped = .never(AnySubscriber(never))
        } else if let failing = subscriber as? any Subscriber<Value, ScriptFailure> {
            wrapped = .failing(AnySubscriber(failing))
        } else {
            return .void
        }
        let isTapped = TapUnwrapping.isSubscriberTap(subscriber)
        let value = SubscriberValue(
            wrapped, name: name, bridge: self,
            receiveValue: isTapped ? directValueDelivery(toTapped: subscriber) : nil)
        value.endsInScript = TapUnwrapping.endsInScript(subscriber)
        value.isTapped = isTapped
        value.isMadeByCombine = !value.endsInScript
        return .native(value)
    }

    /// For a subscriber inside OpenCombine's `SubscriberTap`, while a tracer listens: its
    /// `receive(_:)` called directly, reported to the tracer as the tap reports it
    /// (`callObserver`). Nil otherwise, and with the fast paths off.
    private func directValueDelivery<S: Subscriber>(toTapped subscriber: S) -> ((Value) -> Subscribers.Demand)?
    where S.Input == Value {
        guard FastPaths.enabled, let observer = callObserver else { return nil }
        let inner = TapUnwrapping.unwrap(subscriber)
        if let never = inner as? any Subscriber<Value, Never> { return Self.delivery(to: never, reportingTo: observer) }
        if let failing = inner as? any Subscriber<Value, ScriptFailure> {
            return Self.delivery(to: failing, reportingTo: observer)
        }
        return nil
    }

    private static func delivery<Inner: Subscriber>(to inner: Inner, reportingTo observer: _Introspection)
        -> (Value) -> Subscribers.Demand
    where Inner.Input == Value {
        { input in
            observer.willReceive(subscriber: inner, input: input)
            let demand = inner.receive(input)
            observer.didReceive(subscriber: inner, input: input, resultingDemand: demand)
            return demand
        }
    }

    func installSubscriberMembers() {
        let type = types.nativeSubscriber
        type.addNativeProperty(
            "combineIdentifier",
            NativeProperty { [unowned self] _, value in
                guard case .native(let subscriber as SubscriberValue) = value.loaded else { return .void }
                return .native(
                    CombineIdentifierValue(subscriber.wrapped.combineIdentifier, type: self.types.combineIdentifier))
            })
        type.addNativeMethod(
            NativeFunction("receive(subscription:)") { [unowned self] arguments in
                guard case .native(let subscriber as SubscriberValue)? = arguments.receiver else { return .void }
                subscriber.receive(
                    subscription: try self.subscription(
                        from: arguments[0], tapped: subscriber.isTapped, at: arguments.location))
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
        // The interpreter as the call hands it over, and the demand type itself rather than
        // the unowned bridge: each use of an unowned reference checks its counts atomically,
        // on every value. (The type holds nothing that holds this closure.)
        let demands = demandType
        type.addNativeMethod(
            NativeFunction("receive(_:)") { interpreter, receiver, input, location in
                guard case .native(let subscriber as SubscriberValue) = receiver else { return .void }
                let demand = try subscriber.receive(input, at: location)
                try interpreter.throwPendingError(at: location)
                return demands.value(demand)
            })
        type.addNativeMethod(
            NativeFunction("receive(completion:)", types: [.named(["Subscribers", "Completion"], [])]) {
                [unowned self] arguments in
                guard case .native(let subscriber as SubscriberValue)? = arguments.receiver else { return .void }
                try subscriber.receive(completion: arguments[0], at: arguments.location)
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
        type.addNativeMethod(
            NativeFunction("receive()") { [unowned self] arguments in
                guard case .native(let subscriber as SubscriberValue)? = arguments.receiver else { return .void }
                let demand = try subscriber.receive(.void, at: arguments.location)
                return self.demandValue(demand)
            })
    }
}
