import Foundation

// Closures capture variables, not values: each one shares the variables it names.
func makeCounter(step: Int) -> () -> Int {
    var total = 0
    return {
        total += step
        return total
    }
}
let byOne = makeCounter(step: 1)
let byTen = makeCounter(step: 10)
print(byOne(), byOne(), byTen(), byOne(), byTen())

var message = "before"
let show = { print("message is \(message)") }
message = "after"
show()

// A capture list copies the value when the closure is made.
var level = 1
let frozen = { [level] in print("frozen level \(level)") }
let live = { print("live level \(level)") }
level = 2
frozen()
live()

// Closures stored in an array each keep their own loop variable.
var actions: [() -> String] = []
for name in ["a", "b", "c"] {
    actions.append { "action \(name)" }
}
print(actions.map { $0() })

// Two closures sharing one captured variable.
func makePair() -> (increment: () -> Void, read: () -> Int) {
    var value = 0
    return ({ value += 1 }, { value })
}
let pair = makePair()
pair.increment()
pair.increment()
print(pair.read())

// Escaping completion handlers run later, with what they captured.
var pending: [(Int) -> Void] = []
func whenReady(_ handler: @escaping (Int) -> Void) { pending.append(handler) }
var received: [Int] = []
whenReady { received.append($0) }
whenReady { received.append($0 * 100) }
for handler in pending { handler(7) }
print(received)

// [weak self] lets an object go away while a closure still exists.
final class Downloader {
    var name = "downloader"
    var onDone: (() -> Void)?
    func start() {
        onDone = { [weak self] in print("done for \(self?.name ?? "nobody")") }
    }
    deinit { print("deinit downloader") }
}
var downloader: Downloader? = Downloader()
downloader?.start()
let callback = downloader?.onDone
callback?()
downloader = nil
callback?()

// Functions are values too.
func square(_ n: Int) -> Int { n * n }
let transforms: [(Int) -> Int] = [square, { $0 + 1 }, { -$0 }]
print(transforms.map { $0(5) })
let composed = transforms.reduce({ (n: Int) in n }) { result, next in { next(result($0)) } }
print(composed(3))
print([3, 1, 2].sorted(by: <), [3, 1, 2].sorted(by: >), [1, 2, 3].reduce(1, *))
