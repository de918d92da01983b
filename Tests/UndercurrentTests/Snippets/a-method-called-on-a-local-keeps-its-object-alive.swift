import Combine

// Methods called on an object held by a local, over and over: the object lives exactly as
// long as something holds it, whatever the method does with `self`.
enum Stop: Error { case atThree }

final class Probe {
    let name: String
    var count = 0
    var keep: (() -> String)?
    weak var friend: Probe?
    init(_ name: String) { self.name = name }
    deinit { print("deinit", name) }

    func bump(_ by: Int) -> Int {
        count += by
        return count
    }

    // Keeps a closure that holds `self`: the probe outlives every local that held it.
    func remember() -> Int {
        keep = { "kept \(self.name) at \(self.count)" }
        return count
    }

    func check(_ value: Int) throws -> Int {
        if value == 3 { throw Stop.atThree }
        return value
    }

    // Drops the only other reference while running: the caller's local still holds it.
    func forget(_ holder: Holder) -> String {
        holder.probe = nil
        return "forgot \(name)"
    }
}

final class Holder {
    var probe: Probe?
}

func run() {
    let a = Probe("a")
    var total = 0
    for i in 1...4 { total += a.bump(i) }
    print("total", total, "count", a.count)

    var keeper: (() -> String)?
    do {
        let b = Probe("b")
        _ = b.bump(5)
        _ = b.remember()
        _ = b.bump(1)
        keeper = b.keep
        b.keep = nil
        print("end of b's scope")
    }
    print(keeper?() ?? "none")
    keeper = nil
    print("after keeper")

    let c = Probe("c")
    for value in 1...4 {
        do {
            print("checked", try c.check(value))
        } catch {
            print("caught", error, "count", c.bump(10))
        }
    }

    let holder = Holder()
    do {
        let d = Probe("d")
        holder.probe = d
        print(d.forget(holder), holder.probe == nil)
        print("still here", d.name)
    }
    print("after d")
}

run()
print("done")

// The same through a subscription that calls its subscriber held by a local.
final class Tally: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var sum = 0
    deinit { print("deinit Tally", sum) }
    func receive(subscription: Subscription) { subscription.request(.unlimited) }
    func receive(_ input: Int) -> Subscribers.Demand {
        sum += input
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("finished", sum) }
}

final class Burst<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
    private var subscriber: S?
    init(_ subscriber: S) { self.subscriber = subscriber }
    func request(_ demand: Subscribers.Demand) {
        guard let subscriber else { return }
        for value in 1...5 { _ = subscriber.receive(value) }
        self.subscriber = nil
        subscriber.receive(completion: .finished)
    }
    func cancel() { subscriber = nil }
}

do {
    let tally = Tally()
    tally.receive(subscription: Burst(tally))
    print("tally", tally.sum)
}
print("end")
