import OpenCombine
import Testing
import UndercurrentInterpreter

/// The trace names engine objects, and `print` spells publishers, by the names Swift's runtime
/// gives their types, asked of it directly (`RuntimeTypeName`) rather than through
/// `String(reflecting:)`, whose casts made the first input using a new operator slow. The
/// names must be the ones `String(reflecting:)` and `String(describing:)` give.
@Suite struct RuntimeTypeNameTests {
    private struct Outer<T> {
        struct Inner<U> {}
        enum Kind { case a }
    }
    private protocol Marker {}

    @Test func namesAreTheOnesStringReflectingGives() {
        struct Local {}
        let types: [Any.Type] = [
            Int.self, Outer<Int>.Inner<String>.self, Outer<[Int?]>.Kind.self, Local.self,
            ((Int) -> String).self, (Int, label: String).self, Int.Type.self, (any Marker).self,
            [String: [Int]].self, Void.self, Never.self, ((inout Int) throws -> Void).self,
            Publishers.Map<Just<Int>, String>.self, Subscribers.Sink<Int, Never>.self,
            PassthroughSubject<Int, Never>.self, AnyCancellable.self,
        ]
        for type in types {
            #expect(RuntimeTypeName.qualified(type) == String(reflecting: type))
            #expect(RuntimeTypeName.plain(type) == String(describing: type))
        }
    }
}
