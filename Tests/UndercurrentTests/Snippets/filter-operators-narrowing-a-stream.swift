import Combine

// Operators that let some values through and drop the rest.
var bag = Set<AnyCancellable>()
let readings: [Int?] = [3, nil, 3, 7, 7, nil, 12, 4, 4, 15]

func show<P: Publisher>(_ label: String, _ publisher: P) where P.Failure == Never {
    publisher.collect().sink { print(label.padding(toLength: 22, withPad: " ", startingAt: 0), $0) }.store(in: &bag)
}

let values = readings.publisher.compactMap { $0 }
show("compactMap", values)
show("filter even", values.filter { $0 % 2 == 0 })
show("removeDuplicates", values.removeDuplicates())
show("removeDuplicates(by:)", values.removeDuplicates { abs($0 - $1) < 5 })
show("first(where: > 5)", values.first { $0 > 5 })
show("last(where: < 10)", values.last { $0 < 10 })
show("first", values.first())
show("dropFirst(3)", values.dropFirst(3))
show("drop(while: < 10)", values.drop { $0 < 10 })
show("prefix(while: < 10)", values.prefix(while: { $0 < 10 }))
show("ignoreOutput", values.ignoreOutput())
show("first on empty", Empty<Int, Never>().first())

// Filtering a live subject.
let taps = PassthroughSubject<String, Never>()
taps.removeDuplicates()
    .filter { !$0.isEmpty }
    .sink { print("tap on", $0) }
    .store(in: &bag)
for button in ["ok", "ok", "", "cancel", "ok", "ok"] { taps.send(button) }

// tryFilter fails the stream instead of dropping.
struct Negative: Error { let value: Int }
[1, -2, 3].publisher
    .tryFilter { value in
        if value < 0 { throw Negative(value: value) }
        return value > 1
    }
    .sink(receiveCompletion: { print("tryFilter:", $0) }, receiveValue: { print("tryFilter value", $0) })
    .store(in: &bag)
