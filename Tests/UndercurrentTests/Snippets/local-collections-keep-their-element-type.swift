// A value stored through the subscript of a local collection declared with its type takes
// the element type: `1` stored into a `[Double]` is `1.0`, as in a global.

func scale() {
    var ratios: [Double] = [0.5, 2]
    ratios[0] = 1
    ratios[1] += 1
    print(ratios)
    var table: [String: Double] = [:]
    table["a"] = 3
    table["b", default: 0] += 2
    print(table.sorted { $0.key < $1.key })
    var grid: [[Double]] = [[0, 0]]
    grid[0][1] = 5
    print(grid)
}
scale()

var globalRatios: [Double] = [0.5]
globalRatios[0] = 4
print(globalRatios)
