import Combine

// One call in the source (`visitor.visit(n)` in `step`) runs again, for an object of
// another class, while its first call has not returned: the two classes hand the walk to
// each other through it. Then a subscriber of each class is fed through one subscription.
protocol Visitor: AnyObject {
    func visit(_ n: Int) -> Int
}

func step(_ visitor: Visitor, _ n: Int) -> Int {
    visitor.visit(n)
}

final class Even: Visitor {
    var other: Visitor?
    var seen: [Int] = []
    func visit(_ n: Int) -> Int {
        seen.append(n)
        guard n > 0, let other else { return 0 }
        return 2 + step(other, n - 1)
    }
}

final class Odd: Visitor {
    var other: Visitor?
    func visit(_ n: Int) -> Int {
        guard n > 0, let other else { return 100 }
        return 1 + step(other, n - 1)
    }
}

let even = Even()
let odd = Odd()
even.other = odd
odd.other = even
print(step(even, 7), step(odd, 7), step(even, 0))
print(even.seen)
for n in [3, 4] { print(n, step(n % 2 == 0 ? even : odd, n)) }
even.other = nil
odd.other = nil

final class Feed<S: Subscriber>: Subscription where S.Input == Int {
    private var subscriber: S?
    private var next = 0
    init(_ subscriber: S) { self.subscriber = subscriber }
    func request(_ demand: Subscribers.Demand) {
        var demand = demand
        while demand > 0, next < 4, let subscriber {
            demand -= 1
            next += 1
            demand += subscriber.receive(next)
        }
    }
    func cancel() { subscriber = nil }
}

final class Doubler: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    func receive(subscription: Subscription) { subscription.request(.max(1)) }
    func receive(_ input: Int) -> Subscribers.Demand {
        print("doubled", input * 2)
        return .max(1)
    }
    func receive(completion: Subscribers.Completion<Never>) {}
}

final class Counter: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var count = 0
    func receive(subscription: Subscription) { subscription.request(.max(2)) }
    func receive(_ input: Int) -> Subscribers.Demand {
        count += 1
        print("counted", input, "total", count)
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
}

let doubler = Doubler()
doubler.receive(subscription: Feed(doubler))
let counter = Counter()
counter.receive(subscription: Feed(counter))
