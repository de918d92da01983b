// A property's initial value and its getter's result take the property's written type:
// `.max(2)` for a `Subscribers.Demand` property is a demand, `1` for a `Double` is `1.0`.

import Combine
final class A { var p: Subscribers.Demand = .max(2); var q: Subscribers.Demand? = .max(3); var r: Subscribers.Demand! = .max(4) }
let a = A()
print(a.p, a.q as Any, a.r as Any)
final class B { var c: Subscribers.Demand { .max(5) }; static var d: Subscribers.Demand = .unlimited; lazy var e: Subscribers.Demand = .max(6) }
print(B().c, B.d, B().e)
struct S { var x: Double = 1; var y: Subscribers.Demand = .none }
print(S().x, S().y)
