import OpenCombine
import UndercurrentInterpreter

/// `assign(to:on:)`: behaves as the engine's `Subscribers.Assign` (unlimited demand, keeps
/// the object until completion or cancel), with a script key path.
final class ScriptAssign: Cancellable, CustomStringConvertible {
    private var root: Value?
    private let keyPath: KeyPathValue
    private let bridge: StreamBridge
    private let location: SourceLocation
    private var subscription: Subscription?

    init(root: Value, keyPath: KeyPathValue, bridge: StreamBridge, location: SourceLocation) {
        self.root = root
        self.keyPath = keyPath
        self.bridge = bridge
        self.location = location
    }

    var description: String { "Assign" }

    func receive(subscription: Subscription) {
        guard self.subscription == nil, root != nil else {
            subscription.cancel()
            return
        }
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        guard var target = root else { return .none }
        bridge.fromEngine(()) {
            try keyPath.write(input, into: &target, interpreter: bridge.interpreter, at: location)
        }
        return .none
    }

    func receiveCompletion() {
        root = nil
        subscription = nil
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
        root = nil
    }
}

struct AssignSubscriber<Failure: Error>: Subscriber, CustomStringConvertible {
    typealias Input = Value
    let assign: ScriptAssign
    let combineIdentifier: CombineIdentifier

    init(_ assign: ScriptAssign) {
        self.assign = assign
        self.combineIdentifier = CombineIdentifier(assign)
    }

    var description: String { "Assign" }
    func receive(subscription: Subscription) { assign.receive(subscription: subscription) }
    func receive(_ input: Value) -> Subscribers.Demand { assign.receive(input) }
    func receive(completion: Subscribers.Completion<Failure>) { assign.receiveCompletion() }
}
