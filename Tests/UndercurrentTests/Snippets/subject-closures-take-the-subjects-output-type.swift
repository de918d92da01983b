import Combine
// A subject's values have the type its declaration writes, and the closures its operators
// take receive them as that type (a CurrentValueSubject<Double, Never>(1) holds 1.0).
// One subscriber per subject: the order a subject reaches several in is not Combine's to keep.
let counts = PassthroughSubject<Int, Never>()
let evens = PassthroughSubject<Int, Never>()
let steps = PassthroughSubject<Int, Never>()
let prices = CurrentValueSubject<Double, Never>(1)
var total = 0
var sum = 0.0
let c1 = counts.map { $0 * 2 }.sink { total += $0 }
let c2 = prices.sink { sum += $0 }
let c3 = evens.filter { $0 > 1 }.map { Double($0) * 1.5 }.sink { print($0) }
let c4 = steps.scan(0) { $0 + $1 }.sink { print("scan", $0) }
for n in 1...2 {
    counts.send(n)
    evens.send(n)
    steps.send(n)
}
prices.send(3)
print(total, sum)
let words: PassthroughSubject<String, Never> = PassthroughSubject()
let c5 = words.map { $0 + "!" }.sink { print($0) }
words.send("hi")
