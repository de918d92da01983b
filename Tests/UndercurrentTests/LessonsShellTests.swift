import Foundation
import Testing
import UndercurrentLessons
import UndercurrentSession

/// Exercises from the shell, in the learner's own editor: `undercurrent lesson check N.M
/// [FILE]` and its exit status, `undercurrent lesson watch`, and exercise files kept under
/// the XDG data directory, where `:edit` opens them too.
@Suite struct LessonsShellTests {
    static let lessons = TestPaths.repository.appendingPathComponent("lessons")
    static let library = LessonLibrary(directory: lessons)
    static let binary = TestPaths.repository.appendingPathComponent(".build/debug/undercurrent").path
    static var available: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    static func home() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func environment(_ home: URL) -> [String: String] {
        [
            "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path, "UNDERCURRENT_LESSONS": lessons.path,
            "NO_COLOR": "1", "PATH": "/usr/bin:/bin",
        ]
    }

    static func run(_ arguments: [String], home: URL) -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment(home)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { return (-1, "", "\(error)") }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    static func exercise(_ lesson: Int, _ number: Int) -> Exercise {
        library.entry(number: lesson)!.lesson!.steps.compactMap(\.exercise)[number - 1]
    }

    @Test(.enabled(if: LessonsShellTests.available, "needs .build/debug/undercurrent"))
    func checkJudgesTheExerciseFileAndSaysSoInItsStatus() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        // No file yet: it is made from the starter, shown, and fails.
        let first = Self.run(["lesson", "check", "3.2"], home: home)
        let file = home.appendingPathComponent("data/undercurrent/exercises/demand/exercise-2.swift")
        #expect(first.status == 1, "\(first.output)\(first.errors)")
        #expect(first.output.contains("Exercise 3.2: Read until the marker"))
        #expect(first.output.contains("Your code: \(file.path)"))
        #expect(first.output.contains("✗ [marker] values to Reader are 5, 3, 0"))
        #expect(first.output.contains("✗ 7 of 8 checks fail (marker, one at a time)."))
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.exercise(3, 2).starter.code + "\n")
        // The learner saves a solution of their own: it passes, and the progress says so.
        try Self.exercise(3, 2).correct[0].code.code.write(to: file, atomically: true, encoding: .utf8)
        let second = Self.run(["lesson", "check", "3.2"], home: home)
        #expect(second.status == 0, "\(second.output)")
        #expect(second.output.contains("✓ All 8 checks pass in all 4 runs: exercise passed!"))
        let progress = ProgressStore(directory: home.appendingPathComponent("state/undercurrent"))
        let step = ExerciseFiles.stepIndex(in: Self.library.entry(number: 3)!.lesson!, exercise: 2)! + 1
        #expect(progress.progress(for: "demand")?.exercise(step).passed == true)
        // A file named on the command line; a wrong one fails.
        let other = home.appendingPathComponent("mine.swift")
        try Self.exercise(3, 2).wrong[0].code.code.write(to: other, atomically: true, encoding: .utf8)
        #expect(Self.run(["lesson", "check", "3.2", other.path], home: home).status == 1)
    }

    @Test(.enabled(if: LessonsShellTests.available, "needs .build/debug/undercurrent"))
    func checkCannotRunWithoutAnExerciseOrAFile() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let missing = Self.run(["lesson", "check", "3.9"], home: home)
        #expect(missing.status == 2)
        #expect(missing.errors.contains("lesson 3 has exercises 1 to 2, not 9"))
        #expect(Self.run(["lesson", "check", "99.1"], home: home).errors.contains("there is no lesson 99"))
        #expect(Self.run(["lesson", "check", "three"], home: home).status == 2)
        let unreadable = Self.run(["lesson", "check", "1.1", "/nonexistent/file.swift"], home: home)
        #expect(unreadable.status == 2 && unreadable.errors.contains("cannot read /nonexistent/file.swift"))
    }

    /// `lesson watch` judges the current exercise, again on every save, and moves on when it passes.
    @Test func watchJudgesEverySaveAndMovesOn() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = Self.environment(home)
        let all = LargeStack.run { () -> [String] in
            let store = ProgressStore(directory: StateDirectory.resolve(environment: environment))
            let files = ExerciseFiles.resolve(environment: environment, stateDirectory: store.directory)
            let start = ShellExercise.current(in: Self.library, store: store)
            var shown: [String] = [start?.name ?? "none"]
            var current = ""
            let watcher = ExerciseWatcher(
                starting: start, library: Self.library, store: store, files: files,
                renderer: LessonTextRenderer(useColor: false, width: 100), write: { current += $0 })
            watcher.start()
            shown.append(current)
            current = ""
            watcher.poll()
            shown.append(current)  // nothing saved: nothing judged
            current = ""
            try? Self.exercise(1, 1).correct[1].code.code.write(to: watcher.file!, atomically: true, encoding: .utf8)
            watcher.poll()
            shown.append(current)
            shown.append(watcher.current?.name ?? "none")
            shown.append(watcher.file?.path ?? "")
            return shown
        }
        #expect(all.first == "1.1")
        let output = Array(all.dropFirst())
        let store = ProgressStore(directory: StateDirectory.resolve(environment: environment))
        #expect(output[0].contains("Exercise 1.1: Shout"))
        #expect(
            output[0].contains(
                "Your code: \(home.path)/data/undercurrent/exercises/publishers-and-subscribers/exercise-1.swift"))
        #expect(output[0].contains("── 1.1 judged as it is now ──"))
        #expect(output[0].contains("✗ 3 of 4 checks fail"))
        #expect(output[1] == "")
        #expect(output[2].contains("── 1.1 judged after a save ──"))
        #expect(output[2].contains("exercise passed!"))
        #expect(output[2].contains("Exercise 1.2: Count the values"))
        #expect(output[3] == "1.2")
        #expect(output[4].hasSuffix("exercises/publishers-and-subscribers/exercise-2.swift"))
        // Judging the untouched starter of 1.2 was no try of the learner's.
        #expect(store.progress(for: "publishers-and-subscribers")?.exercise(Self.stepOf(1, 2)).failedChecks ?? 0 == 0)
        #expect(ShellExercise.current(in: Self.library, store: store)?.name == "1.2")
    }

    static func stepOf(_ lesson: Int, _ exercise: Int) -> Int {
        ExerciseFiles.stepIndex(in: library.entry(number: lesson)!.lesson!, exercise: exercise)! + 1
    }

    /// The REPL keeps the learner's code in the same file, shows where, and reads an older
    /// file kept beside the progress.
    @Test func theREPLUsesTheSameFileAndShowsIt() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = Self.environment(home)
        let state = try #require(StateDirectory.resolve(environment: environment))
        // An exercise file an earlier version kept beside the progress, by step.
        let step = Self.stepOf(1, 2)
        let legacy = state.appendingPathComponent("exercises/publishers-and-subscribers/step-\(step).swift")
        try FileManager.default.createDirectory(
            at: legacy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "// kept from before\n".write(to: legacy, atomically: true, encoding: .utf8)
        let shown = LargeStack.run { () -> [String] in
            var current = ""
            let session = Session(useColor: false) { current += $0 }
            let controller = LessonController(
                library: Self.library, store: ProgressStore(directory: state), environment: environment,
                width: { 200 }
            ) { current += $0 }
            session.sessionExtension = controller
            var shown: [String] = []
            for input in [":lesson 1", ":step \(step)", ":code"] {
                current = ""
                _ = session.handle(input)
                shown.append(current)
            }
            return shown
        }
        let file = home.appendingPathComponent(
            "data/undercurrent/exercises/publishers-and-subscribers/exercise-2.swift")
        #expect(shown[1].contains("Your code is kept in \(file.path)"))
        #expect(shown[1].contains("undercurrent lesson check 1.2"))
        #expect(shown[2].contains("// kept from before"))
        #expect(try String(contentsOf: file, encoding: .utf8).contains("// kept from before"))
    }
}
