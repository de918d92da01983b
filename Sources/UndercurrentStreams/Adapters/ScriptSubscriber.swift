import OpenCombine
import UndercurrentInterpreter

/// A script type conforming to `Subscriber`, as the engine sees it.
struct ScriptSubscriber<Failure: Error>: Subscriber, ScriptBacked, CustomStringConvertible {
    typealias Input = Value

    let value: Value
    let bridge: StreamBridge
    let combineIdentifier: CombineIdentifier
    /// `receive(_:)`, found once rather than by name for every value.
    private let receiveValueMethod = MethodLookupCache()

    init(value: Value, bridge: StreamBridge) {
        self.value = value
        self.bridge = bridge
        self.combineIdentifier = UndercurrentStreams.combineIdentifier(for: value)
    }

    var scriptValue: Value { value }
    var description: String { Formatter.typeName(of: value) }

    func receive(subscription: Subscription) {
        bridge.fromEngine(()) {
            let subscriptionValue = bridge.subscriptionValue(for: subscription)
            _ = try bridge.interpreter.callMethod(
                value, "receive", labels: ["subscription"], [subscriptionValue],
                at: .unknown)
        }
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        bridge.fromEngine(.none) { interpreter in
            let result = try interpreter.callMethod(
                value, "receive", label: nil, input,
                cache: receiveValueMethod, at: .unknown)
            return try bridge.demand(from: result, at: .unknown)
        }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        bridge.fromEngine(()) {
            _ = try bridge.interpreter.callMethod(
                value, "receive", labels: ["completion"],
                [bridge.completionValue(completion)], at: .unknown)
        }
    }
}
