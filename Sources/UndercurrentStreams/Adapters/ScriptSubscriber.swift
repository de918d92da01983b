import OpenCombine
import UndercurrentInterpreter

/// A script type conforming to `Subscriber`, as the engine sees it.
struct ScriptSubscriber<Failure: Error>: Subscriber, ScriptBacked, CustomStringConvertible {
    typealias Input = Value

    let value: Value
    let bridge: StreamBridge
    let combineIdentifier: CombineIdentifier
    /// Made for the engine to wrap in its introspection tap (`subscribe`), which reports the
    /// calls it makes through this: the object's `ScriptCallReporter` must not report them too.
    let isTapped: Bool
    /// `receive(_:)`, found once rather than by name for every value.
    private let receiveValueMethod: MethodLookupCache

    /// - Parameter lookupCache: where the method called is found once; shared by the
    ///   adapters made only to name the object to the tracer (`ScriptCallReporter`).
    init(
        value: Value, bridge: StreamBridge, isTapped: Bool = false, lookupCache: MethodLookupCache = MethodLookupCache()
    ) {
        self.value = value
        self.bridge = bridge
        self.combineIdentifier = UndercurrentStreams.combineIdentifier(for: value)
        self.isTapped = isTapped
        receiveValueMethod = lookupCache
    }

    var scriptValue: Value { value }
    var description: String { Formatter.typeName(of: value) }

    func receive(subscription: Subscription) {
        bridge.fromEngine(()) {
            let subscriptionValue = bridge.subscriptionValue(for: subscription)
            _ = try bridge.asEngineCall(on: value, if: isTapped) {
                try bridge.interpreter.callMethod(
                    value, "receive", labels: ["subscription"], [subscriptionValue],
                    at: .unknown)
            }
        }
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        bridge.fromEngine(.none) { interpreter in
            let result = try bridge.asEngineCall(on: value, if: isTapped) {
                try interpreter.callMethod(
                    value, "receive", label: nil, input,
                    cache: receiveValueMethod, at: .unknown)
            }
            return try bridge.demand(from: result, at: .unknown)
        }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        bridge.fromEngine(()) {
            _ = try bridge.asEngineCall(on: value, if: isTapped) {
                try bridge.interpreter.callMethod(
                    value, "receive", labels: ["completion"],
                    [bridge.completionValue(completion)], at: .unknown)
            }
        }
    }
}
