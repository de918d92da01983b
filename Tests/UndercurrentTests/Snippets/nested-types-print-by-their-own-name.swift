// A value of a nested type prints by its own name (Inner(...)); inside a collection, or
// with debugPrint, by its full name with the module (main.Outer.Inner(...)).
struct Outer {
    struct Inner { var valid: Bool }
    enum Mode { case fast, slow(Int) }
    class Box { }
}
let inner = Outer.Inner(valid: true)
print(inner)
print([inner])
print(String(describing: inner), "\(inner)")
debugPrint(inner)
print(Outer.Mode.fast, Outer.Mode.slow(2))
print([Outer.Mode.fast], [Outer.Mode.slow(3)])
print(Outer.Inner.self, [Outer.Inner.self])
print(type(of: inner))
print(Outer.Box())
print(Optional(inner) as Any)
