// A generic overload is chosen only where its constraint holds, and a function of a
// written type is more specific than a generic one, which is more specific than `Any`.
func kind<T>(_ x: T) -> String { "anything" }
func kind<T: Equatable>(_ x: T) -> String { "equatable" }
struct Plain {}
struct Token: Equatable { let id: Int }
print(kind(Plain()))  // Plain is not Equatable
print(kind(Token(id: 1)))
print(kind(1))

func show<T>(_ x: [T]) -> String { "array of \(x.count)" }
func show(_ x: Any) -> String { "any" }
print(show([1, 2]))
let names = ["a", "b", "c"]
print(show(names))
print(show(7))

func size(_ x: Int) -> String { "int" }
func size<T>(_ x: T) -> String { "generic" }
print(size(1))
print(size("s"))

// Inside a generic function, `x` is a `T`, whatever it holds: `size(_: Int)` cannot take it.
func measure<T>(_ x: T) -> String { size(x) }
print(measure(1))
