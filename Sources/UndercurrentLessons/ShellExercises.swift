import Foundation

/// Exercises judged from the shell, in the learner's own editor: `undercurrent lesson check
/// N.M [FILE]` and `undercurrent lesson watch`.
public struct ShellExercise: Sendable {
    public let lessonNumber: Int
    public let lesson: Lesson
    /// 0-based step of the exercise.
    public let stepIndex: Int
    /// 1-based among the lesson's exercises.
    public let exerciseNumber: Int
    public var exercise: Exercise { lesson.steps[stepIndex].exercise! }
    /// `3.2`
    public var name: String { "\(lessonNumber).\(exerciseNumber)" }

    /// The exercise `N.M`: lesson N's Mth exercise; a message when there is none.
    public static func locate(_ spec: String, in library: LessonLibrary) -> Result<ShellExercise, ShellError> {
        let parts = spec.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[0]), let exerciseNumber = Int(parts[1]) else {
            return .failure(ShellError("`\(spec)` is not an exercise: write LESSON.EXERCISE, like 3.2"))
        }
        guard let entry = library.entry(number: number) else {
            return .failure(
                ShellError(
                    library.entries.isEmpty
                        ? "no lessons were found: set UNDERCURRENT_LESSONS to the lessons directory"
                        : "there is no lesson \(number): lessons go from 1 to \(library.entries.count)"))
        }
        guard let lesson = entry.lesson else {
            return .failure(ShellError("lesson \(number) (\(entry.fileName)) has format errors"))
        }
        guard let index = ExerciseFiles.stepIndex(in: lesson, exercise: exerciseNumber) else {
            return .failure(
                ShellError("lesson \(number) has exercises 1 to \(lesson.exerciseCount), not \(exerciseNumber)"))
        }
        return .success(
            ShellExercise(lessonNumber: number, lesson: lesson, stepIndex: index, exerciseNumber: exerciseNumber))
    }

    /// The exercise after this one, in this lesson or the next ones.
    public func next(in library: LessonLibrary) -> ShellExercise? {
        if case .success(let next) = Self.locate("\(lessonNumber).\(exerciseNumber + 1)", in: library) { return next }
        var number = lessonNumber + 1
        while let entry = library.entry(number: number) {
            if let lesson = entry.lesson, lesson.exerciseCount > 0 {
                return ShellExercise(
                    lessonNumber: number, lesson: lesson,
                    stepIndex: ExerciseFiles.stepIndex(in: lesson, exercise: 1)!, exerciseNumber: 1)
            }
            number += 1
        }
        return nil
    }

    /// The exercise a learner is at: the lesson last worked on, at its current step when that
    /// is an exercise not yet passed, else its next exercise not yet passed, else the first
    /// such exercise of a later lesson; the first exercise of lesson 1 for a new learner.
    public static func current(in library: LessonLibrary, store: ProgressStore) -> ShellExercise? {
        var number = store.record.lastLesson.flatMap(library.number(of:)) ?? 1
        var fromStep = 0
        if let lesson = library.entry(number: number)?.lesson {
            fromStep = max(0, (store.progress(for: lesson.id)?.currentStep ?? 1) - 1)
        }
        while let entry = library.entry(number: number) {
            if let lesson = entry.lesson {
                let progress = store.progress(for: lesson.id)
                for index in lesson.steps.indices where index >= fromStep && lesson.steps[index].exercise != nil {
                    if progress?.exercise(index + 1).passed != true {
                        return ShellExercise(
                            lessonNumber: number, lesson: lesson, stepIndex: index,
                            exerciseNumber: ExerciseFiles.exerciseNumber(in: lesson, step: index)!)
                    }
                }
            }
            number += 1
            fromStep = 0
        }
        return nil
    }

    /// What the learner reads before judging: the exercise, its prompt and where its file is.
    public func introduction(file: URL?, renderer: LessonTextRenderer) -> [String] {
        var lines = renderer.heading(
            "Exercise \(name): " + (exercise.title.isEmpty ? lesson.title : exercise.title), level: 3)
        lines += [""] + renderer.render(exercise.prompt)
        if let file { lines += ["", renderer.dim("Your code: \(file.path)")] }
        return lines
    }

    /// Judges `code` as `:check` does, records it in the learner's progress, and returns what
    /// to show and whether it passed.
    public func check(
        code: [String], store: ProgressStore?, renderer: LessonTextRenderer
    ) -> (lines: [String], passed: Bool) {
        let judgement = exercise.judge(learnerCode: code)
        let report = JudgementReport(judgement: judgement, exercise: exercise, learnerCode: code, renderer: renderer)
        // The untouched starter is no try of the learner's: it counts for nothing.
        let isStarter =
            code.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } == [
                exercise.starter.code.trimmingCharacters(in: .whitespacesAndNewlines)
            ]
        if !isStarter { store?.record(judgement, lesson: lesson.id, step: stepIndex + 1) }
        var lines = report.lines() + ["", report.summary]
        if !judgement.passed {
            let progress = store?.progress(for: lesson.id)?.exercise(stepIndex + 1) ?? ExerciseProgress()
            if let hint = LessonController.nextHint(exercise, seen: progress.seen, failed: judgement.failedConcepts) {
                let about = exercise.hintList[hint].concept.map { " (\($0))" } ?? ""
                lines += renderer.wrap(
                    exercise.hintList[hint].text, first: renderer.yellow("Hint\(about): "), rest: "  ")
            }
        }
        return (lines, judgement.passed)
    }
}

