import Combine
class M {
    @Published var x = 0 {
        willSet { print("willSet", newValue, x) }
        didSet { print("didSet", oldValue, x) }
    }
}
let m = M()
let s = m.$x.sink { print("sink", $0, m.x) }
m.x = 1
m.x += 1
