import Combine

// The parts of what an assignment writes (an index, the object a call returns) are
// evaluated once, before the value assigned; then the target is read and written.
var calls = 0
func slot(_ index: Int) -> Int {
    calls += 1
    print("slot(\(index))")
    return index
}
func amount(_ value: Int) -> Int {
    print("amount(\(value))")
    return value
}

var tally = [0, 0, 0]
tally[slot(1)] += amount(5)
tally[slot(2)] = amount(7)
print(tally, calls)

final class Counter {
    var hits = [0, 0]
    var total = 0
}
let shared = Counter()
func counter() -> Counter {
    print("counter()")
    return shared
}
counter().total += amount(3)
counter().hits[slot(0)] -= amount(1)
print(shared.total, shared.hits, calls)

var grid = [[1, 2], [3, 4]]
grid[slot(1)][slot(0)] *= 10
func double(_ value: inout Int) { value *= 2 }
double(&grid[slot(0)][slot(1)])
grid[slot(0)].append(amount(9))
print(grid, calls)

struct Row { var cells = [1, 1, 1] }
var rows = [Row(), Row()]
rows[slot(1)].cells[slot(2)] += 1
print(rows.map(\.cells), calls)

var groups: [String: [Int]] = ["a": [1, 2]]
groups["a"]?[slot(1)] += 40
groups["b"]?[slot(0)] += 1
groups["c", default: []].append(amount(6))
print(groups["a"]!, groups["c"]!, groups["b"] == nil, calls)

// A subject's subscribers in an array: the element is found once per send.
let subjects = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
var received: [Int] = []
let cancellable = subjects[1].sink { received.append($0) }
subjects[slot(1)].send(amount(8))
print(received, calls)
_ = cancellable
