import Foundation

// How print and debugPrint show values, alone and nested in other values.
struct Point { var x: Int; var y: Int }
enum Direction { case north, south }
enum Shape { case circle(radius: Double), square(Double), none }
class Box { var value = 1 }
final class Named: CustomStringConvertible {
    var description: String { "Named!" }
}

print(42, -7, 3.0, 0.1 + 0.2, 1e21, 2.5e-8)
print("text", "quote\"inside", "tab\tand\nnewline")
debugPrint("text", "quote\"inside", "tab\tand\nnewline")
let letter: Character = "x"
print(letter, [letter])
debugPrint(letter)
print(true, [false])
let some: Int? = 5
let none: Int? = nil
print(some as Any, none as Any, [some, none])
let nested: Int?? = .some(nil)
print(nested as Any)
print([1, 2], ["a", "b"], [[1], []], [Int]())
print(["k": "v"], ["k": [1]], [String: Int]())
debugPrint(["k": "v"])
print(Set(["only"]), [Set([1])])
print((1, "two", 3.0), (x: 1, y: "y"))
print(1...3, 0..<2, [1...3])
debugPrint(1...3)
print(Point(x: 1, y: 2), [Point(x: 3, y: 4)])
debugPrint(Point(x: 1, y: 2))
print(Direction.north, [Direction.south], Optional(Direction.north) as Any)
print(Shape.circle(radius: 2), Shape.square(3), Shape.none, [Shape.square(1)])
print(Box(), [Box()], Named(), [Named()])
let point: Point? = Point(x: 0, y: 0)
print(point as Any)
print(String(describing: Point(x: 5, y: 6)), String(reflecting: Point(x: 5, y: 6)))
print("interpolated \(Point(x: 7, y: 8)) and \(Shape.square(2)) and \([1, 2])")
print("a", "b", "c", separator: "-", terminator: "!\n")
print()
