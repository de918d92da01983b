// A subclass overrides a stored property with a computed one that calls `super`: `super.count`
// reads and writes the superclass's stored field, not the override again.

class Base {
    var count = 0
    func describe() -> String { "count is \(count)" }
}

final class Logged: Base {
    override var count: Int {
        get {
            print("reading count")
            return super.count
        }
        set {
            print("writing count", newValue)
            super.count = newValue
        }
    }
}

let logged = Logged()
logged.count = 3
logged.count += 1
print(logged.count)
print(logged.describe())
let base: Base = logged
base.count = 10
print(base.count)
