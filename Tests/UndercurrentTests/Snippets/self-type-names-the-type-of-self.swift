// `Self` inside a type names the type of `self`: the struct or enum itself, a class's
// dynamic class (an override of a `class var` is seen through it), and in a protocol
// extension the conforming value type. `Self.self` prints as `type(of: self)` does.

protocol Labeled {
    static var prefix: String { get }
    var id: Int { get }
}

extension Labeled {
    var label: String { Self.prefix + "-" + String(id) }
    static func make(_ id: Int) -> String { Self.prefix + "#" + String(id) }
    func kind() -> String { "\(Self.self)" }
}

struct User: Labeled {
    static let prefix = "user"
    let id: Int
    func twice() -> String { Self.prefix + Self.prefix }
    static func first() -> Self { Self(id: 1) }
}

enum Suit: Labeled {
    case hearts
    static var prefix: String { "suit" }
    var id: Int { 4 }
}

class Vehicle {
    class var wheels: Int { 4 }
    func describe() -> String { "\(Self.self) on \(Self.wheels) wheels" }
}

final class Bike: Vehicle {
    override class var wheels: Int { 2 }
}

print(User(id: 7).label, User.make(3), User(id: 1).kind(), User(id: 2).twice())
print(User.first().id)
print(Suit.hearts.label, Suit.make(1), Suit.hearts.kind())
print(Vehicle().describe(), "/", Bike().describe())
let vehicle: Vehicle = Bike()
print(vehicle.describe())
