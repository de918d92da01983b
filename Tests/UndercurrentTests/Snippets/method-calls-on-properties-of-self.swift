// A method called on a property of `self` (`counter.bump()`, `self.counter.bump()`): the
// property is read once per call, a computed one runs its getter once, a `lazy` one is made
// on first use, a struct's mutating method changes the property in place, a `weak` one is
// an optional, and a new value stored in the property is the one called next.

final class Counter {
    var count = 0
    func bump() -> Int {
        count += 1
        return count
    }
}

struct Tally {
    var n = 0
    mutating func add() { n += 1 }
}

final class Owner {
    var counter = Counter()
    var reads = 0
    var computed: Counter {
        reads += 1
        return counter
    }
    lazy var lazyCounter: Counter = {
        print("lazy counter made")
        return Counter()
    }()
    var tally = Tally()
    weak var weakCounter: Counter?

    func run() {
        for _ in 0..<3 { print(counter.bump(), self.counter.bump()) }
        for _ in 0..<2 { print(computed.bump(), self.computed.bump()) }
        print("getter ran", reads, "times")
        for _ in 0..<2 { print(lazyCounter.bump()) }
        for _ in 0..<3 { tally.add() }
        self.tally.add()
        print("tally", tally.n)
        print(weakCounter?.bump() ?? -1)
        let kept = Counter()
        weakCounter = kept
        print(weakCounter?.bump() ?? -1, self.weakCounter?.bump() ?? -1)
        counter = Counter()
        print("new counter", counter.bump())
        let run = { print("in a closure", self.counter.bump()) }
        run()
    }
}

Owner().run()
