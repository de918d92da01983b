import OpenCombine
import UndercurrentInterpreter

/// A script type conforming to `Subscription`, as the engine sees it.
struct ScriptSubscription: Subscription, ScriptBacked, CustomStringConvertible {
    let value: Value
    let bridge: StreamBridge
    let combineIdentifier: CombineIdentifier
    /// Handed to an engine subscriber inside its introspection tap, which wraps this in a
    /// tap of its own: the calls made through it are reported there, not by the object's
    /// `ScriptCallReporter`.
    let isTapped: Bool
    /// `request(_:)`, found once rather than by name for every request.
    private let requestMethod: MethodLookupCache

    /// - Parameter lookupCache: where the method called is found once; shared by the
    ///   adapters made only to name the object to the tracer (`ScriptCallReporter`).
    init(
        value: Value, bridge: StreamBridge, isTapped: Bool = false, lookupCache: MethodLookupCache = MethodLookupCache()
    ) {
        self.value = value
        self.bridge = bridge
        self.combineIdentifier = UndercurrentStreams.combineIdentifier(for: value)
        self.isTapped = isTapped
        requestMethod = lookupCache
    }

    var scriptValue: Value { value }
    var description: String { Formatter.typeName(of: value) }

    func request(_ demand: Subscribers.Demand) {
        bridge.fromEngine(()) {
            _ = try bridge.asEngineCall(on: value, if: isTapped) {
                try bridge.interpreter.callMethod(
                    value, "request", label: nil, bridge.demandValue(demand),
                    cache: requestMethod, at: .unknown)
            }
        }
    }

    func cancel() {
        bridge.fromEngine(()) {
            _ = try bridge.asEngineCall(on: value, if: isTapped) {
                try bridge.interpreter.callMethod(value, "cancel", labels: [], [], at: .unknown)
            }
        }
    }
}
