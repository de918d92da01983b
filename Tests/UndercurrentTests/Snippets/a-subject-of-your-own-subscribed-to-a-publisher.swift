import Combine

// A Subject of your own: publishers can be subscribed to it (`subscribe(_:)` with a
// subject returns an AnyCancellable), and it passes what it is sent on to its subscribers.
final class Relay<Output>: Subject {
    typealias Failure = Never
    private var subscribers: [AnySubscriber<Output, Never>] = []

    func send(_ value: Output) {
        for subscriber in subscribers { _ = subscriber.receive(value) }
    }
    func send(completion: Subscribers.Completion<Never>) {
        subscribers.forEach { $0.receive(completion: completion) }
    }
    func send(subscription: Subscription) {
        Swift.print("relay asks its upstream for everything")
        subscription.request(.unlimited)
    }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscribers.append(AnySubscriber(subscriber))
        subscriber.receive(subscription: Subscriptions.empty)
    }
}

let relay = Relay<String>()
var cancellables = Set<AnyCancellable>()
relay
    .map { $0.uppercased() }
    .sink(receiveCompletion: { print("done:", $0) }, receiveValue: { print("got", $0) })
    .store(in: &cancellables)
relay.send("hello")
["a", "b"].publisher.subscribe(relay).store(in: &cancellables)
print("after the upstream finished")
