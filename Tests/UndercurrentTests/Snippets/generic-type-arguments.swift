import Combine

// A value of a generic type prints with its generic arguments, told from its properties.
struct Box<T> { let value: T }
class Pair<A, B> { let a: A; let b: B; init(a: A, b: B) { self.a = a; self.b = b } }
enum Either<L, R> { case left(L), right(R) }
print(Box(value: 1), Box(value: "s"))
debugPrint(Box(value: 1))
print(type(of: Box(value: [1])))
print(Pair(a: 1, b: "x"))
print(Either<Int, String>.left(3))
print([Box(value: 2.5)])
