import Foundation

// deinit runs when the last strong reference goes away.
final class Resource {
    let name: String
    init(_ name: String) {
        self.name = name
        print("init \(name)")
    }
    deinit { print("deinit \(name)") }
}

print("-- optional set to nil")
var first: Resource? = Resource("first")
first = nil

print("-- reassignment releases the old value")
var slot = Resource("old")
slot = Resource("new")

print("-- two references")
var x: Resource? = Resource("shared")
var y = x
x = nil
print("still alive:", y?.name ?? "gone")
y = nil

print("-- function scope")
func work() {
    let local = Resource("local")
    print("using \(local.name)")
}
work()
print("after work")

print("-- array elements")
var pool = [Resource("p1"), Resource("p2"), Resource("p3")]
pool.remove(at: 1)
print("removed one")
pool.removeAll()
print("emptied")

print("-- weak references do not keep objects alive")
final class Parent {
    let name = "parent"
    var child: Child?
    deinit { print("deinit parent") }
}
final class Child {
    weak var parent: Parent?
    deinit { print("deinit child") }
}
var parent: Parent? = Parent()
let child = Child()
parent?.child = child
child.parent = parent
print(child.parent?.name ?? "none")
parent = nil
print(child.parent?.name ?? "none")

print("-- closure capture keeps an object alive")
var keeper: (() -> Void)? = nil
do {
    let captured = Resource("captured")
    keeper = { print("closure sees \(captured.name)") }
}
keeper?()
keeper = nil
print("end")
