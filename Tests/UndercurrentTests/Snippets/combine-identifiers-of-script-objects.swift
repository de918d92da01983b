import Combine

// A class conforming to Subscriber or Subscription is identified by itself: Combine gives it
// `combineIdentifier` (CustomCombineIdentifierConvertible's extension for classes).
final class Tally: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var total = 0
    func receive(subscription: Subscription) { subscription.request(.unlimited) }
    func receive(_ input: Int) -> Subscribers.Demand {
        total += input
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
}

final class Silent: Subscription {
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

struct Once: Publisher {
    typealias Output = Int
    typealias Failure = Never
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        // The identifier a publisher sees is the subscriber's own.
        Swift.print("same subscriber:", subscriber.combineIdentifier == CombineIdentifier(tally))
        subscriber.receive(subscription: Silent())
    }
}

let tally = Tally()
let other = Tally()
print(tally.combineIdentifier == CombineIdentifier(tally))
print(tally.combineIdentifier == other.combineIdentifier)
let silent = Silent()
print(silent.combineIdentifier == CombineIdentifier(silent))
print(AnySubscriber(tally).combineIdentifier == tally.combineIdentifier)
Once().subscribe(tally)
[1, 2, 3].publisher.subscribe(other)
print(other.total)
