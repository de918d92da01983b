import OpenCombine
import UndercurrentInterpreter

/// A script type conforming to `Subject`, as the engine sees it when a publisher is
/// subscribed to it (`upstream.subscribe(relay)`): the engine's subject subscriber calls
/// the script's `send(subscription:)`, `send(_:)` and `send(completion:)`; subscribing to it
/// calls its `receive(subscriber:)`, as any script publisher.
final class ScriptSubjectAdapter<Failure: Error>: Subject, ScriptBacked, CustomStringConvertible {
    typealias Output = Value

    let value: Value
    let bridge: StreamBridge

    init(value: Value, bridge: StreamBridge) {
        self.value = value
        self.bridge = bridge
    }

    var scriptValue: Value { value }
    var description: String { Formatter.typeName(of: value) }

    func send(_ input: Value) {
        bridge.fromEngine(()) {
            _ = try bridge.interpreter.callMethod(value, "send", labels: [nil], [input], at: .unknown)
        }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        bridge.fromEngine(()) {
            _ = try bridge.interpreter.callMethod(
                value, "send", labels: ["completion"], [bridge.completionValue(completion)], at: .unknown)
        }
    }

    func send(subscription: Subscription) {
        bridge.fromEngine(()) {
            _ = try bridge.interpreter.callMethod(
                value, "send", labels: ["subscription"], [bridge.subscriptionValue(for: subscription)],
                at: .unknown)
        }
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Failure {
        ScriptPublisher<Failure>(value: value, bridge: bridge).receive(subscriber: subscriber)
    }
}
