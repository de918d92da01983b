import Combine

// Inside a publisher type, `print` is first of all the type's own member: Publisher's
// `print(_:to:)` operator. `print("subscribed")` builds a Publishers.Print and drops it, so
// nothing appears; `Swift.print` is the function that writes a line.
struct Countdown: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let from: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        print("never shown: this builds a Publishers.Print")
        Swift.print("receive(subscriber:) for a countdown from \(from)")
        subscriber.receive(subscription: Subscriptions.empty)
        for value in stride(from: from, through: 1, by: -1) { _ = subscriber.receive(value) }
        subscriber.receive(completion: .finished)
    }
}

extension Countdown {
    func announce() -> Self {
        print("also never shown")
        return self
    }
}

let cancellable = Countdown(from: 3).announce().sink { Swift.print("got", $0) }
print("at the top level, print is the function")
_ = cancellable
