import Foundation

/// The learner's progress in every lesson, kept by lesson id.
public struct LessonProgressRecord: Codable, Sendable, Equatable {
    public var version = 1
    public var lessons: [String: LessonProgress] = [:]
    /// The lesson last worked on, for `:lesson` with no number.
    public var lastLesson: String?

    public init() {}
}

public struct LessonProgress: Codable, Sendable, Equatable {
    /// 1-based step to resume at.
    public var currentStep = 1
    public var completedSteps: Set<Int> = []
    /// By step number (as text, for JSON).
    public var exercises: [String: ExerciseProgress] = [:]
    /// By step number: whether the first answer was right.
    public var predictions: [String: Bool] = [:]

    public init() {}

    public func exercise(_ step: Int) -> ExerciseProgress { exercises[String(step)] ?? ExerciseProgress() }

    public var passedExercises: Int { exercises.values.filter(\.passed).count }
}

public struct ExerciseProgress: Codable, Sendable, Equatable {
    public var passed = false
    public var failedChecks = 0
    /// How many hints the learner has seen.
    public var hintsShown = 0
    public var solutionShown = false
    /// Which hints the learner has seen, by their place in the exercise (hints about a
    /// failed concept come first, so they are not always seen in order). Absent in files
    /// written before hints had concepts: then the first `hintsShown` were seen.
    public var seenHints: [Int]?
    /// The concepts whose checks failed at the last check.
    public var failedConcepts: [String]?

    public init() {}

    /// The hints seen, by their place in the exercise.
    public var seen: [Int] { seenHints ?? Array(0..<hintsShown) }
}

/// Where a lesson stands for the learner, for the list.
public enum LessonStatus: String, Sendable {
    case notStarted = "not started"
    case inProgress = "in progress"
    case done = "done"
}

extension LessonProgress {
    public func status(stepCount: Int) -> LessonStatus {
        if stepCount > 0, (1...stepCount).allSatisfy(completedSteps.contains) { return .done }
        return .inProgress
    }
}

/// Keeps progress in `progress.json` under the state directory. Saves are atomic (a
/// temporary file renamed over the old one). A file that cannot be read or decoded is
/// set aside under a timestamped name, with a message, and never overwritten.
public final class ProgressStore {
    /// nil keeps progress in memory only.
    public let directory: URL?
    public var file: URL? { directory?.appendingPathComponent("progress.json") }
    public private(set) var record = LessonProgressRecord()
    /// False when there is nowhere to save, or the file could not be set aside.
    public private(set) var canSave = true
    /// What the learner should be told about the file (set aside, cannot save), once.
    public private(set) var messages: [String] = []

    public init(directory: URL?) {
        self.directory = directory
        if directory == nil { canSave = false } else { load() }
    }

    /// Messages not yet shown, and forgets them.
    public func takeMessages() -> [String] {
        defer { messages.removeAll() }
        return messages
    }

    // MARK: - Reading

    func load() {
        guard let path = file?.path else { return }
        guard FileManager.default.fileExists(atPath: path) else { return }
        let problem: String
        if let data = FileManager.default.contents(atPath: path) {
            do {
                let decoded = try JSONDecoder().decode(LessonProgressRecord.self, from: data)
                if decoded.version == 1 {
                    record = decoded
                    return
                }
                problem = "it was written by a newer Undercurrent (format \(decoded.version))"
            } catch {
                problem = "it is not valid progress data (\(Self.describe(error)))"
            }
        } else {
            problem = "it cannot be read"
        }
        setAside(reason: problem)
    }

    private func setAside(reason: String) {
        guard let directory, let file else { return }
        let stamp = Self.timestamp()
        var aside = directory.appendingPathComponent("progress.json.unreadable-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: aside.path) {
            attempt += 1
            aside = directory.appendingPathComponent("progress.json.unreadable-\(stamp)-\(attempt)")
        }
        let moved = rename(file.path, aside.path) == 0
        let reasonMoveFailed = moved ? "" : String(cString: strerror(errno))
        if moved {
            messages.append(
                "Your progress file \(file.path) could not be used: \(reason). It was moved to \(aside.path); progress starts afresh."
            )
        } else {
            canSave = false
            messages.append(
                "Your progress file \(file.path) could not be used: \(reason), and it could not be moved aside (\(reasonMoveFailed)). It is left as it is; progress in this session will not be saved."
            )
        }
    }

    static func timestamp(_ date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, _): return "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context): return context.debugDescription
        case DecodingError.valueNotFound(_, let context): return context.debugDescription
        default: return "\(error)"
        }
    }

    // MARK: - Changing

    public func progress(for lesson: String) -> LessonProgress? { record.lessons[lesson] }

    /// Changes one lesson's progress and saves.
    public func update(_ lesson: String, _ change: (inout LessonProgress) -> Void) {
        var progress = record.lessons[lesson] ?? LessonProgress()
        change(&progress)
        record.lessons[lesson] = progress
        record.lastLesson = lesson
        save()
    }

    /// Records a check of the exercise at `step` (1-based): passed, or one more failed check,
    /// and the concepts that failed (hints about them come first).
    public func record(_ judgement: Judgement, lesson: String, step: Int) {
        update(lesson) { progress in
            var exerciseProgress = progress.exercises[String(step)] ?? ExerciseProgress()
            if judgement.passed {
                exerciseProgress.passed = true
                progress.completedSteps.insert(step)
            } else {
                exerciseProgress.failedChecks += 1
            }
            exerciseProgress.failedConcepts = judgement.failedConcepts
            progress.exercises[String(step)] = exerciseProgress
        }
    }

    /// Forgets all progress and saves the empty record.
    public func clear() {
        record = LessonProgressRecord()
        save()
    }

    /// Writes the record atomically: a temporary file in the same directory, renamed over the old.
    @discardableResult
    public func save() -> Bool {
        guard canSave, let directory, let file else { return false }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(record)
            let temporary = directory.appendingPathComponent(".progress.json.\(getpid()).tmp")
            guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
                throw CocoaError(.fileWriteUnknown)
            }
            guard rename(temporary.path, file.path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary.path)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
            }
            return true
        } catch {
            canSave = false
            messages.append(
                "Progress could not be saved in \(file.path) (\(error.localizedDescription)); it is kept for this session only."
            )
            return false
        }
    }
}

/// `$XDG_STATE_HOME/undercurrent`, else `~/.local/state/undercurrent`, as the REPL's history.
public enum StateDirectory {
    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        // Relative paths in XDG variables are invalid and must be ignored.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("undercurrent")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(".local/state/undercurrent")
        }
        return nil
    }
}
