// A property's own `didSet` or `willSet` that writes the property through `self` stores
// it directly: Swift does not run the observers again. Another instance's observers do run.

final class Box {
    var value = 0 {
        didSet {
            if value > 10 { value = 10 }
            print("didSet", oldValue, "->", value)
        }
    }
    var steps = 0 {
        didSet { steps += 1 }
    }
}

let box = Box()
box.value = 50
box.value = 3
print(box.value)
box.steps = 5
print(box.steps)

struct Counter {
    var count = 0 {
        willSet { print("willSet", count, "->", newValue) }
        didSet {
            count = min(count, 3)
            print("count", count)
        }
    }
}
var counter = Counter()
counter.count = 7
print(counter.count)

final class Node {
    var next: Node?
    var value = 0 {
        didSet {
            print("node value", value)
            if let next { next.value = value + 1 }
        }
    }
}
let first = Node()
first.next = Node()
first.value = 5
print(first.next?.value ?? -1)
