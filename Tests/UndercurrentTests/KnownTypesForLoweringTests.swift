import Testing

/// Each input is lowered knowing which earlier types are publishers and which are structs.
/// The interpreter works that out again only when a type changed (`typesGeneration`), not on
/// every input: these inputs change the answer after it was worked out, by a declaration and
/// by an extension, and before it with only a global in between.
@Suite struct KnownTypesForLoweringTests {
    /// What makes `Numbers` a publisher of Ints that never fails.
    static let publisherBody = """

            typealias Output = Int
            typealias Failure = Never
            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}

        """

    /// Inside a publisher type `print("x")` is the type's own `print` operator: it builds a
    /// `Publishers.Print` and drops it, and prints nothing (`PublisherMembers.swift`).
    @Test func aConformanceAddedByALaterExtensionIsSeen() {
        let shown = runSession([
            "struct Numbers {}",
            "print(1)",
            "extension Numbers: Publisher {\(Self.publisherBody)}",
            "extension Numbers { func describe() { print(\"the global print\") } }",
            "Numbers().describe()",
        ])
        #expect(shown[1] == "1\n")
        #expect(shown[4] == "")
    }

    @Test func aPublisherDeclaredAfterAGlobalIsSeen() {
        let shown = runSession([
            "print(1)",
            "let limit = 3",
            "struct Numbers: Publisher {\(Self.publisherBody)}",
            "extension Numbers { func describe() { print(\"the global print\") } }",
            "Numbers().describe()",
        ])
        #expect(shown[4] == "")
    }

    @Test func aTypeThatIsNoPublisherKeepsTheGlobalPrint() {
        let shown = runSession([
            "struct Numbers {}",
            "print(1)",
            "extension Numbers { func describe() { print(\"the global print\") } }",
            "Numbers().describe()",
        ])
        #expect(shown[3] == "the global print\n")
    }
}
