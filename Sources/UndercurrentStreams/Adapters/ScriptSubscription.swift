import OpenCombine
import UndercurrentInterpreter

/// A script type conforming to `Subscription`, as the engine sees it.
struct ScriptSubscription: Subscription, ScriptBacked, CustomStringConvertible {
    let value: Value
    let bridge: StreamBridge
    let combineIdentifier: CombineIdentifier
    /// `request(_:)`, found once rather than by name for every request.
    private let requestMethod = MethodLookupCache()

    init(value: Value, bridge: StreamBridge) {
        self.value = value
        self.bridge = bridge
        self.combineIdentifier = UndercurrentStreams.combineIdentifier(for: value)
    }

    var scriptValue: Value { value }
    var description: String { Formatter.typeName(of: value) }

    func request(_ demand: Subscribers.Demand) {
        bridge.fromEngine(()) {
            _ = try bridge.interpreter.callMethod(
                value, "request", label: nil, bridge.demandValue(demand),
                cache: requestMethod, at: .unknown)
        }
    }

    func cancel() {
        bridge.fromEngine(()) {
            _ = try bridge.interpreter.callMethod(value, "cancel", labels: [], [], at: .unknown)
        }
    }
}
