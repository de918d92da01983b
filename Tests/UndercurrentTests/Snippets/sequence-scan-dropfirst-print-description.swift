import Combine

// scan fused into a sequence, then dropFirst: print() describes the DropFirstSequence.
var bag = Set<AnyCancellable>()
(1...4).publisher
    .scan(0, +)
    .dropFirst()
    .print("scan")
    .sink { print("sink:", $0) }
    .store(in: &bag)
["a", "b", "c"].publisher
    .dropFirst()
    .print("plain")
    .sink { print("sink:", $0) }
    .store(in: &bag)
