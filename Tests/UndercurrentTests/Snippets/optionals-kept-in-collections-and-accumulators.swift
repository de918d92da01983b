// An `[Int?]` keeps what is appended to it as Optionals, nil included, and an accumulator
// that starts as an Optional (`reduce(nil as Int?)`, `scan(Optional<Int>.none)`) stays one.
import Combine

var readings: [Int?] = []
readings.append(5)
readings.append(nil)
readings.insert(2, at: 0)
print(readings)

struct Log { var entries: [String?] = [] }
var log = Log()
log.entries.append("boot")
log.entries.append(nil)
print(log.entries)

let last = [1, 2].reduce(nil as Int?) { _, value in value }
print(last as Any)

let cancellable = [1, 2].publisher
    .scan(Optional<Int>.none) { _, value in value }
    .sink { print("latest", $0 as Any) }
let lists = [[1, 2]].publisher
    .scan(nil as [Int]?) { _, value in value }
    .sink { list in print(list.map { "\($0)" } ?? "none") }
