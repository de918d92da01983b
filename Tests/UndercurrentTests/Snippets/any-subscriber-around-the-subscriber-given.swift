// A custom publisher that wraps the subscriber it is given in `AnySubscriber` and sends the
// subscription to the subscriber itself: the wrapper and the subscriber are one subscriber,
// so values sent through the wrapper arrive once the subscriber has its subscription.

import Combine

struct Counter: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let limit: Int

    func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == Int {
        let subscription = CounterSubscription(limit: limit, subscriber: AnySubscriber(subscriber))
        subscriber.receive(subscription: subscription)
    }

    final class CounterSubscription: Subscription {
        private var current = 0
        private let limit: Int
        private var subscriber: AnySubscriber<Int, Never>?

        init(limit: Int, subscriber: AnySubscriber<Int, Never>) {
            self.limit = limit
            self.subscriber = subscriber
        }

        func request(_ demand: Subscribers.Demand) {
            var remaining = demand
            while remaining > .none, current < limit, let subscriber {
                current += 1
                remaining -= 1
                remaining += subscriber.receive(current)
            }
            if current >= limit {
                subscriber?.receive(completion: .finished)
                subscriber = nil
            }
        }

        func cancel() { subscriber = nil }
    }
}

let squares = Counter(limit: 3).map { $0 * $0 }.collect().sink { print($0) }
let all = Counter(limit: 4).sink(receiveCompletion: { print($0) }, receiveValue: { print("value", $0) })
_ = (squares, all)
