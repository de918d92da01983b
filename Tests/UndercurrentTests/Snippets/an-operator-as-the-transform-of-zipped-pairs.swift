import Combine

// `zip` delivers pairs; a function of two parameters, an operator among them, can stand
// for the closure that takes a pair: `map(+)` adds each pair's parts.
let prices = [3, 5].publisher
let quantities = [2, 4].publisher
let totals = prices.zip(quantities).map(*).sink { print("total", $0) }

func label(_ name: String, _ count: Int) -> String { "\(count) × \(name)" }
let labels = ["tea", "cake"].publisher.zip([2, 1].publisher).map(label).sink { print($0) }

print([(1, 2), (3, 4)].map(+))
