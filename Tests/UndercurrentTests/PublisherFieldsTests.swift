import Testing
import UndercurrentInterpreter

/// Spelling a publisher's type finds the publishers each level holds (its upstreams) among its
/// fields, and which of OpenCombine's fields hold them is kept by type. These tests spell
/// operators that hold two or more publishers, operators that stand for a publisher they do
/// not hold, and types spelled a second time from the fields kept for them.
@Suite struct PublisherFieldsTests {
    /// Each upstream in its own place, even when both are held through the same adapter type.
    /// The expected names are the return types Apple's Combine declares (OpenCombine 0.14.0,
    /// which the oracle compiles against, has none of these operators):
    /// developer.apple.com/documentation/combine/publisher — `merge(with:)` returns
    /// `Publishers.Merge<Self, P>`, `merge(with:_:)` `Publishers.Merge3<Self, B, C>`,
    /// `zip(_:)` `Publishers.Zip<Self, P>`, `combineLatest(_:_:)`
    /// `Publishers.CombineLatest3<Self, P, Q>`, `append(_:)` `Publishers.Concatenate<Self, P>`,
    /// `prepend(_:)` `Publishers.Concatenate<Publishers.Sequence<[Self.Output], Self.Failure>, Self>`,
    /// `drop(untilOutputFrom:)` `Publishers.DropUntilOutput<Self, P>`.
    @Test func combiningOperatorsNameEachUpstreamInItsPlace() {
        let source = """
            import Combine
            let subject = PassthroughSubject<Int, Never>()
            print(type(of: subject.merge(with: Just(2))))
            print(type(of: Just(2).merge(with: subject)))
            print(type(of: subject.merge(with: Just(2), Just(3))))
            print(type(of: subject.zip(Just(2))))
            print(type(of: subject.combineLatest(Just(2), Just(3))))
            print(type(of: subject.append(Just(3))))
            print(type(of: subject.prepend(3)))
            print(type(of: subject.drop(untilOutputFrom: Just(1))))
            """
        let expected = """
            Merge<PassthroughSubject<Int, Never>, Just<Int>>
            Merge<Just<Int>, PassthroughSubject<Int, Never>>
            Merge3<PassthroughSubject<Int, Never>, Just<Int>, Just<Int>>
            Zip<PassthroughSubject<Int, Never>, Just<Int>>
            CombineLatest3<PassthroughSubject<Int, Never>, Just<Int>, Just<Int>>
            Concatenate<PassthroughSubject<Int, Never>, Just<Int>>
            Concatenate<Sequence<Array<Int>, Never>, PassthroughSubject<Int, Never>>
            DropUntilOutput<PassthroughSubject<Int, Never>, Just<Int>>

            """
        let result = runScript(source)
        #expect(result.error == nil, "\(result.error.map { "\($0)" } ?? "")")
        expectSameText(result.output, expected)
    }

    /// What a `flatMap` or `catch` closure returns is not held until it runs: its type is
    /// refused by name, never spelled as the adapter that stands for it.
    @Test func aPublisherTheOperatorDoesNotHoldIsRefusedNotMisnamed() {
        let cases: [(String, String)] = [
            ("Just(1).flatMap { Just($0 + 1) }", "the type of the publishers this FlatMap flattens"),
            ("[1, 2].publisher.flatMap { Just($0 + 1) }", "the type of the publishers this FlatMap flattens"),
            (
                "PassthroughSubject<Int, Boom>().catch { _ in Just(0) }",
                "the type of the publisher this Catch's closure returns"
            ),
        ]
        for (publisher, what) in cases {
            expectScriptError(
                "import Combine\nstruct Boom: Error {}\nprint(type(of: \(publisher)))", .runtime,
                containing: "Undercurrent cannot tell \(what)")
        }
    }

    /// A tuple inside a publisher's type is spelled element by element, unqualified where the
    /// type is (scripts/oracle; `debugPrint` with Combine's module, as
    /// AppleDifferences/README.md cites).
    @Test func aTupleIsSpelledAsSwiftSpellsIt() {
        let source = """
            import Combine
            print(type(of: Just((1, "a"))))
            print(type(of: Just((key: "a", value: 1)).filter { $0.value > 0 }))
            debugPrint(type(of: Just((1, "a"))))
            print(type(of: Just(())))
            """
        expectOracleOutput(
            source,
            """
            Just<(Int, String)>
            Publisher
            Combine.Just<(Swift.Int, Swift.String)>
            Just<()>

            """)
    }

    /// `MakeConnectable` holds its upstream inside a `Multicast` its type does not name; it
    /// is named by the upstream it wraps (scripts/oracle).
    @Test func makeConnectableIsNamedByTheUpstreamItWraps() {
        let source = """
            import Combine
            let subject = PassthroughSubject<Int, Never>()
            print(type(of: subject.makeConnectable()))
            print(type(of: subject.makeConnectable().autoconnect()))
            print(type(of: Just(1).makeConnectable()))
            """
        expectOracleOutput(
            source,
            """
            MakeConnectable<PassthroughSubject<Int, Never>>
            Autoconnect<MakeConnectable<PassthroughSubject<Int, Never>>>
            MakeConnectable<Just<Int>>

            """)
    }

    /// The second spelling of each type reads only the fields kept for it: a scheduler, an
    /// Optional (`print`'s stream) and upstreams. Both rounds, and a second run, print what
    /// the compiled program prints (scripts/oracle; `debugPrint` with Combine's module, as
    /// AppleDifferences/README.md cites).
    @Test func aTypeSpelledAgainFromItsKeptFieldsIsSpelledTheSame() {
        let source = """
            import Combine
            import Foundation

            let subject = PassthroughSubject<Int, Never>()
            let words = PassthroughSubject<String, Error>()
            for round in 1...2 {
                print("round", round)
                print(type(of: Just(1).delay(for: 1, scheduler: RunLoop.main)))
                print(type(of: Just("a").delay(for: 1, scheduler: DispatchQueue.main)))
                print(type(of: [1, 2].publisher.dropFirst().filter { $0 > 1 }))
                print(type(of: words.first().prefix(1)))
                print(type(of: subject.print("tap").removeDuplicates()))
                print(type(of: subject.filter { _ in round > 1 }.eraseToAnyPublisher()))
                debugPrint(type(of: words.prefix(2).handleEvents(receiveOutput: { _ in })))
            }
            """
        let round = """
            Delay<Just<Int>, RunLoop>
            Delay<Just<String>, DispatchQueue>
            Sequence<Array<Int>, Never>
            Output<First<PassthroughSubject<String, Error>>>
            RemoveDuplicates<Print<PassthroughSubject<Int, Never>>>
            AnyPublisher<Int, Never>
            Combine.Publishers.HandleEvents<Combine.Publishers.Output<Combine.PassthroughSubject<Swift.String, Swift.Error>>>

            """
        for _ in 0..<2 {
            expectOracleOutput(source, "round 1\n" + round + "round 2\n" + round)
        }
    }
}
