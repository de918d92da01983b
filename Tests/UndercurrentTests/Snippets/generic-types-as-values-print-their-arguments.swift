// A type written with its generic arguments, as a value (`[Int].self`, `Optional<String>.self`,
// `Box<Int>.self`), prints as Swift spells it: `Array<Int>`, not an array holding `Int`, and
// `Optional<String>`, not a bare `Optional`. A collection literal of values before `.self`
// stays the collection.

import Combine

struct Box<T> { var value: T }
let values = [1, 2]
print([Int].self, [String: Int].self, Optional<String>.self, [[Int]].self, Box<Int>.self, [Box<String>].self)
debugPrint([Int].self, Optional<Int>.self, Box<Int>.self)
print(values.self, [values.count].self)
print(type(of: [1]) == [Int].self, [Int].self == Array<Int>.self)
let t: [Int].Type = [Int].self
print(t)
let anyType: Any.Type = [String: Int].self
print(anyType)
print(PassthroughSubject<Int, Never>.self, AnyPublisher<String, Error>.self)
