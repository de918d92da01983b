import Combine

// for await calls makeAsyncIterator() and then next() until it returns nil: a type of your
// own runs through its own methods, break and continue work as in any loop.
struct Countdown: AsyncSequence {
    typealias Element = Int
    let start: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var current: Int
        mutating func next() async -> Int? {
            guard current > 0 else { return nil }
            await Task.yield()
            defer { current -= 1 }
            return current
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        print("makeAsyncIterator")
        return AsyncIterator(current: start)
    }
}

for await n in Countdown(start: 3) {
    print(n)
}
outer: for await n in Countdown(start: 5) {
    if n == 4 { continue }
    if n == 2 { break outer }
    print("seen", n)
}
let sum = Task { () -> Int in
    var total = 0
    for await n in Countdown(start: 4) { total += n }
    return total
}
print("sum", await sum.value)