public struct ShellError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// `undercurrent lesson watch`: judges the current exercise whenever its file is saved,
/// and moves on to the next exercise once it passes. The command calls `poll()` in a loop,
/// on one thread (hence unchecked: it is handed to the large-stack thread once).
public final class ExerciseWatcher: @unchecked Sendable {
    public private(set) var current: ShellExercise?
    let library: LessonLibrary
    let store: ProgressStore
    let files: ExerciseFiles
    let renderer: LessonTextRenderer
    let write: (String) -> Void
    private var lastSeen: Date?
    private var lastText: String?

    public init(
        starting: ShellExercise?, library: LessonLibrary, store: ProgressStore, files: ExerciseFiles,
        renderer: LessonTextRenderer, write: @escaping (String) -> Void
    ) {
        self.current = starting
        self.library = library
        self.store = store
        self.files = files
        self.renderer = renderer
        self.write = write
    }

    /// The exercise's file, made from the starter when there is none.
    public var file: URL? {
        guard let current else { return nil }
        return files.ensureFile(for: current.lesson, step: current.stepIndex)
    }

    /// Shows the exercise and judges its file as it is now.
    public func start() {
        guard let current else {
            say(["Every exercise is passed: there is nothing left to watch."])
            return
        }
        say(
            current.introduction(file: file, renderer: renderer) + [
                "", renderer.dim("Watching it: every save is judged. Ctrl-C stops."),
            ])
        judgeIfChanged(force: true)
    }

    /// Judges the file when it changed since the last look; returns false once every
    /// exercise is passed (nothing left to watch).
    @discardableResult
    public func poll() -> Bool {
        guard current != nil else { return false }
        judgeIfChanged(force: false)
        return current != nil
    }

    private func judgeIfChanged(force: Bool) {
        guard let current, let file else { return }
        let date = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        let text = try? String(contentsOf: file, encoding: .utf8)
        // A save that changed nothing (or a half-written file seen twice) is judged once.
        guard force || date != lastSeen || text != lastText else { return }
        lastSeen = date
        lastText = text
        guard let text else {
            say(["Cannot read \(file.path)."])
            return
        }
        let (lines, passed) = current.check(
            code: LessonController.parts(of: text), store: store, renderer: renderer)
        say(["", renderer.bold("── \(current.name) judged \(force ? "as it is now" : "after a save") ──")] + lines)
        guard passed else { return }
        self.current = current.next(in: library)
        lastSeen = nil
        lastText = nil
        guard let next = self.current else {
            say(["", renderer.green("That was the last exercise. Well done!")])
            return
        }
        say([""] + next.introduction(file: self.file, renderer: renderer) + ["", renderer.dim("Watching it now.")])
        judgeIfChanged(force: false)
    }

    private func say(_ lines: [String]) {
        write(lines.joined(separator: "\n") + "\n")
    }
}
