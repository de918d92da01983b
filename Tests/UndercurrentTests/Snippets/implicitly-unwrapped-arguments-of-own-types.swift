// A `T!` passed where a type of the script's own is expected is unwrapped, as Swift does;
// where an Optional or `Any` is expected it stays an Optional.
struct Box { let n: Int }
final class Crate { let label = "crate" }
enum Size { case small, large }
func show(_ b: Box) { print(b, b.n) }
func open(_ c: Crate) { print(c.label) }
func measure(_ s: Size) { print(s) }
func maybe(_ b: Box?) { print(b as Any) }
func anything(_ x: Any) { print(x) }

var box: Box! = Box(n: 3)
var crate: Crate! = Crate()
var size: Size! = .large
show(box)
open(crate)
measure(size)
maybe(box)
anything(box as Any)
