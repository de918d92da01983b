import Combine

// Publishers.Sequence exposes the (already transformed) elements as `sequence`.
let lengths = ["apple", "kiwi", "banana", "fig"].publisher.map { $0.count }
print("sequence now holds", lengths.sequence)
print("filtered", lengths.filter { $0 > 3 }.sequence)
print((1...3).publisher.sequence, (1..<3).publisher.sequence, Publishers.Sequence<[Int], Never>(sequence: [4]).sequence)
