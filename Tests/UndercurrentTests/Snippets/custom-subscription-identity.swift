import Combine

// A hand-written subscription, and a subscriber that inspects what it is handed.
final class Countdown: Subscription {
    private var subscriber: AnySubscriber<Int, Never>?
    private var remaining: Int
    init(from start: Int, subscriber: AnySubscriber<Int, Never>) {
        remaining = start
        self.subscriber = subscriber
    }
    func request(_ demand: Subscribers.Demand) {
        var demand = demand
        while demand > 0, remaining > 0, let subscriber {
            demand -= 1
            demand += subscriber.receive(remaining)
            remaining -= 1
        }
        if remaining == 0 {
            subscriber?.receive(completion: .finished)
            subscriber = nil
        }
    }
    func cancel() { subscriber = nil }
}

struct CountdownPublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let start: Int
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        // Inside a Publisher, a bare `print` would be the `print` operator.
        Swift.print("subscriber:", type(of: subscriber), subscriber is Inspector)
        subscriber.receive(subscription: Countdown(from: start, subscriber: AnySubscriber(subscriber)))
    }
}

final class Inspector: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var kept: Subscription?
    func receive(subscription: Subscription) {
        print("subscription:", type(of: subscription), subscription is Countdown)
        if let countdown = subscription as? Countdown {
            print("cast to Countdown:", countdown === subscription as AnyObject)
        }
        kept = subscription
        subscription.request(.max(2))
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        print("value", input)
        return input == 3 ? .max(1) : .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("completion", completion) }
}

let inspector = Inspector()
CountdownPublisher(start: 3).subscribe(inspector)
print(inspector.kept is Countdown)
inspector.kept?.request(.max(5))

// A subscriber may be a struct, identified by the combineIdentifier it stores.
struct Printer: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    let combineIdentifier = CombineIdentifier()
    func receive(subscription: Subscription) { subscription.request(.max(1)) }
    func receive(_ input: Int) -> Subscribers.Demand {
        print("printer got", input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("printer done") }
}
CountdownPublisher(start: 2).subscribe(Printer())
