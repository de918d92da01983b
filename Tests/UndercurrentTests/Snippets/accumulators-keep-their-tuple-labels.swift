// `scan`, `reduce` and `tryScan` with a labelled tuple as the initial value: the closure's
// result takes the initial value's type, so a tuple written without labels,
// `(min(acc.min, t), max(acc.max, t))`, still has `.min` and `.max`. So does an array's
// `reduce`.

import Combine

let readings = PassthroughSubject<Double, Never>()
let range = readings
    .scan((min: Double.infinity, max: -Double.infinity)) { acc, t in (Swift.min(acc.min, t), Swift.max(acc.max, t)) }
    .map { "min \($0.min) max \($0.max)" }
    .sink { print($0) }
[20.5, 18.0, 25.25].forEach { readings.send($0) }

let totals = [3, 1, 4].publisher
    .reduce((count: 0, sum: 0)) { ($0.count + 1, $0.sum + $1) }
    .sink { print("count \($0.count), sum \($0.sum)") }

enum Invalid: Error { case negative }
let checked = [2, 5].publisher
    .tryScan((last: 0, total: 0)) { acc, n in
        guard n >= 0 else { throw Invalid.negative }
        return (n, acc.total + n)
    }
    .sink(receiveCompletion: { print($0) }, receiveValue: { print("last \($0.last), total \($0.total)") })

let stats = [1.5, 2.5].reduce((n: 0, sum: 0.0)) { acc, x in (acc.n + 1, acc.sum + x) }
print(stats.n, stats.sum, stats)
_ = (range, totals, checked)
