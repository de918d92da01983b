import Foundation
import Testing
import UndercurrentInterpreter
import UndercurrentLessons
import UndercurrentSession

/// Progress is never lost or clobbered: two windows merge their saves, a symbolic link is
/// followed, and numbers out of range in the file are repaired before a command counts with
/// them (issue 22, item 5).
@Suite struct ProgressSafetyTests {
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Lesson 1 in one window, lesson 3 in another, both open before either saves: each save
    /// used to write the window's whole record, erasing the other's completed steps.
    @Test func twoWindowsKeepEachOthersProgress() throws {
        let state = try Self.directory()
        let first = ProgressStore(directory: state)
        let second = ProgressStore(directory: state)
        first.update("publishers-and-subscribers") { $0.completedSteps = [1, 2] }
        second.update("demand") { $0.completedSteps = [1] }
        first.update("publishers-and-subscribers") { $0.completedSteps.insert(3) }
        second.update("demand") { $0.currentStep = 2 }
        let reread = ProgressStore(directory: state).record
        #expect(reread.lessons["publishers-and-subscribers"]?.completedSteps == [1, 2, 3])
        #expect(reread.lessons["demand"]?.completedSteps == [1])
        #expect(reread.lessons["demand"]?.currentStep == 2)
        #expect(reread.lastLesson == "demand")
        // Each window sees the other's lessons after its own next save.
        #expect(first.record.lessons["demand"]?.completedSteps == [1])
        #expect(second.record == reread)
    }

    /// Many saves from two threads at once lose none.
    @Test func concurrentSavesAreAllKept() throws {
        let state = try Self.directory()
        // Each thread has its own store, as each window has.
        DispatchQueue.concurrentPerform(iterations: 2) { which in
            let store = ProgressStore(directory: state)
            for step in 1...25 {
                store.update("lesson-\(which)") { $0.completedSteps.insert(step) }
            }
        }
        let reread = ProgressStore(directory: state).record
        #expect(reread.lessons["lesson-0"]?.completedSteps == Set(1...25))
        #expect(reread.lessons["lesson-1"]?.completedSteps == Set(1...25))
    }

    @Test func aSymlinkedProgressFileIsFollowed() throws {
        let state = try Self.directory()
        let elsewhere = try Self.directory().appendingPathComponent("kept.json")
        try Data(
            #"{"version": 1, "lessons": {"demand": {"currentStep": 3, "completedSteps": [], "exercises": {}, "predictions": {}}}}"#
                .utf8
        ).write(to: elsewhere)
        let link = state.appendingPathComponent("progress.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        let store = ProgressStore(directory: state)
        #expect(store.takeMessages() == [])
        #expect(store.progress(for: "demand")?.currentStep == 3)
        store.update("demand") { $0.currentStep = 4 }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == elsewhere.path)
        #expect(ProgressStore(directory: state).progress(for: "demand")?.currentStep == 4)
        let saved = try JSONDecoder().decode(LessonProgressRecord.self, from: Data(contentsOf: elsewhere))
        #expect(saved.lessons["demand"]?.currentStep == 4)
    }

    /// A named pipe where the file should be would block a read forever: it is set aside.
    @Test func aNamedPipeIsNotReadButSetAside() throws {
        let state = try Self.directory()
        let file = state.appendingPathComponent("progress.json")
        #expect(mkfifo(file.path, 0o600) == 0)
        let store = ProgressStore(directory: state)
        let messages = store.takeMessages()
        #expect(messages.first?.contains("it cannot be read (it is a named pipe (FIFO), not a file)") == true)
        store.update("demand") { $0.currentStep = 2 }
        #expect(ProgressStore(directory: state).progress(for: "demand")?.currentStep == 2)
    }

    @Test func numbersOutOfRangeAreRepairedWithAMessage() throws {
        let state = try Self.directory()
        let json = """
            {"version": 1, "lessons": {"demand": {"currentStep": -5, "completedSteps": [1, -2, 99999999],
             "exercises": {
               "4": {"passed": false, "solutionShown": false, "hintsShown": -1, "failedChecks": 9223372036854775807},
               "5": {"passed": false, "solutionShown": false, "hintsShown": 0, "failedChecks": -9223372036854775808},
               "x": {"passed": false, "solutionShown": false, "hintsShown": 0, "failedChecks": 0}},
             "predictions": {"2": true, "-1": false}}}}
            """
        try Data(json.utf8).write(to: state.appendingPathComponent("progress.json"))
        let store = ProgressStore(directory: state)
        let progress = try #require(store.progress(for: "demand"))
        #expect(progress.currentStep == 1)
        #expect(progress.completedSteps == [1])
        #expect(progress.exercise(4).hintsShown == 0)
        #expect(progress.exercise(4).failedChecks == 1_000_000)
        #expect(progress.exercise(5).failedChecks == 0)
        #expect(progress.exercises.keys.sorted() == ["4", "5"])
        #expect(progress.predictions == ["2": true])
        let messages = store.takeMessages()
        #expect(messages.count == 1)
        #expect(
            messages.first?.contains(
                "held numbers out of range (lesson demand: currentStep -5 → 1; lesson demand: completedSteps outside 1...10000 dropped;"
            ) == true, "got: \(messages)")
        #expect(messages.first?.hasSuffix("; they were repaired.") == true)
    }

    /// `:hint`, `:check` and `:solution` count with these numbers: they used to trap.
    @Test func lessonCommandsWorkWithARepairedFile() throws {
        let lessons = TestPaths.repository.appendingPathComponent("lessons")
        let library = LessonLibrary(directory: lessons)
        let lesson = try #require(library.entry(number: 4)?.lesson)
        let step = try #require(lesson.steps.firstIndex { $0.exercise != nil }) + 1
        for (hints, failed) in [(-1, Int.max), (Int.max, Int.min), (Int.min, -1)] {
            let state = try Self.directory()
            let json = """
                {"version": 1, "lastLesson": "\(lesson.id)", "lessons": {"\(lesson.id)": {"currentStep": \(step),
                 "completedSteps": [], "predictions": {}, "exercises": {"\(step)":
                 {"passed": false, "solutionShown": false, "hintsShown": \(hints), "failedChecks": \(failed)}}}}}
                """
            try Data(json.utf8).write(to: state.appendingPathComponent("progress.json"))
            let shown = LargeStack.run {
                var current = ""
                let session = Session(useColor: false) { current += $0 }
                let controller = LessonController(
                    library: LessonLibrary(directory: lessons), store: ProgressStore(directory: state),
                    environment: [:], width: { 80 }
                ) { current += $0 }
                session.sessionExtension = controller
                controller.reportStoreMessages()
                var shown = [current]
                for input in [":lesson 4", ":step \(step)", ":hint", ":check", ":solution", "print(1 + 1)"] {
                    current = ""
                    _ = session.handle(input)
                    shown.append(current)
                }
                return shown
            }
            #expect(shown[0].contains("held numbers out of range"), "got: \(shown[0])")
            #expect(shown[3].contains("Hint") || shown[3].contains("hints"), "got: \(shown[3])")
            #expect(shown[6] == "2\n")
        }
    }
}
