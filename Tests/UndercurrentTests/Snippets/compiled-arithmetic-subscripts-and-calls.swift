import Combine

// Int arithmetic on variables, and the same code when a variable holds a Double.
func mixed(_ start: Int, _ scale: Double) -> String {
    var value = start
    var steps = 0
    var total = 0.5
    while value != 1 && steps < 50 {
        if value % 2 == 0 { value /= 2 } else { value = 3 * value + 1 }
        steps += 1
        total += scale
        total *= 1
    }
    var remainder = -7 % 3
    remainder -= 10 / -3
    var d = 2.5
    d = d * 2 + 1
    return "\(value) \(steps) \(total) \(remainder) \(d)"
}
print(mixed(27, 0.25))

// Subscript writes change the variable in place; the index is evaluated first.
var log: [Int] = [1, 2]
func grow() -> Int { log.append(9); return 0 }
log[grow()] = 5
print(log)
func local() {
    var items = [1, 2]
    func grow() -> Int { items.append(7); return 1 }
    items[grow()] = 4
    var counts = Array(repeating: 0, count: 4)
    for i in 0..<10 { counts[i % 4] += i }
    var words: [String: Int] = [:]
    for word in ["a", "b", "a"] { words[word, default: 0] += 1 }
    words["c"] = nil
    print(items, counts, words.sorted { $0.key < $1.key })
}
local()
var ratios: [Double] = [0, 0]
ratios[0] = 1
ratios[1] += 2
var scores: [String: Double] = [:]
scores["x"] = 3
scores["y", default: 1] += 1
var maybe: [Int?] = [nil, 3]
maybe[0] = 5
print(ratios, scores.sorted { $0.key < $1.key }, maybe)

// One call site, receivers of different classes; arguments take the parameter's type.
class Shape {
    func scaled(_ factor: Double) -> String { "shape x\(factor)" }
}
final class Square: Shape {
    var side = 2
    override func scaled(_ factor: Double) -> String { "square \(Double(side) * factor)" }
}
final class Label {
    func scaled(_ factor: Double) -> String { "label \(factor)" }
}
func describe(_ shape: Shape) -> String { shape.scaled(3) }
print(describe(Shape()), describe(Square()), describe(Square()))
let label = Label()
for _ in 0..<2 { print(label.scaled(2)) }

// Implicit members as arguments and results, in a subscriber that counts.
final class Counter: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var total = 0
    var received = 0
    func demand(after value: Int, extra: Subscribers.Demand) -> Subscribers.Demand {
        value % 3 == 0 ? extra : .max(1)
    }
    func receive(subscription: Subscription) { subscription.request(.max(2)) }
    func receive(_ input: Int) -> Subscribers.Demand {
        total += input
        received += 1
        return demand(after: input, extra: .max(2))
    }
    func receive(completion: Subscribers.Completion<Never>) { print("done", total, received) }
}
(1...10).publisher.subscribe(Counter())
