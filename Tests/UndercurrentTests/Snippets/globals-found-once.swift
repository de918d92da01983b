import Foundation

// Globals read and written from top-level loops and from global functions.
var counts = Array(repeating: 0, count: 4)
var total = 0
var ratios: [Double] = [0, 0]
var tally: [String: Int] = [:]
func bump(_ value: Int) -> Int { value * 2 + 1 }
for i in 1...10 {
    counts[i % 4] += 1
    total += bump(i)
    ratios[i % 2] += 1
    tally[i % 3 == 0 ? "fizz" : "other", default: 0] += 1
}
print(counts, total, ratios, tally["fizz"]!, tally["other"]!)

// A global function reads and changes globals by name.
var log: [Int] = []
func record(_ value: Int) {
    log.append(value)
    total -= value
}
for value in [3, 5, 8] { record(value) }
print(log, total)

// Inside a type, a method of the same name comes before the global function.
func describe(_ value: Int) -> String { "global \(value)" }
struct Box {
    var value: Int
    func describe(_ value: Int) -> String { "method \(value + self.value)" }
    func show() -> String { describe(1) }
}
print(describe(1), Box(value: 10).show())
