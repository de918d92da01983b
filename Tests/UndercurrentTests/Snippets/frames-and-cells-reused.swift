import Foundation
// A call's frame and a variable's cell are reused once nothing else holds them: a
// closure that captured a parameter or a loop's variable keeps its own value, and a
// value still goes when its variable ends, not when the frame is next used.
final class Tracked {
    let name: String
    init(_ name: String) { self.name = name }
    deinit { print("deinit \(name)") }
}
func keep(_ n: Int) -> () -> Int { { n } }
let one = keep(1)
let two = keep(2)
print(one(), two())
var closures: [() -> Int] = []
var pending = [30, 20, 10]
while let x = pending.popLast() { closures.append { x } }
for i in 1...2 { closures.append { i * 100 } }
print(closures.map { $0() })
func use(_ item: Tracked) { print("using \(item.name)") }
use(Tracked("argument"))
print("after the call")
var queue = [Tracked("first"), Tracked("second")]
while let item = queue.popLast() {
    print("took \(item.name)")
}
print("after the loop")
func countDown(_ n: Int) -> Int { n == 0 ? 0 : 1 + countDown(n - 1) }
print(countDown(5), countDown(3))
final class Box {
    var value: Int
    init(_ value: Int) { self.value = value }
    func add(_ other: Box) -> Int { value + other.value }
}
let a = Box(1), b = Box(2)
print(a.add(b), b.add(a), a.add(a))
