import OpenCombine
import UndercurrentInterpreter

/// An engine subscription handed to script code. `request(.none)` and negative demands
/// are refused here: OpenCombine would stop the process.
public final class SubscriptionValue: NativeValue {
    public let subscription: Subscription
    /// Told of this subscription's requests and cancels, as a `SubscriptionTap` would tell it:
    /// set when script code hands it to a traced script subscriber (`ScriptCallReporter`).
    var reportsCallsTo: _Introspection?

    init(_ subscription: Subscription, type: TypeInfo) {
        self.subscription = subscription
        super.init(typeInfo: type)
    }

    public override var description: String { String(describing: subscription) }

    /// `type(of: subscription)` of one Combine made: its type is private to Combine (Apple does
    /// not document it; OpenCombine's differ) and its generic arguments are erased here, so
    /// this throws rather than print the protocol's name as if it were the type.
    public override func swiftTypeName(qualified: Bool) throws -> String? {
        throw ScriptError.runtime(
            "Undercurrent cannot name the type of a subscription that Combine made (this one describes itself "
                + "as \(description)): its type is private to Combine, and Apple does not document it",
            at: .unknown,
            notes: [
                "print(subscription) shows how Combine describes it; `subscription is T` tests for a type of your own."
            ])
    }

    public override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? SubscriptionValue else { return false }
        return subscription.combineIdentifier == other.subscription.combineIdentifier
    }

    public override func hash(into hasher: inout Hasher) { hasher.combine(subscription.combineIdentifier) }
}

extension StreamBridge {
    func subscriptionValue(for subscription: Subscription) -> Value {
        if let backed = subscription as? ScriptBacked { return backed.scriptValue }
        // The engine taps every subscription made while any thread traces (its hook is
        // global); the script is handed its own object all the same.
        if let value = TapUnwrapping.scriptValue(inTap: subscription) {
            if callObserver != nil { reportCalls(of: value, asSubscriber: false) }
            return value
        }
        return .native(SubscriptionValue(subscription, type: types.nativeSubscription))
    }

    /// The engine subscription a script value stands for.
    /// - Parameter tapped: it goes to an engine subscriber inside the engine's tap, which
    ///   wraps it in a tap of its own (`ScriptSubscription.isTapped`).
    func subscription(from value: Value, tapped: Bool = false, at location: SourceLocation) throws -> Subscription {
        switch value.loaded {
        case .native(let native as SubscriptionValue):
            return native.subscription
        case .object, .structValue:
            let type = interpreter.typeInfo(of: value)
            guard conforms(type, to: "Subscription") else { break }
            return ScriptSubscription(value: value, bridge: self, isTapped: tapped)
        default:
            break
        }
        throw ScriptError.runtime("\(Formatter.typeName(of: value)) is not a Subscription", at: location)
    }

    func installSubscriptionMembers() {
        let type = types.nativeSubscription
        type.addNativeMethod(
            NativeFunction("request(_:)", types: [.named(["Subscribers", "Demand"], [])]) {
                [unowned self] arguments in
                guard case .native(let native as SubscriptionValue)? = arguments.receiver else { return .void }
                let demand = try self.demand(from: arguments[0], at: arguments.location)
                // A script subscription runs request(.none) as compiled code would (the contract
                // checker reports it); an engine subscription would stop the process.
                guard demand > .none || TapUnwrapping.endsInScript(native.subscription) else {
                    throw ScriptError.runtime(
                        "request(.none) is not allowed", at: arguments.location,
                        notes: [
                            "A subscriber asks for at least one value; to ask for nothing, do not call request.",
                            "Combine stops the program on request(.none) (Reactive Streams §3.9).",
                        ])
                }
                native.reportsCallsTo?.willRequest(subscription: native.subscription, demand)
                native.subscription.request(demand)
                native.reportsCallsTo?.didRequest(subscription: native.subscription, demand)
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
        type.addNativeMethod(
            NativeFunction("cancel()") { [unowned self] arguments in
                guard case .native(let native as SubscriptionValue)? = arguments.receiver else { return .void }
                native.reportsCallsTo?.willCancel(subscription: native.subscription)
                native.subscription.cancel()
                native.reportsCallsTo?.didCancel(subscription: native.subscription)
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
        type.addNativeProperty(
            "combineIdentifier",
            NativeProperty { [unowned self] _, value in
                guard case .native(let native as SubscriptionValue) = value else { return .void }
                return .native(
                    CombineIdentifierValue(native.subscription.combineIdentifier, type: self.types.combineIdentifier))
            })
        types.subscriptions.addNativeProperty(
            "empty", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                .native(SubscriptionValue(Subscriptions.empty, type: self.types.nativeSubscription))
            })
    }
}
