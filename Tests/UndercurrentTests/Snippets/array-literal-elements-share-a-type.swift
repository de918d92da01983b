// In an array literal with no written type, an element with no type of its own (`.none`,
// `.slow`, `.max(2)`) takes the type of the other elements, as Swift infers the array's
// type from them: `[Subscribers.Demand.max(1), .none]` is a `[Subscribers.Demand]`, and
// `[.none, Optional(3)]` an `[Int?]`.

import Combine

print([Subscribers.Demand.max(1), .none], [Subscribers.Demand.unlimited, .max(2), .none])
print([.none, Optional(3)], [Optional(3), .none], [nil, 1], [2, 1.5])

enum Mode { case fast, slow }
let modes = [Mode.fast, .slow, .fast]
print(modes, [.slow, Mode.fast].count)

let demands = [Subscribers.Demand.max(2), .unlimited, .none]
print(demands.sorted(by: { $0 < $1 }), demands.contains(.unlimited), demands.map { $0.description })
