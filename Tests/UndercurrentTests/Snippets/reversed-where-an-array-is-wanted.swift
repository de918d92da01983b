import Combine

// `reversed()` gives a ReversedCollection, a view of its base; where the context wants an
// Array, Swift chooses Sequence's `reversed()`, which returns one.
let scores = [3, 9, 4]
let view = scores.reversed()
print(view)
let newestFirst: [Int] = scores.reversed()
print(newestFirst)

func ranking(_ values: [Int]) -> [Int] { values.sorted().reversed() }
func describe(_ values: [Int]) -> String { "\(values.count) values: \(values)" }
print(ranking(scores), describe(scores.reversed()))

struct Board {
    var rows: [[Int]] = [[1, 2], [3, 4]].reversed()
    var letters: [Character] = "abc".reversed()
}
print(Board().rows, Board().letters)

var history = [0]
history = scores.reversed()
history.append(1)
print(history)

// In a pipeline nothing asks for an Array: each value is the view.
var cancellables = Set<AnyCancellable>()
Just(scores).map { $0.reversed() }.sink { print($0) }.store(in: &cancellables)
Just(scores).map { values -> [Int] in values.reversed() }.sink { print($0) }.store(in: &cancellables)
for score in scores.reversed() { print(score, terminator: " ") }
print()
