// A closure passed or stored where a function type with Double (or a fixed-width integer)
// parameters is declared receives its arguments as those types, however it is called: through
// a property, an array of handlers, an optional, or by the engine.
import Combine
struct Meter { let scale: (Double) -> Double }
let m = Meter(scale: { $0 * 2 })
final class Store {
    var handlers: [(Double) -> Void] = []
    var onChange: ((Int) -> Void)?
    func add(_ handler: @escaping (Double) -> Void) { handlers.append(handler) }
    func fire() { for h in handlers { h(4) } }
}
let store = Store()
store.add { print("got", $0) }
store.add { value in print(value / 8) }
store.fire()
store.onChange = { print("changed", $0) }
store.onChange?(3)
func twice(_ f: (Int) -> Int, _ x: Int) -> Int { f(f(x)) }
let cube: (UInt8) -> UInt8 = { $0 * $0 * $0 }
print(m.scale(3), twice({ $0 + 1 }, 1), cube(2))
let half: (Double) -> Double = { $0 / 2 }
let c = [1.0, 4.0].publisher.map(half).sink { print($0) }
let mapper: (Int) -> Double = { Double($0) / 2 }
print([1, 2, 3].map(mapper))
