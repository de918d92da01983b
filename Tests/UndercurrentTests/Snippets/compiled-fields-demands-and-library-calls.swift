import Combine

// Int fields of `self` read and written by bare name inside methods.
final class Stepper {
    var count = 0
    var ratio = 0.5
    let limit: Int
    init(limit: Int) { self.limit = limit }
    func advance(by step: Int) -> Bool {
        count += step
        count -= 1
        ratio += 1
        return count * 2 > limit
    }
    func countdown() -> [Int] {
        var seen: [Int] = []
        let take = { [self] in
            self.count -= 3
            seen.append(count)
        }
        while count > 0 { take() }
        return seen
    }
}

struct Tally {
    var hits = 0
    mutating func hit(_ times: Int) { hits += times; hits *= 2 }
}

let stepper = Stepper(limit: 9)
print(stepper.advance(by: 3), stepper.count, stepper.ratio)
print(stepper.advance(by: 4), stepper.count, stepper.ratio)
print(stepper.countdown(), stepper.count)
var tally = Tally()
for times in 1...3 { tally.hit(times) }
print(tally.hits)

// A subclass overriding a method that changes a field by bare name.
class Gauge {
    var level = 1
    func bump() { level += 10 }
}
final class DoubleGauge: Gauge {
    override func bump() { super.bump(); level *= 2 }
}
let gauges: [Gauge] = [Gauge(), DoubleGauge(), Gauge()]
for gauge in gauges { gauge.bump() }
print(gauges.map { $0.level })

// Demand arithmetic on local variables.
func demands() {
    var demand = Subscribers.Demand.max(3)
    demand -= 1
    print(demand)
    demand += .max(2)
    demand += 1
    print(demand, demand > 4, demand == .max(5))
    demand *= 2
    print(demand)
    var unlimited = Subscribers.Demand.unlimited
    unlimited -= 100
    print(unlimited)
}
demands()

// A hand-written subscription delivering to an engine subscriber (`sink`): each
// `subscriber.receive(_:)` is a call on a library value.
struct Numbers: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let count: Int
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: NumbersSubscription(count: count, subscriber: subscriber))
    }
}
final class NumbersSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
    private var subscriber: S?
    private var sent = 0
    let count: Int
    init(count: Int, subscriber: S) { self.count = count; self.subscriber = subscriber }
    func request(_ demand: Subscribers.Demand) {
        var demand = demand
        while demand > 0, sent < count, let subscriber {
            sent += 1
            demand -= 1
            demand += subscriber.receive(sent * 10)
        }
        if sent == count { subscriber?.receive(completion: .finished); subscriber = nil }
    }
    func cancel() { subscriber = nil }
}
let cancellable = Numbers(count: 4).sink(receiveCompletion: { print("done", $0) }, receiveValue: { print("got", $0) })
_ = Numbers(count: 3).map { $0 + 1 }.collect().sink { print($0) }
