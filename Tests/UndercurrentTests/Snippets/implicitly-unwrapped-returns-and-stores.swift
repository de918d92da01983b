// A `T!` is unwrapped where it is returned, stored into a typed variable or put in a
// typed tuple, as Swift does; where an Optional fits, or nothing says, it stays one.
struct Box { let n: Int }
var count: Int! = 3
var box: Box! = Box(n: 2)
var nothing: Int! = nil
func f() -> Int { count }
func g() -> Box { return box }
func h() -> Int? { count }
struct Holder { var computed: Int { count } }
let closure: () -> Int = { count }
let t: (Int, String) = (count, "a")
var x: Int = 0
x = count
let y: Int = count
var inferred = count
print(f(), g(), h() as Any, Holder().computed, closure(), t, x, y, inferred as Any)
let maybe: Int? = nothing
print(maybe as Any)
