import Combine

// A hand-written Publisher, Subscription and Subscriber. The subscriber asks for
// .unlimited once, so the subscription sends everything and then finishes.
struct Letters: Publisher {
    typealias Output = Character
    typealias Failure = Never
    let text: String
    func receive<S: Subscriber>(subscriber: S) where S.Input == Character, S.Failure == Never {
        // Inside a Publisher, a bare print(_:) is the Combine operator: it builds a
        // publisher and prints nothing. Swift.print writes the line.
        _ = print("never shown")
        Swift.print("Letters: new subscriber")
        subscriber.receive(subscription: LettersSubscription(text: text, subscriber: subscriber))
    }
}

final class LettersSubscription<S: Subscriber>: Subscription where S.Input == Character, S.Failure == Never {
    private var remaining: [Character]
    private var subscriber: S?
    init(text: String, subscriber: S) {
        remaining = Array(text)
        self.subscriber = subscriber
    }
    deinit { print("LettersSubscription freed") }

    func request(_ demand: Subscribers.Demand) {
        print("request(\(demand)) with \(remaining.count) letters left")
        var demand = demand
        while demand > 0, !remaining.isEmpty, let subscriber {
            demand -= 1
            demand += subscriber.receive(remaining.removeFirst())
        }
        if remaining.isEmpty, let subscriber {
            self.subscriber = nil
            subscriber.receive(completion: .finished)
        }
    }

    func cancel() { print("cancel()"); subscriber = nil }
}

final class Printer: Subscriber {
    typealias Input = Character
    typealias Failure = Never
    func receive(subscription: Subscription) {
        print("Printer: got subscription, requesting .unlimited")
        subscription.request(.unlimited)
    }
    func receive(_ input: Character) -> Subscribers.Demand {
        print("Printer: \(input)")
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("Printer: \(completion)") }
}

Letters(text: "swift").subscribe(Printer())
print("-- through map and sink")
let c = Letters(text: "ok").map { $0.uppercased() }.sink { print("sink:", $0) }
print("end")
