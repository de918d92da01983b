// In its own initializer a type sets its properties without their observers; a subclass's
// initializer setting a superclass's property after `super.init` runs the superclass's observers.
class Base {
    var v = 0 { didSet { print("Base.v didSet", oldValue, "→", v) } }
    let name: String
    init(name: String) { self.name = name; v = 1 }
}
class Sub: Base {
    var w = 0 { willSet { print("Sub.w willSet", newValue) } }
    init() {
        w = 5
        super.init(name: "sub")
        v = 2
        w = 6
    }
}
let s = Sub()
s.v = 3
s.w = 7
struct Point { var x = 0 { didSet { print("x didSet") } }; init() { x = 4 } }
_ = Point()
