import OpenCombine
import UndercurrentInterpreter

/// `map(\.a)`, `map(\.a, \.b)` and `map(\.a, \.b, \.c)` with a script's key paths: Combine's
/// `Publishers.MapKeyPath`, `MapKeyPath2` and `MapKeyPath3`, which OpenCombine has only for
/// Swift's own key paths. As Combine's:
///
/// - They are never applied when the chain is built (`Just(user).map(\.id)` is a
///   `MapKeyPath<Just<User>, Int>`, not a `Just`), unlike `map` with a closure.
/// - The subscriber is a pass-through stage: the upstream's subscription goes downstream
///   unchanged, so requests and cancels reach the upstream directly.
/// - Several key paths make a tuple of the values they read, in order.
extension Publishers {
    public struct ScriptMapKeyPath<Upstream: Publisher>: Publisher where Upstream.Output == Value {
        public typealias Output = Value
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// One reader per key path.
        let readers: [(Value) -> Value]

        init(upstream: Upstream, readers: [(Value) -> Value]) {
            self.upstream = upstream
            self.readers = readers
        }

        /// Combine's type: `MapKeyPath`, `MapKeyPath2`, `MapKeyPath3`.
        var combineName: String { readers.count == 1 ? "MapKeyPath" : "MapKeyPath\(readers.count)" }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Value, Downstream.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, readers: readers, label: combineName + ".Inner"))
        }
    }
}

extension Publishers.ScriptMapKeyPath {
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Value, Downstream.Failure == Upstream.Failure {
        typealias Input = Value
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private let readers: [(Value) -> Value]
        let label: String
        let combineIdentifier = CombineIdentifier()

        init(downstream: Downstream, readers: [(Value) -> Value], label: String) {
            self.downstream = downstream
            self.readers = readers
            self.label = label
        }

        var description: String { readers.count == 1 ? "ValueForKey" : "ValueForKeys" }
        var playgroundDescription: Any { description }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Value) -> Subscribers.Demand {
            if readers.count == 1 { return downstream.receive(readers[0](input)) }
            return downstream.receive(.tuple(TupleValue(readers.map { $0(input) })))
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
