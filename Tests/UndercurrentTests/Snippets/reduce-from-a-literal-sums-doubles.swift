// `reduce(0, +)` over Doubles starts from a Double: Swift infers the literal's type from
// what is accumulated, so the sum of nothing prints 0.0, not 0.
import Combine

let prices: [Double] = []
print(prices.reduce(0, +))
print(prices.reduce(0) { $0 + $1 })
print(prices.reduce(0) { total, price in total + price * 2 })
print(prices.reduce(1, *))

let counts: [Int] = []
print(counts.reduce(0, +))
print([2.5, 4].reduce(0, +))

let basket = CurrentValueSubject<[Double], Never>([])
let total = basket.map { _ in prices.reduce(0, +) }.sink { print("total", $0) }
basket.send([1.5])
