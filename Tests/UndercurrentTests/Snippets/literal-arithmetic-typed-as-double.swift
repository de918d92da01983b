// Number literals in one arithmetic expression take one type, from the expression and from
// where it goes: Doubles where a float literal is among them or a Double is wanted, Ints
// otherwise.
import Combine

let half: Double = 7 / 2
print(half)
func scaled(_ value: Double) -> Double { value * 2 }
print(scaled(5 / 2))
print(1 / 2 * 2.0, 2.5 + 1 / 2, 7 / 2, -7 / 2)
let negative: Double = -(3 / 2)
print(negative)

let price = 10.0
print(price * (1 / 4), (1 / 4) * price, price > 1 / 2)
print(0.4 > 1 / 2, 1 / 2 < 0.4, 1 / 2 + 0.25)
let count = 10
print(count * (1 / 4), count / (2 * 2))

let progress = CurrentValueSubject<Double, Never>(0)
let cancellable = progress.sink { print("progress", $0) }
progress.send(0.75)
print(Just(1).output)
