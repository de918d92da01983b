import Foundation
import UndercurrentInterpreter
import UndercurrentSession

/// Guided lessons inside a REPL session: the step navigator, exercises and their checks,
/// predict-the-trace questions, and the learner's saved progress. It joins the session as
/// its `SessionExtension`, so lesson commands sit beside the session's own.
public final class LessonController: SessionExtension {
    public let library: LessonLibrary
    public let store: ProgressStore
    /// Where the learner's exercise code is kept, as files.
    public let files: ExerciseFiles
    let write: (String) -> Void
    /// Columns lesson text wraps to.
    public var width: () -> Int
    /// `EDITOR`, `VISUAL`; and where exercise files go when there is no state directory.
    let environment: [String: String]
    /// Opens a file in the learner's editor and waits; returns its exit status, nil if it could not start.
    public var launchEditor: (_ editor: String, _ path: String) -> Int32? = LessonController.runEditor
    /// Failed checks after which `:solution` is offered.
    public static let checksBeforeSolution = 3

    /// The lesson being taken.
    struct Active {
        var lesson: Lesson
        /// Its number in the library; nil for a teacher's own file.
        var number: Int?
        /// 0-based step.
        var index: Int
        /// Steps whose code has run in the session's environment (`:reset` makes a new one).
        var prepared: Set<Int> = []
        weak var preparedEnvironment: ScriptEnvironment?
        /// The learner's code for each exercise step: the starter or an edited file,
        /// then each declaration typed at the prompt.
        var exerciseCode: [Int: [String]] = [:]
        /// When the exercise file was last written by the controller.
        var exerciseFileDates: [Int: Date] = [:]

        var step: LessonStep { lesson.steps[index] }
    }

    var active: Active?
    /// Waiting for a yes/no answer to `:reset-progress`.
    var confirmingReset = false
    /// True while lesson code runs through the session, so it is not taken as the learner's.
    var runningLessonCode = false

    public init(
        library: LessonLibrary, store: ProgressStore,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        files: ExerciseFiles? = nil,
        width: @escaping () -> Int = { TerminalWidth.forText() },
        write: @escaping (String) -> Void
    ) {
        self.library = library
        self.store = store
        self.files = files ?? ExerciseFiles.resolve(environment: environment, stateDirectory: store.directory)
        self.environment = environment
        self.width = width
        self.write = write
    }

    /// Attaches lessons to a session, writing where the session writes.
    @discardableResult
    public static func attach(
        to session: Session, environment: [String: String] = ProcessInfo.processInfo.environment,
        write: @escaping (String) -> Void
    ) -> LessonController {
        let controller = LessonController(
            library: LessonLibrary(directory: LessonLibrary.locate(environment: environment)),
            store: ProgressStore(directory: StateDirectory.resolve(environment: environment)),
            environment: environment, write: write)
        session.sessionExtension = controller
        return controller
    }

    func renderer(_ session: Session) -> LessonTextRenderer {
        LessonTextRenderer(useColor: session.useColor, width: width())
    }

    func say(_ text: String) {
        write(text.hasSuffix("\n") ? text : text + "\n")
    }

    func say(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        write(lines.joined(separator: "\n") + "\n")
    }

    /// Shows what the progress store has to say about its file (set aside, cannot save).
    public func reportStoreMessages() {
        for message in store.takeMessages() { say("note: " + message) }
    }

    // MARK: - SessionExtension

