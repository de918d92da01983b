import Combine

// A subscriber that asks for .max(3) on subscription; the subscription counts demand
// and only finishes when it runs out of numbers. Subscribing twice gives two
// independent subscriptions.
struct Countdown: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let from: Int
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: CountdownSubscription(next: from, subscriber: subscriber))
    }
}

final class CountdownSubscription<S: Subscriber>: Subscription where S.Input == Int {
    private var next: Int
    private var subscriber: S?
    private var pending = Subscribers.Demand.none
    init(next: Int, subscriber: S) { self.next = next; self.subscriber = subscriber }
    deinit { print("  (subscription freed at \(next))") }

    func request(_ demand: Subscribers.Demand) {
        pending += demand
        print("  request \(demand), pending \(pending)")
        while pending > 0, next > 0, let subscriber {
            pending -= 1
            pending += subscriber.receive(next)
            next -= 1
        }
        if next == 0, let subscriber { self.subscriber = nil; subscriber.receive(completion: .finished) }
    }
    func cancel() { print("  cancel"); subscriber = nil }
}

final class TakeThree: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    let name: String
    var subscription: Subscription?
    init(_ name: String) { self.name = name }
    func receive(subscription: Subscription) {
        print("\(name) subscribed, asking for .max(3)")
        self.subscription = subscription
        subscription.request(.max(3))
    }
    func receive(_ input: Int) -> Subscribers.Demand { print("\(name) got \(input)"); return .none }
    func receive(completion: Subscribers.Completion<Never>) { print("\(name) \(completion)") }
}

let countdown = Countdown(from: 5)
let first = TakeThree("first")
countdown.subscribe(first)
countdown.subscribe(TakeThree("second"))
print("first asks for .max(3) again")
first.subscription?.request(.max(3))
print("release first's subscription")
first.subscription = nil
print("end")
