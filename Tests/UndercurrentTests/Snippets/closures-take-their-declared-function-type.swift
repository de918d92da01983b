// A closure stored or passed where a function type is declared takes its parameter types:
// an integer literal passed to a (Double) -> Double is a Double, so half(3) is 1.5.
let k: () -> Double = { 1 }
let m: (Double) -> Double = { x in x / 2 }
func apply(_ f: (Double) -> Double) -> Double { f(3) }
final class Box {
    var transform: (Double) -> Double = { $0 }
    func run() -> Double { transform(3) }
}
func make(_ f: @escaping (Double) -> Double) -> () -> Double { { f(5) } }
let half: (Double) -> Double = { $0 / 2 }
let twice: (Int) -> Int = { $0 * 2 }
let label: (Int, Double) -> String = { n, d in "\(n) \(d)" }
let box = Box()
box.transform = half
print(k(), m(3), apply { $0 / 2 }, half(3), twice(3), label(1, 2))
print(make(half)(), box.run(), Box().run(), [1.0, 2.0].map(half))
var step = 2
print(twice(step + 1))
