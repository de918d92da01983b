import Combine

// A custom filtering operator: it drops every second value, and asks upstream for one
// more value for each one it drops, so the downstream's demand is still met.
struct EveryOther<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(Inner(downstream: subscriber))
    }

    final class Inner<Downstream: Subscriber>: Subscriber where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure
        let downstream: Downstream
        var count = 0
        init(downstream: Downstream) { self.downstream = downstream }
        func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand {
            count += 1
            if count % 2 == 0 {
                Swift.print("dropping", input)
                return .max(1)
            }
            return downstream.receive(input)
        }
        func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
    }
}

final class TwoAtATime: Subscriber {
    typealias Input = String
    typealias Failure = Never
    func receive(subscription: Subscription) {
        Swift.print("requesting 2")
        subscription.request(.max(2))
    }
    func receive(_ input: String) -> Subscribers.Demand {
        Swift.print("received", input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("completion", completion) }
}

EveryOther(upstream: ["a", "b", "c", "d", "e", "f"].publisher).subscribe(TwoAtATime())
