import Combine

// A trailing closure selects the overload whose parameter takes a closure:
// contains { } is contains(where:), prefix { } is prefix(while:).
var bag = Set<AnyCancellable>()

["abc", "def"].publisher
    .contains { $0 == "abc" }
    .sink { print("contains where:", $0) }
    .store(in: &bag)

["abc", "def"].publisher
    .contains("xyz")
    .sink { print("contains value:", $0) }
    .store(in: &bag)

let numbers = PassthroughSubject<Int, Never>()
numbers
    .prefix { $0 < 10 }
    .sink(receiveCompletion: { print("prefix while:", $0) }, receiveValue: { print("prefix while:", $0) })
    .store(in: &bag)
numbers.send(3)
numbers.send(7)
numbers.send(12)
numbers.send(1)

[5, 1, 9].publisher
    .tryContains { $0 > 8 }
    .sink(receiveCompletion: { print("tryContains:", $0) }, receiveValue: { print("tryContains:", $0) })
    .store(in: &bag)

print([1, 2, 3].contains { $0 > 2 }, [1, 2, 3].prefix { $0 < 3 })
