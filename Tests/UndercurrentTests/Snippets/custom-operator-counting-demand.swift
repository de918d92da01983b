import Combine

// A custom operator that logs the demand flowing up through it, and a subscription of
// its own between the downstream and the upstream's subscription.
struct LoggingDemand<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(Inner(downstream: subscriber))
    }

    final class Inner<Downstream: Subscriber>: Subscriber, Subscription
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure
        let downstream: Downstream
        var upstreamSubscription: Subscription?
        init(downstream: Downstream) { self.downstream = downstream }

        func receive(subscription: Subscription) {
            upstreamSubscription = subscription
            downstream.receive(subscription: self)
        }
        func receive(_ input: Input) -> Subscribers.Demand {
            let more = downstream.receive(input)
            Swift.print("value \(input), downstream wants \(more) more")
            return more
        }
        func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
        func request(_ demand: Subscribers.Demand) {
            Swift.print("downstream requests", demand)
            upstreamSubscription?.request(demand)
        }
        func cancel() {
            Swift.print("downstream cancels")
            upstreamSubscription?.cancel()
        }
    }
}

final class Greedy: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var subscription: Subscription?
    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }
    func receive(_ input: Int) -> Subscribers.Demand { input < 3 ? .max(1) : .none }
    func receive(completion: Subscribers.Completion<Never>) { print("finished") }
}

let greedy = Greedy()
LoggingDemand(upstream: (1...5).publisher).subscribe(greedy)
greedy.subscription?.cancel()
