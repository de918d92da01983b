import Foundation
import UndercurrentSession

/// Starting lessons and moving between their steps.
extension LessonController {
    /// `:lesson N`, `:lesson FILE`, or `:lesson` alone (the last lesson worked on).
    public func startLesson(_ argument: String, in session: Session) {
        var argument = argument.trimmingSpaces()
        if argument.isEmpty {
            if let active {
                say("You are in \(title(active)). :lessons lists the others; :lesson N opens one.")
                return
            }
            guard let last = store.record.lastLesson, let number = library.number(of: last) else {
                say("usage: :lesson N   (:lessons lists the lessons)")
                return
            }
            argument = String(number)
        }
        if let number = Int(argument) {
            guard let entry = library.entry(number: number) else {
                say(
                    library.entries.isEmpty
                        ? "No lessons were found: set UNDERCURRENT_LESSONS to the lessons directory."
                        : "There is no lesson \(number): lessons go from 1 to \(library.entries.count).")
                return
            }
            guard let lesson = entry.lesson else {
                say("Lesson \(number) (\(entry.fileName)) has format errors:")
                say(entry.diagnostics.filter { $0.severity == .error }.map { "  " + $0.formatted(file: entry.path) })
                return
            }
            open(lesson, number: number, in: session)
            return
        }
        let path = (argument as NSString).expandingTildeInPath
        guard FileManager.default.fileExists(atPath: path) else {
            say("\(argument) is neither a lesson number nor a lesson file.")
            return
        }
        let parsed = LessonParser.parseFile(at: path)
        guard let lesson = parsed.lesson else {
            say("\(argument) has format errors:")
            say(parsed.errors.map { "  " + $0.formatted(file: argument) })
            return
        }
        open(
            lesson,
            number: library.number(of: lesson.id).flatMap { library.entry(number: $0)?.path == path ? $0 : nil },
            in: session)
    }

    /// Opens a lesson where the learner left it (at the start when it is done or new).
    public func open(_ lesson: Lesson, number: Int?, in session: Session) {
        let progress = store.progress(for: lesson.id)
        var index = 0
        if let progress, progress.status(stepCount: lesson.steps.count) != .done {
            index = min(max(progress.currentStep, 1), lesson.steps.count) - 1
        }
        // Each lesson starts clean: no declarations, object numbers or virtual time carry
        // over from what ran before, so the screen shows what the lesson's text says.
        session.startAfresh()
        active = Active(lesson: lesson, number: number, index: index)
        let renderer = renderer(session)
        var lines = [renderer.bold("━━ \(title(active!)) ━━")]
        if !lesson.summary.isEmpty { lines.append(renderer.inline(lesson.summary)) }
        if progress?.status(stepCount: lesson.steps.count) == .done {
            lines.append(renderer.dim("You have finished this lesson before; here it is again from the start."))
        } else if index > 0 {
            lines.append(renderer.dim("Welcome back: resuming at step \(index + 1) of \(lesson.steps.count)."))
        }
        if index == 0, !lesson.introduction.isEmpty {
            lines.append("")
            lines += renderer.render(lesson.introduction)
        }
        say(lines)
        store.update(lesson.id) { $0.currentStep = index + 1 }
        showStep(in: session)
    }

    func title(_ active: Active) -> String {
        if let number = active.number { return "Lesson \(number): \(active.lesson.title)" }
        return "Lesson: \(active.lesson.title)"
    }

    /// Shows the current step: its heading, text and code, and what to do next.
    func showStep(in session: Session) {
        guard var current = active else { return }
        let renderer = renderer(session)
        let step = current.step
        let position = "step \(current.index + 1) of \(current.lesson.steps.count)"
        var lines = ["", renderer.dim("── \(title(current)) · \(position) ──")]
        lines += renderer.heading(step.title, level: 2)
        let body = renderer.render(step.body)
        if !body.isEmpty { lines += [""] + body }
        prepare(&current, upTo: current.index, in: session)
        if let exercise = step.exercise {
            lines += exerciseText(exercise, &current, renderer)
        }
        if let prediction = step.prediction {
            lines += predictionText(prediction, current, renderer)
        }
        active = current
        lines += ["", renderer.dim(footer(current))]
        say(lines)
    }

