import Foundation
class Base {
    var level = 1
    var name = "base"
    func describe() -> String { "\(name) \(level)" }
}
final class Pinned: Base {
    override var level: Int {
        get { 7 }
        set { print("set to", newValue) }
    }
}
let pinned = Pinned()
print(pinned.level, pinned.describe())
pinned.level = 3
print(pinned.level, pinned.describe())
let base = Base()
base.level = 4
print(base.describe())
