// Overloads that differ only in parameter types, reached through a computed property, a
// function's result, a method of a function's result, an initializer and a library count.
struct Shelf {
    var items = [1, 2, 3]
    var count: Int { items.count }
    var label: String { "shelf of \(items.count)" }
    func total() -> Int { items.reduce(0, +) }
    func title() -> String { label.uppercased() }
}
func log(_ x: Int) { print("Int", x) }
func log(_ x: String) { print("String", x) }
func make() -> Shelf { Shelf() }

let shelf = Shelf()
log(shelf.count)
log(shelf.label)
log(make().count)
log(make().label)
log(make().total())
log(make().title())
log(Shelf().count)
log(shelf.items.map { $0 * 2 }.count)
log(shelf.items.filter { $0 > 1 }.description)
