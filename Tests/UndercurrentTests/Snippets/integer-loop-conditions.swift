// Integer loops whose `while` and `if` conditions are tested in place: each comparison,
// each arithmetic operator inside one, with and without `else`, `break` and `continue`.
func classify(_ limit: Int) -> [Int] {
    var counts = [0, 0, 0, 0, 0, 0]
    var n = 0
    var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0
    while n < limit {
        n += 1
        if n % 3 == 0 { a += 1 } else if n / 4 > 2 { b += 1 }
        if n + 5 >= 12 { c += 1 }
        if n - 2 <= 0 { d += 1 } else { e += n * 2 }
        if n * 7 != 21 { f += 1 }
        if n > 40 { break }
        if n % 2 != 0 { continue }
        f -= 1
    }
    counts[0] = a; counts[1] = b; counts[2] = c; counts[3] = d; counts[4] = e; counts[5] = f
    return counts
}
print(classify(10), classify(100))

func steps(_ start: Int) -> Int {
    var value = start
    var count = 0
    while value != 1 {
        if value % 2 == 0 { value /= 2 } else { value = 3 * value + 1 }
        count += 1
    }
    return count
}
print((1...12).map(steps))

var down = 20
var seen = 0
repeat {
    down -= 3
    if down % 4 == -1 { seen += 100 }
    seen += 1
} while down > -10
print(down, seen)
