import Combine

// An optional demand compares with a demand through the optional, and `.max(1)` with no
// type around it is the demand's: a call, so not Int.max or UInt8.max.
let d: Subscribers.Demand? = .max(1)
print(d == .max(1), Subscribers.Demand.max(1) == d, [Subscribers.Demand.max(2): 1][.max(2)] ?? 0)
