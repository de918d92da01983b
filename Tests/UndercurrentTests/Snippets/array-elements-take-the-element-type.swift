import Combine

// What is appended to or inserted in an array takes its element type: `.none` appended to
// a `[Subscribers.Demand]` is a demand, `1` appended to a `[Double]` is `1.0`, for a global,
// a property (through `self` or not) and an array whose type comes from its elements.
var demands: [Subscribers.Demand] = []
demands.append(.max(2))
demands.append(.none)
demands.insert(.unlimited, at: 0)
print(demands)
var seen = [Subscribers.Demand.max(1)]
seen.append(.max(3))
print(seen)
var numbers: [Double] = []
numbers.append(1)
print(numbers)
final class Log {
    var entries: [Subscribers.Demand] = []
    func note() { entries.append(.max(4)) }
}
let log = Log()
log.note()
print(log.entries)
final class Log2 {
    var entries: [Subscribers.Demand] = []
    func note() { self.entries.append(.none) }
}
let log2 = Log2()
log2.note()
print(log2.entries)
