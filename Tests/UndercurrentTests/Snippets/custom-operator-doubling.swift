import Combine

// A custom operator written by hand: a Publisher wrapping its upstream, and an inner
// Subscriber that transforms each value and passes demand through unchanged.
struct Doubling<Upstream: Publisher>: Publisher where Upstream.Output == Int {
    typealias Output = Int
    typealias Failure = Upstream.Failure
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
        upstream.subscribe(Inner(downstream: subscriber))
    }

    final class Inner<Downstream: Subscriber>: Subscriber where Downstream.Input == Int {
        typealias Input = Int
        typealias Failure = Downstream.Failure
        let downstream: Downstream
        init(downstream: Downstream) { self.downstream = downstream }
        func receive(subscription: Subscription) {
            Swift.print("Inner got its subscription")
            downstream.receive(subscription: subscription)
        }
        func receive(_ input: Int) -> Subscribers.Demand {
            Swift.print("doubling", input)
            return downstream.receive(input * 2)
        }
        func receive(completion: Subscribers.Completion<Failure>) {
            Swift.print("Inner completes")
            downstream.receive(completion: completion)
        }
    }
}

extension Publisher where Output == Int {
    func doubled() -> Doubling<Self> { Doubling(upstream: self) }
}

let c = [1, 2, 3].publisher
    .doubled()
    .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print("value:", $0) })
