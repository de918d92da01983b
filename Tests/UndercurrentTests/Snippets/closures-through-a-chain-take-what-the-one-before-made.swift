import Combine
// Through a chain of operators, each closure receives what the one before it made: map's
// closure gives the type of what follows it, filter keeps it.
let ints = [1, 2, 3]
let prices = PassthroughSubject<Double, Never>()
let doubled = ints.map { $0 * 2 }
var total = 0
for d in doubled { total += d }
let halves = ints.map { Double($0) / 2 }
var sum = 0.0
for h in halves { sum += h }
let c1 = ints.publisher.map { $0 * 2 }.filter { $0 > 2 }.sink { print("int", $0 + 1) }
let c2 = ints.publisher.map { Double($0) }.map { $0 * 1.5 }.sink { print("double", $0) }
let c3 = prices.map { $0 * 2 }.filter { $0 > 1.5 }.sink { print("price", $0) }
let c4 = ints.publisher.map { "\($0)" }.sink { print($0 + "!") }
prices.send(1)
print(total, sum, doubled.filter { $0 > 2 }, ints.sorted().map { $0 + 1 })
