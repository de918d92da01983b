import Foundation

/// Where the learner's exercise code lives, as files they can open in their own editor:
/// `$XDG_DATA_HOME/undercurrent/exercises/LESSON-ID/exercise-M.swift` (by default under
/// `~/.local/share`), M counting the lesson's exercises from 1. Files an earlier version
/// kept beside the progress (`…/state/undercurrent/exercises/LESSON-ID/step-N.swift`) are
/// read from there until the learner's code is saved again.
public struct ExerciseFiles: Sendable {
    /// The `exercises` directory; nil when there is nowhere to keep files.
    public let directory: URL?
    /// Where exercise files used to be kept (beside the progress), by step.
    public let legacyDirectory: URL?

    public init(directory: URL?, legacyDirectory: URL? = nil) {
        self.directory = directory
        self.legacyDirectory = legacyDirectory
    }

    /// The data directory's `exercises`, else the one beside the progress.
    public static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment, stateDirectory: URL?
    ) -> ExerciseFiles {
        let legacy = stateDirectory?.appendingPathComponent("exercises")
        let data = DataDirectory.resolve(environment: environment)?.appendingPathComponent("exercises")
        return ExerciseFiles(directory: data ?? legacy, legacyDirectory: data == nil ? nil : legacy)
    }

    /// The exercise's number in its lesson (1-based), for the step at `index`.
    public static func exerciseNumber(in lesson: Lesson, step index: Int) -> Int? {
        guard lesson.steps.indices.contains(index), lesson.steps[index].exercise != nil else { return nil }
        return lesson.steps[...index].filter { $0.exercise != nil }.count
    }

    /// The step (0-based) of the lesson's exercise `number` (1-based).
    public static func stepIndex(in lesson: Lesson, exercise number: Int) -> Int? {
        let indices = lesson.steps.indices.filter { lesson.steps[$0].exercise != nil }
        guard number >= 1, number <= indices.count else { return nil }
        return indices[number - 1]
    }

    public func file(for lesson: Lesson, step index: Int) -> URL? {
        guard let number = Self.exerciseNumber(in: lesson, step: index) else { return nil }
        return directory?.appendingPathComponent(lesson.id).appendingPathComponent("exercise-\(number).swift")
    }

    func legacyFile(for lesson: Lesson, step index: Int) -> URL? {
        legacyDirectory?.appendingPathComponent(lesson.id).appendingPathComponent("step-\(index + 1).swift")
    }

    /// The file to read the learner's code from: the exercise's file, else an older one.
    public func existingFile(for lesson: Lesson, step index: Int) -> URL? {
        for candidate in [file(for: lesson, step: index), legacyFile(for: lesson, step: index)] {
            if let candidate, FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The learner's code, in the parts a check runs in order (`LessonController.parts(of:)`);
    /// nil when there is no file yet.
    public func code(for lesson: Lesson, step index: Int) -> [String]? {
        guard let url = existingFile(for: lesson, step: index),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return nil }
        return LessonController.parts(of: text)
    }

    /// Writes the starter to the exercise's file when there is none; returns the file.
    @discardableResult
    public func ensureFile(for lesson: Lesson, step index: Int) -> URL? {
        guard let url = file(for: lesson, step: index), let exercise = lesson.steps[index].exercise else {
            return nil
        }
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let text =
            legacyFile(for: lesson, step: index).flatMap { try? String(contentsOf: $0, encoding: .utf8) }
            ?? exercise.starter.code + "\n"
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        } catch {
            return nil
        }
    }
}

/// `$XDG_DATA_HOME/undercurrent`, else `~/.local/share/undercurrent`.
public enum DataDirectory {
    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        // Relative paths in XDG variables are invalid and must be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("undercurrent")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(".local/share/undercurrent")
        }
        return nil
    }
}
