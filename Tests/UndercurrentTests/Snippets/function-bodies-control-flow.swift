import Combine

// Control flow and variables inside function and method bodies, each construct next to
// a case that once took another path through the interpreter (a `defer`, a `do`/`catch`).

func classify(_ values: [Int]) -> [String] {
    var labels: [String] = []
    outer: for value in values where value != 13 {
        var tries = 0
        inner: while true {
            tries += 1
            if tries > 3 { continue outer }
            if value < 0 { break outer }
            switch value % 4 {
            case 0 where value > 10:
                labels.append("big multiple of 4")
                break inner
            case 0:
                labels.append("multiple of 4")
                fallthrough
            case 1:
                labels.append("\(value): one or fell through")
                break inner
            case let rest where rest == 2:
                labels.append("\(value): two")
                continue inner
            default:
                labels.append("\(value): other")
                break inner
            }
        }
    }
    return labels
}
print(classify([4, 12, 13, 5, 6, 7, -1, 8]))

func firstEven(_ values: [Int?]) -> Int {
    for case let value? in values {
        guard value % 2 == 0 else { continue }
        return value
    }
    return -1
}
print(firstEven([nil, 3, nil, 8, 10]), firstEven([1, nil]))

func countdown(from start: Int) -> [Int] {
    var seen: [Int] = []
    var current = start
    repeat {
        defer { current -= 1 }
        seen.append(current)
    } while current > 0
    return seen
}
print(countdown(from: 3), countdown(from: -2))

func mixed() {
    var price = 2.5
    price = price * 2
    var total = 0.0
    total += 1
    total = 3
    let ratio = 7 / 2
    let half = 7.0 / 2
    var count = 0
    count += 2
    count *= 10
    print(price, total, ratio, half, count, -count, !(count > 3))
}
mixed()

var calls: [String] = []
func check(_ name: String, _ result: Bool) -> Bool {
    calls.append(name)
    return result
}
func shortCircuit() {
    if check("a", false) && check("b", true) { print("unreachable") }
    if check("c", true) || check("d", true) { print("c was enough") }
    let fallback: Int? = nil
    let answer = fallback ?? 42
    print(calls, answer)
}
shortCircuit()

final class Meter {
    var reading = 0
    var history: [Int] = []
    var label: String?
    func add(_ amount: Int) -> Int {
        reading += amount
        history.append(reading)
        if let label { return label.count + reading }
        return reading
    }
}
struct Tally {
    var hits = 0
    var misses = 0
    mutating func record(_ hit: Bool) {
        if hit { hits += 1 } else { misses += 1 }
        let ratio = hits * 100 / (hits + misses)
        print("ratio", ratio)
    }
}
func useMeter() {
    let meter = Meter()
    _ = meter.add(3)
    meter.label = "abc"
    print(meter.add(4), meter.history, meter.label?.count ?? 0)
    var tally = Tally()
    for hit in [true, false, true] { tally.record(hit) }
    print(tally.hits, tally.misses)
    let meters: [Meter?] = [meter, nil]
    print(meters.map { $0?.reading })
}
useMeter()

func demands() -> [Subscribers.Demand] {
    var demand = Subscribers.Demand.max(2)
    var results: [Subscribers.Demand] = []
    let flag = true
    demand += flag ? .max(1) : .unlimited
    results.append(demand)
    demand -= 1
    results.append(demand)
    if demand > 0, demand < .max(5) { results.append(Subscribers.Demand.none) }
    return results
}
print(demands())

func makeCounters() -> [() -> Int] {
    var counters: [() -> Int] = []
    for start in 1...3 {
        var count = start * 10
        counters.append {
            count += 1
            return count
        }
    }
    return counters
}
let counters = makeCounters()
print(counters.map { $0() }, counters.map { $0() })

func swapAndShadow() {
    var (a, b) = (1, 2)
    (a, b) = (b, a)
    let a2 = a
    do {
        let a = "inner"
        print(a, a2, b)
    }
    var letters = ["x", "y"]
    letters[0] = letters[1] + "!"
    print(letters, letters.count > 1 ? letters[1] : "none")
}
swapAndShadow()

func failing(_ value: Int) -> Int {
    var steps = 0
    var current = value
    while current != 1 {
        current = current % 2 == 0 ? current / 2 : 3 * current + 1
        steps += 1
    }
    return steps
}
print((1...10).map(failing))
