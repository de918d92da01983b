import OpenCombine
import UndercurrentInterpreter

/// While a tracer is enabled, OpenCombine hands publishers a `SubscriberTap` around each
/// subscriber and subscribers a `SubscriptionTap` around each subscription (internal types
/// that report every call to the `_Introspection` hook). These helpers look through them.
enum TapUnwrapping {
    /// True for OpenCombine's `SubscriberTap` around a subscriber.
    static func isSubscriberTap(_ thing: Any) -> Bool {
        RuntimeTypeName.plain(type(of: thing)).hasPrefix("SubscriberTap<")
    }

    /// True for OpenCombine's `SubscriptionTap` around a subscription.
    static func isSubscriptionTap(_ thing: Any) -> Bool {
        RuntimeTypeName.plain(type(of: thing)).hasPrefix("SubscriptionTap")
    }

    /// The script object or struct value inside a tap (a script type conforming to
    /// `Subscriber` or `Subscription`), to be handed to script code as itself; nil for
    /// anything else.
    static func scriptValue(inTap thing: Any) -> Value? {
        guard isSubscriberTap(thing) || isSubscriptionTap(thing),
            let value = (unwrap(thing) as? ScriptBacked)?.scriptValue
        else { return nil }
        switch value {
        case .object, .structValue: return value
        default: return nil
        }
    }

    /// The subscriber or subscription inside any taps.
    static func unwrap(_ thing: Any) -> Any {
        var current = thing
        for _ in 0..<4 {
            let typeName = RuntimeTypeName.plain(type(of: current))
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
