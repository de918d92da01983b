import OpenCombine

/// While a tracer is enabled, OpenCombine hands publishers a `SubscriberTap` around each
/// subscriber and subscribers a `SubscriptionTap` around each subscription (internal types
/// that report every call to the `_Introspection` hook). These helpers look through them.
enum TapUnwrapping {
    /// True for OpenCombine's `SubscriberTap` around a subscriber.
    static func isSubscriberTap(_ thing: Any) -> Bool {
        String(describing: type(of: thing)).hasPrefix("SubscriberTap<")
    }

    /// The subscriber or subscription inside any taps.
    static func unwrap(_ thing: Any) -> Any {
        var current = thing
        for _ in 0..<4 {
            let typeName = String(describing: type(of: current))
            guard typeName.hasPrefix("SubscriberTap") || typeName.hasPrefix("SubscriptionTap") else { break }
            guard
                let inner = Mirror(reflecting: current).children.first(where: {
                    $0.label == "subscriber" || $0.label == "subscription"
                })?.value
            else { break }
            current = inner
        }
        return current
    }

    /// True when the call ends in script code (a script type conforming to `Subscriber` or
    /// `Subscription`), which the engine cannot stop on: a call that breaks the contract can
    /// then be made, and the contract checker reports it, as compiled code would make it.
    static func endsInScript(_ thing: Any) -> Bool {
        unwrap(thing) is ScriptBacked
    }
}

/// Told of each value script code hands an engine subscriber that OpenCombine's
/// introspection taps, as the tap would tell the `_Introspection` hook (the tracer, when one
/// records). Held by the bridge.
///
/// A value a script subscription delivers then goes to the subscriber inside the tap
/// directly, and is reported here (`SubscriberValue`): the tap's way took a global lock and
/// a second lock and an array of the hook's handlers made on every call, twice a value, a
/// sixth of a traced custom subscription's time. The events are the same: the tap reports
/// the subscriber inside it, before and after its `receive(_:)`, as this does.
public protocol SubscriberCallObserver: AnyObject {
    func willReceive<Downstream: Subscriber>(subscriber: Downstream, input: Downstream.Input)
    func didReceive<Downstream: Subscriber>(
        subscriber: Downstream, input: Downstream.Input, resultingDemand: Subscribers.Demand)
}
