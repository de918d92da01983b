import Combine

// On a Publishers.Sequence, map, filter, compactMap, scan, dropFirst, prefix and
// friends run eagerly over the elements and give back another sequence publisher,
// so print() shows the already transformed elements as the subscription.
var bag = Set<AnyCancellable>()
let words = ["apple", "kiwi", "banana", "fig"].publisher

words
    .filter { $0.count > 3 }
    .map { $0.uppercased() }
    .print("fused")
    .sink { print("sink:", $0) }
    .store(in: &bag)

(1...4).publisher
    .scan(0, +)
    .filter { $0 > 1 }
    .print("scan")
    .sink { print("sink:", $0) }
    .store(in: &bag)

["1", "x", "3"].publisher
    .compactMap(Int.init)
    .print("compactMap")
    .sink { print("sink:", $0) }
    .store(in: &bag)

// Operators after something that is not a sequence publisher are ordinary operators.
Just(["x", "yy"])
    .flatMap { $0.publisher }
    .map { $0.count }
    .print("not fused")
    .sink { print("sink:", $0) }
    .store(in: &bag)

// collect on a sequence becomes a single-value publisher.
(1...3).publisher.collect().print("collect").sink { print("sink:", $0) }.store(in: &bag)
