// `super` in a `class func` or `class var` is the superclass's class member, run with the
// subclass as `self`; `Int?.none` is a member of the type `Optional<Int>`.
class Shape {
    class var sides: Int { 0 }
    class func describe() -> String { "a shape with \(sides) sides" }
    static func make() -> String { "made" }
}
class Square: Shape {
    override class var sides: Int { super.sides + 4 }
    override class func describe() -> String { "square: " + super.describe() }
}
print(Square.describe(), Square.sides, Shape.describe())
let none = Int?.none
print(none as Any, String?.none as Any)
import Combine
let c = [1, 2].publisher.scan(Int?.none) { _, x in x }.sink { print($0 as Any) }
