import Combine

// Fused sequence operators keep the Publishers.Sequence type.
let words = ["apple", "kiwi", "banana", "fig"].publisher
let lengths = words.map { $0.count }
print(type(of: words))
print(type(of: lengths))
print(type(of: lengths.filter { $0 > 3 }))
print(type(of: Just(1).map { $0 + 1 }))
print(type(of: (1...3).publisher.scan(0, +)))
print(type(of: (1...3).publisher.collect()))
