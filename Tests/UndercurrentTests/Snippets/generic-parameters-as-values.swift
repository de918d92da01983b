import Combine

// A generic function's type parameter is a type you can use as a value: its static
// members, its initializers, `T.self`.
protocol Shape {
    static var sides: Int { get }
    init()
    var label: String { get }
}
struct Triangle: Shape {
    static let sides = 3
    var label: String { "triangle" }
}
struct Square: Shape {
    static let sides = 4
    var label: String { "square" }
}

func describe<S: Shape>(_ shape: S) -> String { "\(S.self): \(S.sides) sides, \(shape.label)" }
func make<S: Shape>(_ type: S.Type) -> S {
    print("making a", S.self, "with", type.sides, "sides")
    return S()
}
func sides<T: Shape>(of shape: T, times: Int) -> [Int] { (0..<times).map { _ in T.sides } }

print(describe(Triangle()), "|", describe(Square()))
print(make(Square.self).label, sides(of: Triangle(), times: 2))

// A publisher's type in a generic function over publishers.
func labelled<P: Publisher>(_ upstream: P) -> AnyPublisher<String, P.Failure> where P.Output == Int {
    upstream.map { "\(P.self) sent \($0)" }.eraseToAnyPublisher()
}
var cancellables = Set<AnyCancellable>()
labelled(Just(7)).sink { print($0) }.store(in: &cancellables)
labelled([1, 2].publisher).sink { print($0) }.store(in: &cancellables)

// From an array of them: its first element's type.
func largest<T: Shape>(of shapes: [T]) -> String { "\(T.self) × \(shapes.count), \(T.sides) sides each" }
print(largest(of: [Square(), Square()]))
