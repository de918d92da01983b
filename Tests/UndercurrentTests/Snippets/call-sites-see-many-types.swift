import Combine

// One call in the source meets a different type, overload or demand on each run.
protocol Shape {
    func area() -> Double
    func describe() -> String
}
extension Shape { func describe() -> String { "a shape of area \(area())" } }
struct Square: Shape {
    let side: Double
    func area() -> Double { side * side }
}
struct Circle: Shape {
    let radius: Double
    func area() -> Double { 3 * radius * radius }
    func describe() -> String { "a circle of radius \(radius)" }
}
class Animal {
    func sound() -> String { "..." }
    func speak() -> String { "\(type(of: self)) says \(sound())" }
}
final class Dog: Animal { override func sound() -> String { "woof" } }
final class Cat: Animal { override func sound() -> String { "meow" } }

let shapes: [Shape] = [Square(side: 2), Circle(radius: 1), Square(side: 3)]
for shape in shapes { print(shape.describe()) }
for animal in [Animal(), Dog(), Cat(), Dog()] { print(animal.speak()) }

func scale(_ value: Int) -> Int { value * 10 }
func scale(_ value: Int, by factor: Int) -> Int { value * factor }
for i in 1...3 { print(scale(i), scale(i, by: i)) }

enum Level { case low, high
    static func make(_ flag: Bool) -> Level { flag ? .high : .low }
}
struct Limit { let value: Int
    static func make(_ flag: Bool) -> Limit { Limit(value: flag ? 100 : 1) }
}
func pick(_ flag: Bool) -> (Level, Limit) { (.make(flag), .make(!flag)) }
for flag in [true, false] { print(pick(flag)) }

var demand = Subscribers.Demand.max(2)
for step in 0..<4 {
    demand += step % 2 == 0 ? .max(step) : .unlimited
    print(demand, demand > 3, demand == .unlimited)
    if demand != .unlimited { demand -= 1 }
}
