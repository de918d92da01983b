import Testing

@testable import UndercurrentLessons

/// A lesson file is split into lines as bytes in one pass; the lines are what splitting the
/// bytes at each `\n` and dropping a `\r` before it gives, empty lines and a missing last
/// newline included. (`\r\n` is one `Character`, so a split by Character would not see it.)
@Suite struct LessonLinesTests {
    @Test(arguments: ["", "a", "a\n", "\n\n", "a\r\nb", "a\rb\r\n", "x\r", "\r\n\r\n", "é—\n“π”\r\nlast"])
    func linesAreTheSplitAtEachNewline(text: String) {
        let expected = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self)
        }
        #expect(LessonParser.Reader.lines(of: text) == expected)
    }

    @Test func windowsLineEndingsAreDropped() {
        #expect(LessonParser.Reader.lines(of: "one\r\ntwo\r\n") == ["one", "two", ""])
    }
}
