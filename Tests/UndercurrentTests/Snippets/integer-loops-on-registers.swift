import Foundation

// Loops of Int arithmetic on local variables, in every shape the register path takes.
func collatzSteps(_ start: Int) -> Int {
    var n = start, count = 0
    while n > 1 {
        if n % 2 != 0 { n = n * 3 + 1 } else { n /= 2 }
        count += 1
    }
    return count
}
print(collatzSteps(27), collatzSteps(1), collatzSteps(97))

// break, continue, nested loops, a local declared in the body, && and ||.
func scan(_ limit: Int) -> (Int, Int, Int) {
    var i = 0
    var evens = 0
    var pairs = 0
    while i < limit {
        i += 1
        let half = i / 2
        if i % 2 == 1 || half > 40 { continue }
        evens += half
        var j = 0
        while j < i && j < 5 {
            j += 1
            if j == 3 { break }
            pairs += j
        }
        if evens > 300 { break }
    }
    return (i, evens, pairs)
}
print(scan(10), scan(100), scan(1000))

// repeat-while, several conditions, a comparison of two variables.
func digits(_ number: Int) -> Int {
    var rest = number
    var count = 0
    repeat {
        rest /= 10
        count += 1
    } while rest > 0
    return count
}
func gcd(_ a: Int, _ b: Int) -> Int {
    var x = a
    var y = b
    while x != y, x > 0, y > 0 {
        if x > y { x -= y } else { y -= x }
    }
    return x
}
print(digits(0), digits(7), digits(123456), gcd(84, 36), gcd(17, 5))

// A variable that is not an Int takes the general path: the same answers.
func halve(_ start: Double) -> (Double, Int) {
    var value = start
    var steps = 0
    while value > 1 {
        value = value / 2
        steps += 1
    }
    return (value, steps)
}
print(halve(100), halve(1))

// A closure that captured a variable sees what the loop wrote when it ends.
func captured() -> Int {
    var total = 0
    let read = { total }
    var k = 0
    while k < 10 { total += k; k += 1 }
    return read()
}
print(captured())

// A labelled loop and a loop that calls a function are left to the general path.
func labelled() -> Int {
    var found = 0
    var a = 0
    outer: while a < 10 {
        a += 1
        var b = 0
        while b < 10 {
            b += 1
            if a * b == 42 { found = a * 100 + b; break outer }
        }
    }
    return found
}
func calling() -> Int {
    var n = 0
    var sum = 0
    while n < 5 { n += 1; sum += collatzSteps(n) }
    return sum
}
print(labelled(), calling())
