// `value[keyPath: path]` reads and writes through a key path: on a struct in a variable, on a
// class instance held by a constant, through a generic function, and in a hand-written
// subscriber that assigns what it receives (what Combine's `assign(to:on:)` does).
import Combine

struct Point {
    var x = 1
    var y = 2
    struct Inner { var z = 3 }
    var inner = Inner()
    var sum: Int { x + y }
}
final class Model {
    var title = "a"
    var point = Point()
    var count = 0
}

let kx = \Point.x
let kz = \Point.inner.z
let kt = \Model.title
print(kx, kz, kt, \Model.point.y)

var p = Point()
print(p[keyPath: kx], p[keyPath: kz], p[keyPath: \.y], p[keyPath: \Point.sum], p[keyPath: \.self])
p[keyPath: \Point.y] = 20
p[keyPath: kz] += 5
print(p.y, p.inner.z)

let m = Model()
m[keyPath: kt] = "b"
m[keyPath: \Model.point.x] = 7
m[keyPath: \.count] += 1
print(m.title, m.point.x, m.count)

// A key path whose root the context gives prints that root, as Swift infers it.
let typed: WritableKeyPath<Point, Int> = \.x
p[keyPath: typed] = 8
print(p.x, typed)

func read<Root, Value>(_ root: Root, _ keyPath: KeyPath<Root, Value>) -> Value { root[keyPath: keyPath] }
func assign<Root: AnyObject, Value>(_ value: Value, to keyPath: ReferenceWritableKeyPath<Root, Value>, on root: Root) {
    root[keyPath: keyPath] = value
}
assign("c", to: \Model.title, on: m)
print(m.title, read(p, \.x), read(m, \Model.point.y))

final class Assigner<Root: AnyObject>: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    let root: Root
    let keyPath: ReferenceWritableKeyPath<Root, Int>
    init(_ root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Int>) {
        self.root = root
        self.keyPath = keyPath
    }
    func receive(subscription: Subscription) { subscription.request(.unlimited) }
    func receive(_ input: Int) -> Subscribers.Demand {
        root[keyPath: keyPath] = input
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("assigned", root[keyPath: keyPath]) }
}
[4, 5].publisher.subscribe(Assigner(m, \.count))
let points = [Point(x: 9)]
print(m.count, points[0][keyPath: \.x], points.map { $0[keyPath: kx] })
