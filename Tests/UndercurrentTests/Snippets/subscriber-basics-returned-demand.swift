import Combine

// receive(subscription:) asks for an initial demand; every receive(_:) can add more
// by returning a demand; receive(completion:) is called once at the end.
final class Collector: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    private let initial: Subscribers.Demand
    private let extraAfter: Int?
    private(set) var values: [Int] = []

    init(initial: Subscribers.Demand, extraAfter: Int? = nil) {
        self.initial = initial
        self.extraAfter = extraAfter
    }

    func receive(subscription: Subscription) {
        print("receive(subscription:) -> request(\(initial))")
        subscription.request(initial)
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        values.append(input)
        let more: Subscribers.Demand = input == extraAfter ? .max(2) : .none
        print("receive(\(input)) -> \(more)")
        return more
    }
    func receive(completion: Subscribers.Completion<Never>) {
        print("receive(completion: \(completion)) after \(values)")
    }
}

print("-- unlimited")
(1...3).publisher.subscribe(Collector(initial: .unlimited))
print("-- max(2): the publisher stops without finishing")
(1...5).publisher.subscribe(Collector(initial: .max(2)))
print("-- max(1), then 2 more after seeing 1")
(1...5).publisher.subscribe(Collector(initial: .max(1), extraAfter: 1))
print("-- a subject with max(1)")
let subject = PassthroughSubject<Int, Never>()
let collector = Collector(initial: .max(1))
subject.subscribe(collector)
subject.send(10)
subject.send(20)
subject.send(completion: .finished)
print("collector kept", collector.values)
