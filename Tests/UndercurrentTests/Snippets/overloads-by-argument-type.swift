// Overloads that differ only in their parameter types: the call reaches the one written
// with its argument's type, for a variable, a property, a function's result and arithmetic,
// as Swift's type checker chooses.

func log(_ x: Int) { print("log Int", x) }
func log(_ x: String) { print("log String", x) }
let n = 5
let s = "five"
log(n)
log(s)
func twice(_ v: Int) -> Int { v * 2 }
log(twice(4))
struct P { var count = 3; var name = "p" }
let p = P()
log(p.count)
log(p.name)
log(n + 1)
log("a" + s)
final class Counter {
    func add(_ x: Int) { print("add Int", x) }
    func add(_ x: Double) { print("add Double", x) }
}
let d = 2.5
Counter().add(d)
Counter().add(n)

struct Temperature {
    let text: String
    init(_ celsius: Double) { text = "\(celsius) degrees" }
    init(_ label: String) { text = label }
}
let reading = 18.0
let mood = "warm"
print(Temperature(21.5).text, Temperature(mood).text, Temperature(reading).text)

func describe(_ flag: Bool) -> String { "flag \(flag)" }
func describe(_ count: Int) -> String { "count \(count)" }
print(describe(n > 3), describe(n * 2), describe(p.count == 3))

// A method's result: the type its declaration returns.
struct Box {
    var items = [1, 2, 3]
    func total() -> Int { items.reduce(0, +) }
    func title() -> String { "box" }
}
let box = Box()
log(box.total())
log(box.title())
final class Reader {
    func next() -> Int { 4 }
    func check() { log(self.next()) }
}
Reader().check()

// Through stored properties, and a library property at the end.
struct Crate {
    var items = [1, 2, 3]
    var label = "crate"
    func total() -> Int { items.reduce(0, +) }
}
struct Shelf { var crate = Crate() }
let shelf = Shelf()
log(shelf.crate.total())
log(shelf.crate.label)
log(shelf.crate.items.count)
