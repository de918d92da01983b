import Combine

class Base: ObservableObject {
    @Published var base = 1
}

class Derived: Base {
    @Published var extra = "a"
}

let object = Derived()
let sub = object.objectWillChange.sink { print("changed; extra =", object.extra, "base =", object.base) }
object.extra = "b"
object.base = 2

class Manual: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    var count = 0 {
        willSet { objectWillChange.send() }
    }
}

let manual = Manual()
let manualSub = manual.objectWillChange.sink { print("manual will change from", manual.count) }
manual.count = 5
manual.count += 1
print("done", manual.count)
