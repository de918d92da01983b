import Foundation
// One `x.count` in the source reads and writes fields of several types in turn,
// some plain, some observed, some weak or wrapped in other types.
protocol Counter: AnyObject { var count: Int { get set } }
final class Plain: Counter {
    var label = "plain"
    var count = 1
}
final class Observed: Counter {
    var count = 2 {
        willSet { print("  Observed will change \(count) to \(newValue)") }
        didSet { print("  Observed changed from \(oldValue) to \(count)") }
    }
}
final class Computed: Counter {
    private var storage = 3
    var count: Int {
        get { storage }
        set { print("  Computed stores \(newValue)"); storage = newValue }
    }
}
class Base { var count = 4 }
final class Derived: Base, Counter { var extra = "x" }

func bump(_ counter: Counter) {
    counter.count += 10
    counter.count = counter.count * 2
    print(type(of: counter), counter.count)
}
let counters: [Counter] = [Plain(), Observed(), Computed(), Derived(), Plain(), Observed()]
for counter in counters { bump(counter) }

final class Owner {
    weak var friend: Owner?
    var name: String
    init(name: String) { self.name = name }
    deinit { print("deinit \(name)") }
}
final class Holder { var friend: Owner? }
func link(_ owners: [AnyObject], to target: Owner) {
    for owner in owners {
        if let owner = owner as? Owner { owner.friend = target }
        if let holder = owner as? Holder { holder.friend = target }
    }
}
var a: Owner? = Owner(name: "a")
let b = Owner(name: "b")
let holder = Holder()
link([b, holder], to: a!)
print(b.friend?.name ?? "none", holder.friend?.name ?? "none")
holder.friend = nil
a = nil
print(b.friend?.name ?? "none")

struct Point { var x = 0; var y = 0 }
struct Size { var width = 0; var x = 5 }
func xs<T>(_ values: [T], _ read: (T) -> Int) -> [Int] { values.map(read) }
print(xs([Point(x: 1), Point(x: 2)]) { $0.x }, xs([Size(), Size(x: 9)]) { $0.x })
