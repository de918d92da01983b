// A closure can take an `inout` parameter, as a function can: what it does to the
// parameter is written back to the variable passed with `&` when the closure returns.

var scores = [1, 2]
let appendDouble = { (list: inout [Int], value: Int) in list.append(value * 2) }
appendDouble(&scores, 5)

var n = 1
let twice = { (x: inout Int) -> Int in
    x *= 2
    return x
}
print(twice(&n), n, scores)

func countUp() -> Int {
    var local = 3
    let increment = { (value: inout Int) in value += 1 }
    increment(&local)
    increment(&local)
    return local
}
print(countUp())