    func footer(_ active: Active) -> String {
        let step = active.step
        let isLast = active.index == active.lesson.steps.count - 1
        var parts: [String]
        switch step.kind {
        case .reading:
            parts = []
        case .example:
            parts = [":run runs this code (or type it yourself)"]
        case .exercise:
            let hints = step.exercise!.hints.count
            parts = ["Type your code at the prompt or :edit it", ":check judges it"]
            if hints > 0 { parts.append(":hint (\(hints) \(hints == 1 ? "hint" : "hints"))") }
        case .prediction:
            if isAnswered(active.index) {
                parts = [":run shows it again"]
            } else {
                let choices = step.prediction!.choices.map(\.label)
                parts = [
                    choices.isEmpty
                        ? "Type your answer at the prompt"
                        : "Type your answer (\(choices.joined(separator: ", "))) at the prompt"
                ]
            }
        }
        if isLast {
            if let number = active.number, library.entry(number: number + 1)?.lesson != nil {
                parts.append(":next starts lesson \(number + 1)")
            } else {
                parts.append(":next finishes the lesson")
            }
        } else {
            parts.append(":next goes on")
        }
        return parts.joined(separator: " · ")
    }

    /// Runs, quietly, the code of earlier steps that has not run in this session, so a
    /// step can use what they declared. Exercises stand alone and are not run.
    func prepare(_ active: inout Active, upTo index: Int, in session: Session) {
        if active.preparedEnvironment !== session.environment {
            active.prepared = []
            active.preparedEnvironment = session.environment
        }
        for earlier in 0..<index where !active.prepared.contains(earlier) {
            let step = active.lesson.steps[earlier]
            let code = step.prediction?.code ?? step.code
            for block in code {
                _ = runQuietly(block.code, name: stepName(active, earlier), in: session)
            }
            active.prepared.insert(earlier)
        }
        if let exercise = active.step.exercise {
            // The learner's code can use what the exercise gives, and start from the starter.
            if let given = exercise.given { _ = runQuietly(given.code, name: "given", in: session) }
            for part in exerciseCode(&active, active.index) {
                _ = runQuietly(part, name: "your code", in: session)
            }
        }
    }

    func stepName(_ active: Active, _ index: Int) -> String {
        if let number = active.number { return "<lesson \(number), step \(index + 1)>" }
        return "<step \(index + 1)>"
    }

    // MARK: - Moving

    func requireActive() -> Active? {
        if active == nil { say("No lesson is open. :lessons lists the lessons; :lesson 1 starts the first.") }
        return active
    }

    public func next(in session: Session) {
        guard let current = requireActive() else { return }
        let step = current.step
        let id = current.lesson.id
        // Reading a step and moving on completes it; exercises complete when they pass,
        // questions when they are answered.
        if step.kind == .reading || step.kind == .example {
            store.update(id) { $0.completedSteps.insert(current.index + 1) }
        }
        if current.index + 1 < current.lesson.steps.count {
            go(to: current.index + 1, in: session)
            return
        }
        finishLesson(current, in: session)
    }

