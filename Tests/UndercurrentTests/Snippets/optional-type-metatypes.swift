import Combine

// `T?.self` is the type Optional<T>, not an optional chain on `T.self`.
protocol Shape {}
struct Dot: Shape {}
struct Box { var size: Int? = 3 }

print(Int?.self)
print(Shape?.self)
print(Subscription?.self)
print([Shape?].self, Box?.self)
print(Int?.self == Optional<Int>.self)

// A `?` after a value still chains.
let box: Box? = Box()
print(box?.size as Any)
let count: Int? = 4
print(count?.description ?? "none")
