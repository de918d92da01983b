// A type's subscripts are chosen by their argument labels, then by the types of their
// indices, as Swift chooses them. A subscript parameter has a label only when written with
// two names.
struct Grid {
    var cells = [1, 2, 3, 4, 5, 6]
    let width = 3

    subscript(index: Int) -> Int { cells[index] }

    subscript(row row: Int, column column: Int) -> Int {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    subscript(column c: Int) -> [Int] {
        stride(from: c, to: cells.count, by: width).map { cells[$0] }
    }

    subscript(_ row: Int, _ column: Int) -> String { "(\(row), \(column))" }
}

var grid = Grid()
print(grid[4])
print(grid[column: 1])
print(grid[row: 1, column: 2])
print(grid[1, 2])
grid[row: 0, column: 0] = 10
grid[row: 1, column: 0] += 40
print(grid.cells)

let scores = ["ann": 3]
print(scores["ann", default: 0], scores["bob", default: 0])

struct Table {
    subscript(row: Int) -> String { "row \(row)" }
    subscript(column: String) -> String { "column \(column)" }
    subscript(scale: Double) -> String { "scaled by \(scale)" }
}
let table = Table()
print(table[1], table["price"], table[0.5])

class Shelf {
    subscript(slot: Int) -> String { "shelf slot \(slot)" }
    subscript(label: String) -> String { "shelf label \(label)" }
}
final class Fridge: Shelf {
    override subscript(slot: Int) -> String { "fridge slot \(slot)" }
}
let fridge: Shelf = Fridge()
print(fridge[2], fridge["milk"])
