import Foundation
import Testing
import UndercurrentLessons

/// Progress is saved atomically under the state directory; a file that cannot be used
/// is set aside with a message, never silently overwritten.
@Suite struct LessonsProgressTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test func progressIsSavedAndReadBack() throws {
        let directory = try Self.temporaryDirectory().appendingPathComponent("undercurrent")
        let store = ProgressStore(directory: directory)
        #expect(store.record == LessonProgressRecord())
        store.update("demand") { progress in
            progress.currentStep = 4
            progress.completedSteps = [1, 2, 3]
            progress.exercises["5"] = ExerciseProgress()
            progress.exercises["5"]?.failedChecks = 2
            progress.predictions["4"] = true
        }
        // The directory is created; no temporary file is left behind.
        #expect(Self.files(in: directory) == ["progress.json"])
        let reread = ProgressStore(directory: directory)
        #expect(reread.takeMessages() == [])
        #expect(reread.record == store.record)
        #expect(reread.record.lastLesson == "demand")
        #expect(reread.progress(for: "demand")?.exercise(5).failedChecks == 2)
        #expect(reread.progress(for: "demand")?.status(stepCount: 3) == .done)
        #expect(reread.progress(for: "demand")?.status(stepCount: 9) == .inProgress)
    }

    @Test func aCorruptFileIsSetAsideWithAMessageAndNotOverwritten() throws {
        let directory = try Self.temporaryDirectory()
        let file = directory.appendingPathComponent("progress.json")
        try Data("{ this is not json".utf8).write(to: file)
        let store = ProgressStore(directory: directory)
        let messages = store.takeMessages()
        #expect(messages.count == 1)
        #expect(messages.first?.contains("could not be used: it is not valid progress data") == true)
        #expect(messages.first?.contains("progress starts afresh") == true)
        let aside = Self.files(in: directory).filter { $0.hasPrefix("progress.json.unreadable-") }
        #expect(aside.count == 1)
        #expect(
            try String(contentsOf: directory.appendingPathComponent(aside[0]), encoding: .utf8) == "{ this is not json")
        #expect(store.record == LessonProgressRecord())
        // Saving now writes a fresh file; the set-aside one is untouched.
        store.update("demand") { $0.currentStep = 2 }
        #expect(Self.files(in: directory).count == 2)
        #expect(
            try String(contentsOf: directory.appendingPathComponent(aside[0]), encoding: .utf8) == "{ this is not json")
    }

    @Test func twoCorruptFilesInTheSameSecondKeepBoth() throws {
        let directory = try Self.temporaryDirectory()
        let file = directory.appendingPathComponent("progress.json")
        try Data("one".utf8).write(to: file)
        _ = ProgressStore(directory: directory)
        try Data("two".utf8).write(to: file)
        _ = ProgressStore(directory: directory)
        let aside = Self.files(in: directory).filter { $0.hasPrefix("progress.json.unreadable-") }
        #expect(aside.count == 2)
    }

    @Test func wellFormedJSONOfTheWrongShapeIsSetAside() throws {
        let directory = try Self.temporaryDirectory()
        try Data(#"{"version": 1, "lessons": {"demand": {"currentStep": "three"}}}"#.utf8)
            .write(to: directory.appendingPathComponent("progress.json"))
        let store = ProgressStore(directory: directory)
        #expect(store.takeMessages().count == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("progress.json").path))
    }

    @Test func aFileFromANewerVersionIsSetAside() throws {
        let directory = try Self.temporaryDirectory()
        try Data(#"{"version": 7, "lessons": {}}"#.utf8).write(to: directory.appendingPathComponent("progress.json"))
        let store = ProgressStore(directory: directory)
        #expect(store.takeMessages().first?.contains("newer Undercurrent (format 7)") == true)
    }

    @Test func anUnreadableFileIsSetAside() throws {
        let directory = try Self.temporaryDirectory()
        // A directory where the file should be: it exists but cannot be read as a file.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("progress.json"), withIntermediateDirectories: false)
        let store = ProgressStore(directory: directory)
        #expect(store.takeMessages().first?.contains("it cannot be read") == true)
        #expect(store.canSave)
        store.update("x") { $0.currentStep = 1 }
        #expect(FileManager.default.contents(atPath: directory.appendingPathComponent("progress.json").path) != nil)
    }

    @Test func whenSavingFailsProgressStaysInMemoryWithAMessage() throws {
        // The state directory is a file: nothing can be renamed or written in it.
        let parent = try Self.temporaryDirectory()
        let notADirectory = parent.appendingPathComponent("state")
        try Data("x".utf8).write(to: notADirectory)
        let store = ProgressStore(directory: notADirectory)
        store.update("demand") { $0.currentStep = 3 }
        #expect(!store.canSave)
        #expect(store.takeMessages().first?.contains("could not be saved") == true)
        #expect(try String(contentsOf: notADirectory, encoding: .utf8) == "x")
        #expect(store.progress(for: "demand")?.currentStep == 3)
    }

    @Test func withoutADirectoryProgressStaysInMemory() {
        let store = ProgressStore(directory: nil)
        store.update("demand") { $0.currentStep = 2 }
        #expect(!store.canSave)
        #expect(store.takeMessages() == [])
        #expect(store.progress(for: "demand")?.currentStep == 2)
    }

    @Test func theStateDirectoryFollowsXDG() {
        #expect(StateDirectory.resolve(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.path == "/s/undercurrent")
        #expect(
            StateDirectory.resolve(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.path
                == "/h/.local/state/undercurrent")
        #expect(StateDirectory.resolve(environment: [:]) == nil)
    }
}
