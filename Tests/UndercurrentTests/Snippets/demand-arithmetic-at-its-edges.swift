// Demand arithmetic at its edges: .unlimited absorbs, a sum past Int.max is .unlimited,
// and a demand compares with counts and other demands either way round.
import Combine
let u = Subscribers.Demand.unlimited
let one = Subscribers.Demand.max(1)
var d = Subscribers.Demand.max(Int.max)
d += 1
print(u - one, one - u, d, u + one, one + 2, one * 3)
print(u > one, one > u, u == .unlimited, one == 1, one != 0, one > 0, 0 < one, u >= 5, one <= .max(1), one < .none)
var e = Subscribers.Demand.max(3)
e -= 1
e -= .max(1)
e += u
print(e, e > 100, Subscribers.Demand.none == 0)
