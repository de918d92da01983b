import Combine

// Subscribers.Demand is a value: it prints, compares, sorts and hashes as one, and
// type(of:) names it Demand.
let a = Subscribers.Demand.max(3)
var d = a
d -= 1
d += .unlimited
print(a, d, [a, .none], a == .max(3), a > 2, a < .unlimited, Set([a, .max(3), .none]).count)
print(type(of: a), a.max as Any, d.max as Any, String(describing: a), "\(a)")
let sorted = [Subscribers.Demand.unlimited, .max(2), .none].sorted()
print(sorted, [a: "three"][Subscribers.Demand.max(3)] ?? "missing")
debugPrint(a)
switch a { case .max(3): print("three") ; default: print("other") }
