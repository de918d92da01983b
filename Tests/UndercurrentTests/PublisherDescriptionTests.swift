import Testing
import UndercurrentInterpreter

/// `print` of a publisher shows its fields as Swift's reflection does, nested values in their
/// debug form. The expected texts are the compiled program's (scripts/oracle), with
/// `Combine.` where OpenCombine shows `OpenCombine.`: a qualified name shows Combine's module
/// on Apple's Combine (AppleDifferences/README.md, `publisher-type-names`).
@Suite struct PublisherDescriptionTests {
    /// An enum field shows its type and its case, where a struct with no fields was shown.
    @Test func anEnumFieldShowsItsCase() {
        let source = """
            import Combine
            let subject = PassthroughSubject<Int, Never>()
            print(subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest))
            print(subject.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest))
            """
        expectOracleOutput(
            source,
            """
            Buffer<PassthroughSubject<Int, Never>>(upstream: Combine.PassthroughSubject<Swift.Int, Swift.Never>, \
            size: 2, prefetch: Combine.Publishers.PrefetchStrategy.byRequest, \
            whenFull: Combine.Publishers.BufferingStrategy<Swift.Never>.dropOldest)
            Buffer<PassthroughSubject<Int, Never>>(upstream: Combine.PassthroughSubject<Swift.Int, Swift.Never>, \
            size: 2, prefetch: Combine.Publishers.PrefetchStrategy.keepFull, \
            whenFull: Combine.Publishers.BufferingStrategy<Swift.Never>.dropNewest)

            """)
    }

    /// `print(_:)` with no stream shows `stream: nil`, not the interpreter's own stream.
    @Test func printsStreamIsTheOneTheScriptGave() {
        expectOracleOutput(
            "import Combine\nprint(Just(1).map { $0 }.print(\"p\"))",
            """
            Print<Just<Int>>(prefix: "p", upstream: Combine.Just<Swift.Int>(output: 1), stream: nil)

            """)
    }

    /// A labelled tuple keeps its labels, in a publisher's type and in its fields.
    @Test func aLabelledTupleKeepsItsLabels() {
        expectOracleOutput(
            "import Combine\nprint(Just((key: \"a\", value: 1)))\nprint(Just((1, \"b\")))",
            """
            Just<(key: String, value: Int)>(output: (key: "a", value: 1))
            Just<(Int, String)>(output: (1, "b"))

            """)
    }
}