    public func intercept(_ input: String, in session: Session) -> Session.Action? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if confirmingReset {
            confirmingReset = false
            if ["y", "yes"].contains(trimmed.lowercased()) {
                clearProgress()
                return .continue
            }
            say("Your progress is kept.")
            return trimmed.hasPrefix(":") ? nil : .continue
        }
        if let active, let prediction = active.step.prediction, !trimmed.isEmpty, !trimmed.hasPrefix(":"),
            !isAnswered(active.index), prediction.looksLikeAnswer(trimmed)
        {
            answer(trimmed, prediction, in: session)
            return .continue
        }
        // `:step` and `:check` are also the session's (step through the last trace; the
        // contract checker): in a lesson, `:step N` moves to a step, and `:check` alone in
        // an exercise judges the learner's code.
        if let active {
            let parts = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
            let argument = parts.count > 1 ? parts[1].trimmingSpaces() : ""
            if parts.first == ":step", Int(argument) != nil {
                goToStep(argument, in: session)
                return .continue
            }
            if parts.first == ":check", argument.isEmpty, active.step.exercise != nil {
                check(in: session)
                reportStoreMessages()
                return .continue
            }
        }
        return nil
    }

    public func runCommand(_ command: String, argument: String, in session: Session) -> Session.Action? {
        defer { reportStoreMessages() }
        switch command {
        case ":lessons": say(LessonListing.lines(library, store, renderer: renderer(session)))
        case ":lesson": startLesson(argument, in: session)
        case ":next", ":n": next(in: session)
        case ":back", ":b": back(in: session)
        case ":where": showWhere(in: session)
        case ":run": runStep(in: session)
        case ":hint": hint(in: session)
        case ":solution": solution(in: session)
        case ":edit": edit(in: session)
        case ":code": code(argument, in: session)
        case ":answer": answerCommand(argument, in: session)
        case ":reset-progress": askToResetProgress()
        default: return nil
        }
        return .continue
    }

    public func didEvaluate(_ source: String, error: ScriptError?, in session: Session) {
        guard !runningLessonCode, error == nil, var current = active, current.step.exercise != nil,
            Self.isDeclaration(source)
        else { return }
        let index = current.index
        var code = exerciseCode(&current, index)
        code.append(source.trimmingCharacters(in: .newlines))
        current.exerciseCode[index] = code
        active = current
        saveExerciseFile(index)
        say(renderer(session).dim("(added to your code for this exercise: :code shows it, :check judges it)"))
    }

    public var commandNames: [String] {
        [
            ":lessons", ":lesson", ":next", ":back", ":where", ":run", ":hint", ":solution",
            ":edit", ":code", ":answer", ":reset-progress",
        ]
    }

    public var helpText: String {
        """
        Lessons:
          :lessons          the lessons, with your progress
          :lesson N         start or resume lesson N (or :lesson FILE for a lesson file of your own)
          :next, :back      the next or the previous step; :step N goes to step N
                            (:step alone steps through the last trace)
          :where            where you are in the lesson
          :run              run the step's code (in an exercise: your code)
          :check            in an exercise: judge your code (elsewhere: the contract checker);
                            :hint gives a hint, one at a time
          :edit             open your exercise code in $EDITOR; :code shows it, :code reset starts over
          :solution         the lesson's solution, after a pass or \(Self.checksBeforeSolution) failed checks
          :reset-progress   forget all your lesson progress (asks first)
        In an exercise, declarations you type at the prompt become part of your code.
        At a question, type your answer (a, b, c … or a word or number) at the prompt.

        """
    }

    // MARK: - Helpers

    /// Whether an input declares something (a type, a function, a variable) rather than just running.
    public static func isDeclaration(_ source: String) -> Bool {
        let modifiers: Set<String> = [
            "final", "private", "fileprivate", "public", "internal", "open", "static",
            "indirect", "lazy", "weak", "unowned",
        ]
        let declarations: Set<String> = [
            "class", "struct", "enum", "protocol", "extension", "func", "typealias",
            "let", "var", "actor",
        ]
        for line in source.split(separator: "\n") {
            let trimmed = line.trimmingSpaces()
            if trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("import ") { continue }
            for word in trimmed.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "<" || $0 == ":" }) {
                if word.hasPrefix("@") || modifiers.contains(String(word)) { continue }
                return declarations.contains(String(word))
            }
        }
        return false
    }

    /// Runs code in the session without showing anything: declarations a step relies on.
    /// The session's tracer runs (its events are dropped): subscriptions made now are
    /// traced later only if tracing was on when they were made, and the demand ledger
    /// stays true.
    func runQuietly(_ source: String, name: String, in session: Session) -> ScriptError? {
        let interpreter = session.environment.interpreter
        let output = interpreter.output
        interpreter.output = { _ in }
        session.tracer.start()
        defer {
            session.tracer.stop()
            session.tracer.clearEvents()
            interpreter.output = output
        }
        do {
            try session.runUnseen(source, fileName: name)
            return nil
        } catch let error as ScriptError {
            return error
        } catch {
            return ScriptError.runtime("\(error)")
        }
    }

    /// Runs code in the session as if typed, with its trace.
    func runVisibly(_ source: String, name: String, in session: Session) {
        runningLessonCode = true
        defer { runningLessonCode = false }
        session.evaluate(source, fileName: name)
    }

    /// Runs `$EDITOR FILE` through the shell on the learner's terminal and waits for it.
    /// Spawned and waited for directly: an editor that leaves a server behind (emacsclient)
    /// keeps inherited descriptors open, which would make Foundation's Process wait for ever.
    static func runEditor(_ editor: String, _ path: String) -> Int32? {
        // The path goes in as $1, so no quoting of it is needed.
        let arguments = ["/bin/sh", "-c", editor + " \"$1\"", "sh", path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            if errno != EINTR { return nil }
        }
        // Exited normally: its exit code; killed by a signal: 128 + the signal, as shells say.
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
