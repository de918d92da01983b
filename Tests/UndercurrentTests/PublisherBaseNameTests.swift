import OpenCombine
import Testing
import UndercurrentInterpreter

@testable import UndercurrentStreams

/// A publisher's base name (`Map`) decides how its type is spelled (what it publishes, how it
/// fails). It is read from the runtime's name of its type by skipping the generic arguments,
/// not by parsing them: it must be the last component `TypeNode.parse` finds, for every shape
/// of name the runtime gives.
@Suite struct PublisherBaseNameTests {
    static func publishers() -> [Any] {
        [
            Just(1),
            Just(1).map { $0 + 1 },
            Just(1).filter { $0 > 0 }.map { String($0) }.eraseToAnyPublisher(),
            [1, 2].publisher.dropFirst(),
            Optional(3).publisher,
            Result<Int, Never>.success(1).publisher,
            PassthroughSubject<Int, Never>().prefix(2),
            PassthroughSubject<Int, Never>().map { $0 }.filter { $0 > 0 },
            Publishers.Trace(upstream: Just(1), label: "t"),
            Publishers.CombineLatest(Just(1), Just(2)),
            Publishers.MergeMany([Just(1)]),
            Fail<Int, URLErrorStandIn>(error: URLErrorStandIn()),
        ]
    }

    @Test func isTheLastComponentOfTheParsedName() throws {
        for publisher in Self.publishers() {
            let parsed = try TypeNode.parse(RuntimeTypeName.qualified(type(of: publisher)))
            let last = try #require(parsed.components.last?.name)
            #expect(TypeNode.baseName(of: publisher) == last)
            #expect(!last.isEmpty)
        }
    }

    /// A nested type of a generic one: the last component follows the generic arguments.
    @Test func aTypeNestedInAGenericOneIsNamedByItsOwnName() {
        #expect(TypeNode.baseName(of: Optional(3).publisher) == "Publisher")
        #expect(TypeNode.baseName(of: PassthroughSubject<Int, Never>().map { $0 }) == "Map")
    }

    struct URLErrorStandIn: Error {}
}
