import Foundation
import UndercurrentInterpreter

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
/// temporary file renamed over the old one) and made under a lock on the directory, after
/// reading the file again: two windows open at once each add their own changes to what the
/// other saved, and neither erases the other's. A symbolic link is followed to the file it
/// names. A file that cannot be read or decoded is set aside under a timestamped name, with
/// a message, and never overwritten; numbers out of range in it are repaired, with a message.
public final class ProgressStore {
    /// nil keeps progress in memory only.
    public let directory: URL?
    public var file: URL? { directory?.appendingPathComponent("progress.json") }
    public private(set) var record = LessonProgressRecord()
    /// False when there is nowhere to save, or the file could not be set aside.
    public private(set) var canSave = true
    /// What the learner should be told about the file (set aside, cannot save), once.
    public private(set) var messages: [String] = []
    /// A progress file is a few kilobytes; a larger one is not progress data.
    static let maxFileBytes = 16 << 20

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
        if let read = readFile() { record = read }
    }

    /// The record in the file, repaired where needed; nil when there is no usable file (one
    /// that cannot be used is set aside, with a message).
    private func readFile() -> LessonProgressRecord? {
        guard let path = file?.path else { return nil }
        let problem: String
        switch LocalFile.read(path, limit: Self.maxFileBytes) {
        case .success(nil):
            return nil
        case .success(let data?):
            do {
                let decoded = try JSONDecoder().decode(LessonProgressRecord.self, from: data)
                if decoded.version == 1 {
                    let (repaired, changes) = Self.repaired(decoded)
                    if !changes.isEmpty {
                        messages.append(
                            "Your progress file \(path) held numbers out of range (\(changes.joined(separator: "; "))); they were repaired."
                        )
                    }
                    return repaired
                }
                problem = "it was written by a newer Undercurrent (format \(decoded.version))"
            } catch {
                problem = "it is not valid progress data (\(Self.describe(error)))"
            }
        case .failure(let failure):
            problem = "it cannot be read (\(failure.reason))"
        }
        setAside(reason: problem)
        return nil
    }

    /// Steps and counts a learner's progress can really hold: a hand-edited or damaged file
    /// may say `"hintsShown": -1` or `"failedChecks": 9223372036854775807`, which the
    /// commands would index or count with.
    static let stepRange = 1...10_000
    static let countRange = 0...1_000_000

    /// The record with every number brought into range, and what was changed.
    static func repaired(_ record: LessonProgressRecord) -> (LessonProgressRecord, [String]) {
        var repaired = record
        var changes: [String] = []
        func clamp(_ value: Int, _ range: ClosedRange<Int>, _ what: @autoclosure () -> String) -> Int {
            let clamped = min(max(value, range.lowerBound), range.upperBound)
            if clamped != value { changes.append("\(what()) \(value) → \(clamped)") }
            return clamped
        }
        func isStep(_ key: String) -> Bool { Int(key).map(stepRange.contains) ?? false }
        for (id, progress) in record.lessons.sorted(by: { $0.key < $1.key }) {
            var fixed = progress
            fixed.currentStep = clamp(progress.currentStep, stepRange, "lesson \(id): currentStep")
            let steps = progress.completedSteps.filter(stepRange.contains)
            if steps.count != progress.completedSteps.count {
                changes.append("lesson \(id): completedSteps outside \(stepRange) dropped")
                fixed.completedSteps = steps
            }
            fixed.exercises = [:]
            for (step, exercise) in progress.exercises {
                guard isStep(step) else {
                    changes.append("lesson \(id): exercise \(step) dropped")
                    continue
                }
                var fixedExercise = exercise
                fixedExercise.failedChecks = clamp(
                    exercise.failedChecks, countRange, "lesson \(id) step \(step): failedChecks")
                fixedExercise.hintsShown = clamp(
                    exercise.hintsShown, countRange, "lesson \(id) step \(step): hintsShown")
                fixed.exercises[step] = fixedExercise
            }
            let predictions = progress.predictions.filter { isStep($0.key) }
            if predictions.count != progress.predictions.count {
                changes.append("lesson \(id): predictions of steps outside \(stepRange) dropped")
                fixed.predictions = predictions
            }
            repaired.lessons[id] = fixed
        }
        return (repaired, changes)
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
        // Renaming moves the entry itself (a link moves, not what it names).
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

    /// Changes one lesson's progress and saves: under the lock, the file is read again and
    /// the change is made to what it holds, so another window's saves are kept.
    public func update(_ lesson: String, _ change: (inout LessonProgress) -> Void) {
        readModifyWrite { record in
            var progress = record.lessons[lesson] ?? LessonProgress()
            change(&progress)
            record.lessons[lesson] = progress
            record.lastLesson = lesson
        }
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
        readModifyWrite { $0 = LessonProgressRecord() }
    }

    private func readModifyWrite(_ change: (inout LessonProgressRecord) -> Void) {
        guard canSave, let directory else {
            change(&record)
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            change(&record)
            cannotSave(error.localizedDescription)
            return
        }
        withDirectoryLock(directory) {
            var latest = readFile() ?? record
            change(&latest)
            record = latest
            save()
        }
    }

    /// Runs `body` holding an exclusive lock on the state directory (another window waits).
    /// Without a lock (a file system that has none), `body` runs anyway.
    private func withDirectoryLock(_ directory: URL, _ body: () -> Void) {
        let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return body() }
        defer { close(descriptor) }
        var locked = flock(descriptor, LOCK_EX)
        while locked != 0 && errno == EINTR { locked = flock(descriptor, LOCK_EX) }
        defer { if locked == 0 { flock(descriptor, LOCK_UN) } }
        body()
    }

    /// Writes the record atomically: a temporary file beside the file, renamed over it.
    @discardableResult
    public func save() -> Bool {
        guard canSave, let directory, let file else { return false }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(record)
            if case .failure(let problem) = LocalFile.write(data, to: file.path) {
                cannotSave(problem.reason)
                return false
            }
            return true
        } catch {
            cannotSave(error.localizedDescription)
            return false
        }
    }

    private func cannotSave(_ reason: String) {
        guard canSave, let file else { return }
        canSave = false
        messages.append("Progress could not be saved in \(file.path) (\(reason)); it is kept for this session only.")
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
