import Combine

// A Publisher of your own over an AsyncSequence: its Subscription runs a Task that takes
// one element per unit of demand, and cancel() cancels that task.
struct AsyncSequencePublisher<Elements: AsyncSequence>: Publisher where Elements.Element == Int {
    typealias Output = Int
    typealias Failure = Never
    let elements: Elements

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: Inner(elements: elements, subscriber: subscriber))
    }

    final class Inner<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
        private var subscriber: S?
        private var task: Task<Void, Never>?
        private var demand = Subscribers.Demand.none
        private let elements: Elements

        init(elements: Elements, subscriber: S) {
            self.elements = elements
            self.subscriber = subscriber
        }

        func request(_ more: Subscribers.Demand) {
            demand += more
            guard task == nil else { return }
            task = Task {
                var iterator = elements.makeAsyncIterator()
                while demand > 0, let subscriber {
                    guard let element = try? await iterator.next() else {
                        subscriber.receive(completion: .finished)
                        return
                    }
                    demand -= 1
                    demand += subscriber.receive(element)
                }
                task = nil
            }
        }

        func cancel() {
            task?.cancel()
            subscriber = nil
        }
    }
}

let numbers = AsyncStream<Int> { continuation in
    for value in 1...5 { continuation.yield(value) }
    continuation.finish()
}
final class TakeTwoThenMore: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var subscription: Subscription?
    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(2))
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        print("got", input)
        return input == 2 ? .max(1) : .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("completion", completion) }
}
let subscriber = TakeTwoThenMore()
AsyncSequencePublisher(elements: numbers).subscribe(subscriber)
try await Task.sleep(nanoseconds: 10_000_000)
print("asking for the rest")
subscriber.subscription?.request(.unlimited)
try await Task.sleep(nanoseconds: 10_000_000)
