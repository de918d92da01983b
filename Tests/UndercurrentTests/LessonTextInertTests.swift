import Foundation
import Testing
import UndercurrentLessons
import UndercurrentSession

/// A stranger's lesson cannot drive the terminal: control characters in its text (escape
/// sequences that clear the screen, hide text, write the clipboard, set the window title)
/// are shown as Swift escapes, never written raw, and `lesson lint` names them (issue 22,
/// item 6).
@Suite struct LessonTextInertTests {
    static let esc = "\u{1B}"
    static let bel = "\u{07}"

    static var lesson: String {
        """
        ---
        title: Evil \(esc)[2J\(esc)]52;c;aGVsbG8=\(bel)title
        summary: sum\(esc)[8mhidden
        ---

        Intro \(esc)]0;pwned\(bel) text

        ## Step \(esc)[31mred

        Prose with \u{202E}reversed and a C1 \u{9B}31m control.

        ```swift
        let s = "\(esc)"
        print(s == "\\u{1B}", s.count)
        ```
        """
    }

    @Test func controlCharactersAreEscapedWherever() throws {
        let parsed = LessonParser.parse(Self.lesson, path: "evil.md")
        let lesson = try #require(parsed.lesson)
        #expect(lesson.title == #"Evil \u{1B}[2J\u{1B}]52;c;aGVsbG8=\u{7}title"#)
        #expect(lesson.summary == #"sum\u{1B}[8mhidden"#)
        #expect(lesson.steps[0].title == #"Step \u{1B}[31mred"#)
        #expect(lesson.introduction == [.text(#"Intro \u{1B}]0;pwned\u{7} text"#, line: 6)])
        #expect(
            lesson.steps[0].body.first == .text(#"Prose with \u{202E}reversed and a C1 \u{9B}31m control."#, line: 10))
        // In a string literal of the lesson's code, the escape means the same character.
        #expect(lesson.steps[0].code.first?.code == #"let s = "\u{1B}"\#nprint(s == "\u{1B}", s.count)"#)
        #expect(
            parsed.diagnostics.map(\.description) == [
                #"2: warning: control character U+001B in the text (and 2 more on this line); it is shown as \u{1B}, never sent to the terminal: remove it"#,
                #"3: warning: control character U+001B in the text; it is shown as \u{1B}, never sent to the terminal: remove it"#,
                #"6: warning: control character U+001B in the text (and 1 more on this line); it is shown as \u{1B}, never sent to the terminal: remove it"#,
                #"8: warning: control character U+001B in the text; it is shown as \u{1B}, never sent to the terminal: remove it"#,
                #"10: warning: control character U+202E in the text (and 1 more on this line); it is shown as \u{202E}, never sent to the terminal: remove it"#,
                #"13: warning: control character U+001B in the text; it is shown as \u{1B}, never sent to the terminal: remove it"#,
            ])
    }

    /// What the learner's terminal receives when the lesson opens and its code runs: no
    /// control character but the ones the program itself prints.
    @Test func nothingRawReachesTheTerminal() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("evil-\(UUID().uuidString).md")
        try Self.lesson.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let shown = LargeStack.run {
            var output = ""
            let session = Session(useColor: false) { output += $0 }
            let controller = LessonController(
                library: LessonLibrary(directory: TestPaths.repository.appendingPathComponent("lessons")),
                store: ProgressStore(directory: nil), environment: [:], width: { 80 }
            ) { output += $0 }
            session.sessionExtension = controller
            controller.startLesson(file.path, in: session)
            _ = session.handle(":run")
            return output
        }
        #expect(shown.contains(#"Lesson: Evil \u{1B}[2J\u{1B}]52;c;aGVsbG8=\u{7}title"#), "got: \(shown)")
        #expect(shown.hasSuffix("true 1\n"), "the code ran with the character it meant: \(shown)")
        let raw = shown.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
        #expect(raw.isEmpty, "raw control characters reached the terminal: \(raw.map(\.value))")
    }
}
