import Combine

// Static members read through a type's name and in context, each read more than once: a
// static variable and a computed one are read anew each time, a `static let` is
// initialized once, cases and library constants read the same on every pass.
enum Config { static var limit = 1 }
func limit() -> Int { Config.limit }
for i in 1...3 { Config.limit = i * 10; print(limit()) }
struct Clock {
    static var reads = 0
    static var now: Int { reads += 1; return reads }
}
for _ in 0..<3 { print(Clock.now) }
enum Slow {
    static let value: Int = { print("initialized"); return 5 }()
}
for _ in 0..<2 { print(Slow.value) }
enum Outer { enum Inner { case a, b } }
for x in [Outer.Inner.a, Outer.Inner.b, .a] { print(x) }
func finish() -> Subscribers.Completion<Never> { Subscribers.Completion<Never>.finished }
for _ in 0..<2 { print(finish()) }
for i in 1...3 { print(Subscribers.Demand.max(i), Subscribers.Demand.max(2)) }
func demands() -> [Subscribers.Demand] { [.unlimited, Subscribers.Demand.unlimited, .none, Subscribers.Demand.none] }
for _ in 0..<2 { print(demands()) }
for _ in 0..<2 { print(Int.max, Int8.min, UInt8.max, Double.pi) }