    func finishLesson(_ current: Active, in session: Session) {
        let renderer = renderer(session)
        let progress = store.progress(for: current.lesson.id) ?? LessonProgress()
        let missing = (1...current.lesson.steps.count).filter { !progress.completedSteps.contains($0) }
        var lines = [""]
        if missing.isEmpty {
            lines.append(
                renderer.green("✓ \(title(current)) is done.")
                    + " Exercises passed: \(progress.passedExercises) of \(current.lesson.exerciseCount).")
        } else {
            let list = missing.map(String.init).joined(separator: ", ")
            lines.append(
                "End of \(title(current)). Still open: step\(missing.count == 1 ? "" : "s") \(list) (:step N goes back)."
            )
        }
        say(lines)
        if let number = current.number, let nextLesson = library.entry(number: number + 1)?.lesson {
            open(nextLesson, number: number + 1, in: session)
        } else if current.number != nil {
            say("That was the last lesson. :lessons shows where you stand.")
        }
    }

    public func back(in session: Session) {
        guard let current = requireActive() else { return }
        guard current.index > 0 else {
            say("This is the first step.")
            return
        }
        go(to: current.index - 1, in: session)
    }

    func goToStep(_ argument: String, in session: Session) {
        guard let current = requireActive() else { return }
        guard let number = Int(argument), number >= 1, number <= current.lesson.steps.count else {
            say("usage: :step N, with N from 1 to \(current.lesson.steps.count)")
            return
        }
        go(to: number - 1, in: session)
    }

    func go(to index: Int, in session: Session) {
        guard var current = active else { return }
        current.index = index
        active = current
        store.update(current.lesson.id) { $0.currentStep = index + 1 }
        showStep(in: session)
    }

    func showWhere(in session: Session) {
        guard let current = requireActive() else { return }
        let progress = store.progress(for: current.lesson.id) ?? LessonProgress()
        let step = current.step
        var line =
            "\(title(current)), step \(current.index + 1) of \(current.lesson.steps.count): \(LessonTextRenderer.plainText(step.title))"
        switch step.kind {
        case .exercise:
            let exercise = progress.exercise(current.index + 1)
            line +=
                exercise.passed
                ? " (exercise, passed)"
                : " (exercise, not passed yet; \(exercise.failedChecks) failed \(exercise.failedChecks == 1 ? "check" : "checks"), \(exercise.hintsShown) of \(step.exercise!.hints.count) hints seen)"
        case .prediction:
            line += isAnswered(current.index) ? " (question, answered)" : " (question, waiting for your answer)"
        default:
            break
        }
        let done = progress.completedSteps.filter { $0 <= current.lesson.steps.count }.count
        say([
            line,
            "\(done) of \(current.lesson.steps.count) steps done; exercises passed: \(progress.passedExercises) of \(current.lesson.exerciseCount).",
        ])
    }

    // MARK: - Running a step

    func runStep(in session: Session) {
        guard var current = requireActive() else { return }
        let step = current.step
        switch step.kind {
        case .reading:
            say("This step has no code to run. :next goes on.")
        case .example:
            prepare(&current, upTo: current.index, in: session)
            active = current
            for block in step.code { runVisibly(block.code, name: stepName(current, current.index), in: session) }
            active?.prepared.insert(current.index)
            store.update(current.lesson.id) { $0.completedSteps.insert(current.index + 1) }
        case .exercise:
            runExercise(step.exercise!, in: session)
        case .prediction:
            guard isAnswered(current.index) else {
                say("Predict first: type your answer at the prompt, then the code runs. (:next skips the question.)")
                return
            }
            for block in step.prediction!.code {
                runVisibly(block.code, name: stepName(current, current.index), in: session)
            }
            active?.prepared.insert(current.index)
        }
    }

    // MARK: - Progress

    func askToResetProgress() {
        let started = store.record.lessons.count
        confirmingReset = true
        say("This forgets your progress in every lesson (\(started) started) and your exercise code. Clear it? [y/N]")
    }

    func clearProgress() {
        store.clear()
        if let folder = exerciseFolder(), FileManager.default.fileExists(atPath: folder.path) {
            try? FileManager.default.removeItem(at: folder)
        }
        if var current = active {
            current.exerciseCode = [:]
            current.exerciseFileDates = [:]
            active = current
        }
        say("Progress cleared.")
        reportStoreMessages()
    }
}
