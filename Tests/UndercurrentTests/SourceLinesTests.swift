import SwiftParser
import SwiftSyntax
import Testing

@testable import UndercurrentInterpreter

/// The lowerer finds a node's line and column from the input's bytes (`SourceLines`) rather
/// than from swift-syntax's `SourceLocationConverter`, which walked the whole tree to build
/// its line table. Both must agree at every offset of every kind of text.
@Suite struct SourceLinesTests {
    static let sources = [
        "", "let a = 1", "let a = 1\n", "\n\n\nprint(1)\n", "let a = 1\r\nlet b = 2\r\n", "let a = 1\rlet b = 2",
        "let s = \"\"\"\n  two\n  lines\n  \"\"\"\nprint(s)", "// é, 日本\nlet ü = \"ß\"\n\tprint(ü)",
        "func f() {\n    /* a\n comment */ return\n}\r\n\r\n", "#if DEBUG\nlet x = 1\n#endif\n",
    ]

    @Test(arguments: sources) func everyOffsetHasTheConvertersLineAndColumn(_ source: String) {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "f", tree: tree)
        let lines = SourceLines(source)
        for offset in -2...(source.utf8.count + 2) {
            let expected = converter.location(for: AbsolutePosition(utf8Offset: offset))
            let found = lines.location(ofOffset: offset)
            #expect(found.line == expected.line && found.column == expected.column, "offset \(offset)")
        }
    }

    @Test(arguments: sources) func everyTokenStartsWhereTheConverterSays(_ source: String) {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "f", tree: tree)
        let lines = SourceLines(source)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let expected = token.startLocation(converter: converter)
            let found = lines.start(of: token)
            #expect(found.line == expected.line && found.column == expected.column, "\(token.text)")
        }
    }
}
