import OpenCombine
import UndercurrentInterpreter

/// A script type conforming to `Publisher`, as the engine sees it: subscribing calls the
/// script's `receive(subscriber:)`.
struct ScriptPublisher<Failure: Error>: Publisher, ScriptBacked, CustomStringConvertible {
    typealias Output = Value

    let value: Value
    let bridge: StreamBridge

    var scriptValue: Value { value }
    var description: String { Formatter.typeName(of: value) }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Failure {
        bridge.fromEngine(()) {
            let subscriberValue = bridge.subscriberValue(for: subscriber)
            _ = try bridge.interpreter.callMethod(
                value, "receive", labels: ["subscriber"], [subscriberValue],
                at: .unknown)
        }
    }
}
