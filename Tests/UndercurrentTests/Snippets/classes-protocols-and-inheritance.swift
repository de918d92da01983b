import Foundation

// Protocols, extensions and class inheritance, printed.
protocol Describable {
    var summary: String { get }
}
extension Describable {
    func describe() -> String { "<\(summary)>" }
}

class Animal: Describable {
    let name: String
    init(name: String) { self.name = name }
    func sound() -> String { "..." }
    var summary: String { "\(name) says \(sound())" }
}
final class Dog: Animal {
    override func sound() -> String { "woof" }
}
final class Cat: Animal {
    let lives: Int
    init(name: String, lives: Int) {
        self.lives = lives
        super.init(name: name)
    }
    override func sound() -> String { "meow" }
    override var summary: String { super.summary + " (\(lives) lives)" }
}

let animals: [Animal] = [Dog(name: "Rex"), Cat(name: "Tom", lives: 9), Animal(name: "Generic")]
for animal in animals { print(animal.describe()) }
print(animals.map { $0.sound() })
print(animals.filter { $0 is Dog }.count, animals.compactMap { $0 as? Cat }.map(\.lives))
print(animals[0], animals)

struct Temperature: Describable, Comparable, CustomStringConvertible {
    var celsius: Double
    var summary: String { "\(celsius)°C" }
    var description: String { String(format: "%.1f°F", celsius * 9 / 5 + 32) }
    static func < (lhs: Temperature, rhs: Temperature) -> Bool { lhs.celsius < rhs.celsius }
}
let readings = [Temperature(celsius: 21.5), Temperature(celsius: -3), Temperature(celsius: 37)]
print(readings, readings.sorted(), readings.max()!)
print(readings.map { $0.describe() })
let items: [Describable] = [readings[0], animals[1]]
print(items.map(\.summary))

extension Int {
    var isEven: Bool { self % 2 == 0 }
    func times(_ action: () -> Void) { for _ in 0..<self { action() } }
}
print((1...6).filter(\.isEven))
3.times { print("hello") }

protocol Shape { func area() -> Double }
struct Square: Shape { let side: Double; func area() -> Double { side * side } }
struct Circle: Shape { let radius: Double; func area() -> Double { 3 * radius * radius } }
let shapes: [Shape] = [Square(side: 2), Circle(radius: 1), Square(side: 1.5)]
print(shapes.map { $0.area() }, shapes.reduce(0) { $0 + $1.area() })
print(shapes.sorted { $0.area() < $1.area() }.map { String(describing: type(of: $0)) })
