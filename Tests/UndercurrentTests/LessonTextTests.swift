import Foundation
import Testing

@testable import UndercurrentLessons

/// Lesson files are read without Foundation's string bridge, which made reading the lessons
/// most of the REPL's start-up on Linux; what is read must not change.
@Suite struct LessonTextTests {
    /// Every member of Foundation's `CharacterSet.whitespaces`, some characters beside it
    /// that are not members (line breaks, the zero-width joiners, the byte-order mark), and
    /// a combining accent after a space.
    @Test func trimmingSpacesTrimsWhatFoundationTrims() {
        let members = [0x09, 0x20, 0xA0, 0x1680, 0x2000, 0x2005, 0x200A, 0x200B, 0x202F, 0x205F, 0x3000]
        let others = [0x0A, 0x0D, 0x0B, 0x85, 0x200C, 0x200D, 0x2028, 0xFEFF, 0x41]
        var texts = ["", " ", "plain", "  two words \t", "\t- [x] done  ", " e\u{301} ", "\u{301} x"]
        for value in members + others {
            let scalar = String(Unicode.Scalar(value)!)
            texts += [scalar, scalar + "x" + scalar, "x" + scalar + "y", " " + scalar + " x " + scalar + " "]
        }
        for text in texts {
            let expected = text.trimmingCharacters(in: .whitespaces)
            #expect(text.trimmingSpaces() == expected, "\(text.debugDescription)")
            #expect(text[...].trimmingSpaces() == expected, "\(text.debugDescription) as a Substring")
        }
    }

    /// A lesson saved with Windows line endings reads as the same lesson.
    @Test func aLessonWithWindowsLineEndingsReadsTheSame() throws {
        let path = TestPaths.repository.appendingPathComponent("lessons/03-demand.md").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("\r"))
        let unix = LessonParser.parse(text, path: path)
        let windows = LessonParser.parse(text.replacingOccurrences(of: "\n", with: "\r\n"), path: path)
        let lesson = try #require(unix.lesson)
        #expect(lesson.steps.count > 3)
        #expect(windows.errors.isEmpty)
        #expect(String(reflecting: windows.lesson) == String(reflecting: unix.lesson))
    }
}
