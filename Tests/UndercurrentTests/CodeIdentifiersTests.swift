import Testing

@testable import UndercurrentLessons

/// The lesson reader's identifier scan reads ASCII code as bytes; it must find what the rule
/// a `Character` at a time finds.
@Suite struct CodeIdentifiersTests {
    @Test(arguments: [
        "",
        "let subject = PassthroughSubject<Int, Never>()",
        "final class Hold: Subscriber { var total_2 = 0 }\n_ = hold.$value.sink { print($0) }",
        "x1+y2*_z;\tprint(\"a b\")//done",
        "trailing_word",
        "!@#$%^&*()[]{}<>?/\\|~`'\"",
    ])
    func asciiCodeGivesWhatTheCharacterRuleGives(source: String) {
        var expected: Set<String> = []
        CodeIdentifiers.characterWords(in: source, into: &expected)
        var found: Set<String> = []
        CodeIdentifiers.asciiWords(in: source, into: &found)
        #expect(found == expected)
        #expect(CodeIdentifiers.words(in: [source]) == expected)
    }

    @Test func wordsOfSeveralSources() {
        #expect(CodeIdentifiers.words(in: ["let a = b", "c.d(e)"]) == ["let", "a", "b", "c", "d", "e"])
    }

    @Test func codeBeyondASCIIKeepsLettersOfEveryScript() {
        // `é` and `π` are letters, `²` a number; none of them is ASCII.
        #expect(CodeIdentifiers.words(in: ["let café = π² + naïve"]) == ["let", "café", "π²", "naïve"])
    }
}
