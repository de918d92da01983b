import Combine

// A custom subscriber asking for one value at a time from a flatMap that runs at most
// one inner publisher at once.
final class OneByOne: Subscriber {
    typealias Input = String
    typealias Failure = Never
    var subscription: Subscription?
    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }
    func receive(_ input: String) -> Subscribers.Demand {
        print("got", input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("done") }
}

let ids = PassthroughSubject<Int, Never>()
let subscriber = OneByOne()
ids.flatMap(maxPublishers: .max(1)) { id in ["\(id)-a", "\(id)-b"].publisher }
    .subscribe(subscriber)
ids.send(1)
ids.send(2)
subscriber.subscription?.request(.max(2))
ids.send(3)
subscriber.subscription?.request(.unlimited)
ids.send(completion: .finished)
