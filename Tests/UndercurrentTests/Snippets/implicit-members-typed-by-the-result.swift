// Implicit members and literals in arithmetic take the type the result must have: a
// declared type, the target of `+=`, a parameter, the other side of a comparison.
import Combine
let a: Subscribers.Demand = .max(3) + .max(2) - .max(1)
let b: Subscribers.Demand = .max(2) * 3
var c: Subscribers.Demand = .none
c += .max(4) + .max(1)
let e: Subscribers.Demand = .unlimited + .max(1)
print(a, b, c, e)
let x: Double = .pi * 2
let y: Double = .pi / .pi
print(x, y)
let z: Int = .max - .max
print(z, Int.max == .max)
func pending(_ d: Subscribers.Demand) -> String { "\(d)" }
print(pending(.max(1) + .max(1)))
let demand: Subscribers.Demand = .max(2)
print(demand < .max(1) + .max(2), demand == .max(1) + .max(1))
let price = 2.5
print(2 * price, price * 2)
