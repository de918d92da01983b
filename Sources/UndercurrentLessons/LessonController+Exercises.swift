import Foundation
import UndercurrentInterpreter
import UndercurrentSession
import UndercurrentTrace

/// Exercises: the learner's code, running it, judging it, hints and the solution.
extension LessonController {
    /// Separates the parts of an exercise file: what came before, then each declaration
    /// typed at the prompt. A check runs the parts in order, as the prompt did.
    static let typedMarker = "// ── typed at the prompt ──"

    func exerciseText(_ exercise: Exercise, _ active: inout Active, _ renderer: LessonTextRenderer) -> [String] {
        var lines = [""]
        lines += renderer.heading("Exercise" + (exercise.title.isEmpty ? "" : ": " + exercise.title), level: 3)
        let prompt = renderer.render(exercise.prompt)
        if !prompt.isEmpty { lines += [""] + prompt }
        if let given = exercise.given {
            lines += ["", renderer.bold("Given") + renderer.dim(" (runs before your code):")] + renderer.code(given)
        }
        let code = exerciseCode(&active, active.index)
        let isStarter = code == [exercise.starter.code]
        lines += [
            "",
            renderer.bold(isStarter ? "Your code starts as" : "Your code so far")
                + renderer.dim(isStarter ? ":" : " (:code reset goes back to the starter):"),
        ]
        lines += renderer.code(CodeBlock(language: "swift", code: Self.joined(code), line: 0))
        if let runWith = exercise.runWith {
            lines +=
                ["", renderer.bold("Run with") + renderer.dim(" (runs after your code):")] + renderer.code(runWith)
        }
        let others = exercise.drivers.dropFirst()
        if !others.isEmpty {
            lines += [
                "",
                renderer.bold(":check")
                    + renderer.dim(
                        " also runs your code \(others.count == 1 ? "another way" : "\(others.count) other ways"), each a program of its own:"
                    ),
            ]
            for driver in others {
                lines += renderer.wrap(driver.name, first: "  - ", rest: "    ")
                if let code = driver.code { lines += renderer.code(code, indent: "      ") }
            }
        }
        lines += ["", renderer.bold(":check") + renderer.dim(" looks for:")]
        for driver in exercise.drivers {
            if exercise.drivers.count > 1 {
                lines.append(
                    renderer.dim(driver.name.isEmpty ? "  run with the exercise's code:" : "  with \(driver.name):"))
            }
            for check in driver.checks {
                lines += renderer.wrap("[\(check.concept)] " + check.text, first: "  - ", rest: "    ")
                // `output is:` shows its block (the inline form already shows its text).
                if check.text.hasSuffix(":"), case .outputIs(let text) = check.rule {
                    lines += text.split(separator: "\n", omittingEmptySubsequences: false).map {
                        "      " + renderer.dim(String($0))
                    }
                }
            }
        }
        lines += renderer.wrap(
            renderer.dim(
                "and, in every run, that it runs to its end and no call breaks the Publisher/Subscriber contract."),
            first: "  ", rest: "  ")
        if let file = saveExerciseFile(&active, active.index) {
            lines +=
                [""]
                + renderer.wrap(
                    renderer.dim(
                        "Your code is kept in \(file.path): edit it there with any editor (or :edit), then :check")
                        + renderer.dim(
                            active.number.map { number in
                                let exercise = ExerciseFiles.exerciseNumber(in: active.lesson, step: active.index) ?? 1
                                return " — or judge it from the shell: undercurrent lesson check \(number).\(exercise)"
                                    + " (undercurrent lesson watch re-judges it on every save)."
                            } ?? "."),
                    first: "", rest: "")
        }
        let progress = store.progress(for: active.lesson.id)?.exercise(active.index + 1) ?? ExerciseProgress()
        if progress.passed { lines += ["", renderer.green("✓ You passed this exercise.")] }
        return lines
    }

    // MARK: - The learner's code

    /// The learner's code for an exercise step: from memory, else the exercise file, else the starter.
    func exerciseCode(_ active: inout Active, _ index: Int) -> [String] {
        if let file = files.existingFile(for: active.lesson, step: index), let date = Self.modificationDate(file),
            case .success(let text) = LocalFile.readText(file.path, limit: ResourceLimits.maxSourceBytes)
        {
            // A file changed outside the REPL (another editor) wins.
            if active.exerciseCode[index] == nil || date > (active.exerciseFileDates[index] ?? .distantPast) {
                active.exerciseCode[index] = Self.parts(of: text)
                active.exerciseFileDates[index] = date
            }
        }
        if let code = active.exerciseCode[index] { return code }
        let starter = [active.lesson.steps[index].exercise?.starter.code ?? ""]
        active.exerciseCode[index] = starter
        return starter
    }

    /// The parts of an exercise file, in the order a check runs them.
    public static func parts(of text: String) -> [String] {
        var parts: [[Substring]] = [[]]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingSpaces() == typedMarker {
                parts.append([])
            } else {
                parts[parts.count - 1].append(line)
            }
        }
        let texts = parts.map { $0.joined(separator: "\n").trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
        return texts.isEmpty ? [""] : texts
    }

    static func joined(_ parts: [String]) -> String {
        parts.joined(separator: "\n\n" + typedMarker + "\n")
    }

    static func modificationDate(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// Exercise files live in the data directory (`ExerciseFiles`).
    func exerciseFolder() -> URL? { files.directory }

    func exerciseFile(_ active: Active, _ index: Int) -> URL? {
        files.file(for: active.lesson, step: index)
    }

    /// Writes the learner's current code to its file; returns the file, nil when it cannot be written.
    @discardableResult
    func saveExerciseFile(_ index: Int) -> URL? {
        guard var current = active else { return nil }
        let file = saveExerciseFile(&current, index)
        active = current
        return file
    }

    /// Writes the code of `active`'s exercise at `index` to its file (the starter, until
    /// the learner changes it); returns the file.
    @discardableResult
    func saveExerciseFile(_ current: inout Active, _ index: Int) -> URL? {
        let code = exerciseCode(&current, index)
        let file =
            exerciseFile(current, index)
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "undercurrent-\(current.lesson.id)-step-\(index + 1).swift")
        let text = Self.joined(code) + "\n"
        if (try? String(contentsOf: file, encoding: .utf8)) != text {
            do {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                return nil
            }
            // Written only as a regular file (a link is followed), as every file Undercurrent writes.
            guard case .success = LocalFile.write(Data(text.utf8), to: file.path) else { return nil }
        }
        current.exerciseFileDates[index] = Self.modificationDate(file)
        return file
    }

    func currentExercise() -> (Active, Exercise)? {
        guard let current = requireActive() else { return nil }
        guard let exercise = current.step.exercise else {
            say(
                "This step has no exercise."
                    + (current.step.kind == .prediction ? " Type your answer to the question at the prompt." : ""))
            return nil
        }
        return (current, exercise)
    }

    // MARK: - Commands

    func runExercise(_ exercise: Exercise, in session: Session) {
        guard var current = active else { return }
        let code = exerciseCode(&current, current.index)
        active = current
        for piece in exercise.pieces(learnerCode: code) {
            runVisibly(piece.source, name: "<\(piece.name)>", in: session)
        }
    }

    /// `:code` shows the learner's code; `:code reset` goes back to the starter.
    func code(_ argument: String, in session: Session) {
        guard case (var current, let exercise)? = currentExercise() else { return }
        let renderer = renderer(session)
        if argument == "reset" {
            current.exerciseCode[current.index] = [exercise.starter.code]
            active = current
            saveExerciseFile(current.index)
            _ = runQuietly(exercise.starter.code, name: "your code", in: session)
            say("Your code is the starter code again.")
            return
        }
        guard argument.isEmpty else {
            say("usage: :code (show your code) or :code reset (start again from the starter code)")
            return
        }
        let code = exerciseCode(&current, current.index)
        active = current
        var lines = [
            renderer.bold("Your code") + renderer.dim(code.count > 1 ? " (\(code.count) parts, run in order):" : ":")
        ]
        lines += renderer.code(CodeBlock(language: "swift", code: Self.joined(code), line: 0))
        if let file = exerciseFile(current, current.index), FileManager.default.fileExists(atPath: file.path) {
            lines.append(renderer.dim("It is kept in \(file.path)."))
        }
        say(lines)
    }

    func hint(in session: Session) {
        guard let (current, exercise) = currentExercise() else { return }
        let renderer = renderer(session)
        guard !exercise.hints.isEmpty else {
            say("This exercise has no hints. Its checks say what it looks for: :check shows which fail.")
            return
        }
        let step = current.index + 1
        let progress = store.progress(for: current.lesson.id)?.exercise(step) ?? ExerciseProgress()
        let seen = progress.seen
        guard let next = Self.nextHint(exercise, seen: seen, failed: progress.failedConcepts ?? []) else {
            var lines = ["You have seen all \(exercise.hints.count) hints:"]
            for (offset, hint) in exercise.hintList.enumerated() {
                let about = hint.concept.map { "(\($0)) " } ?? ""
                lines += renderer.wrap(about + hint.text, first: "  \(offset + 1). ", rest: "     ")
            }
            if !progress.passed {
                lines.append(renderer.dim(":solution opens after \(Self.checksBeforeSolution) failed checks."))
            }
            say(lines)
            return
        }
        store.update(current.lesson.id) {
            var updated = $0.exercises[String(step)] ?? ExerciseProgress()
            updated.seenHints = seen + [next]
            updated.hintsShown = seen.count + 1
            $0.exercises[String(step)] = updated
        }
        let hint = exercise.hintList[next]
        let about = hint.concept.map { " (\($0))" } ?? ""
        say(
            renderer.wrap(
                hint.text,
                first: renderer.yellow("Hint \(seen.count + 1) of \(exercise.hints.count)\(about): "), rest: "  "))
    }

    /// The hint to give next: one about a concept whose check failed last time, else the
    /// first general one not yet seen, else any not yet seen.
    static func nextHint(_ exercise: Exercise, seen: [Int], failed: [String]) -> Int? {
        let unseen = exercise.hintList.indices.filter { !seen.contains($0) }
        for concept in failed {
            if let index = unseen.first(where: { exercise.hintList[$0].concept == concept }) { return index }
        }
        return unseen.first { exercise.hintList[$0].concept == nil } ?? unseen.first
    }

    func solution(in session: Session) {
        guard let (current, exercise) = currentExercise() else { return }
        let renderer = renderer(session)
        let step = current.index + 1
        let progress = store.progress(for: current.lesson.id)?.exercise(step) ?? ExerciseProgress()
        guard progress.passed || progress.solutionShown || progress.failedChecks >= Self.checksBeforeSolution else {
            let left = Self.checksBeforeSolution - progress.failedChecks
            say(
                "The solution opens once your code passes, or after \(Self.checksBeforeSolution) checks that fail "
                    + "(\(left) to go). :hint gives a hint.")
            return
        }
        store.update(current.lesson.id) { $0.exercises[String(step), default: ExerciseProgress()].solutionShown = true }
        var lines = [
            renderer.bold("The lesson's solution") + renderer.dim(progress.passed ? " (compare it with yours):" : ":")
        ]
        lines += renderer.code(exercise.solution)
        if !progress.passed {
            lines.append(renderer.dim("Type it (or your version of it) at the prompt, or :edit, then :check."))
        }
        say(lines)
    }

    func edit(in session: Session) {
        guard var (current, _) = currentExercise() else { return }
        _ = exerciseCode(&current, current.index)
        active = current
        guard let file = saveExerciseFile(current.index) else {
            say(
                "Your code could not be written to a file. Type your code at the prompt instead: each declaration you type replaces the one of the same name."
            )
            return
        }
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first {
            !$0.trimmingSpaces().isEmpty
        }
        guard let editor else {
            say(
                """
                $EDITOR is not set, so there is no editor to open. Two ways on:
                  - type your code at the prompt: each declaration you type (class, struct, func, let …)
                    becomes part of your code for this exercise and replaces the one of the same name;
                    :code shows what you have, :check judges it;
                  - or edit \(file.path) with any editor, then :check here (it reads the file).
                To use :edit, set EDITOR before starting undercurrent, e.g. `export EDITOR=nano`.
                """)
            return
        }
        let status = launchEditor(editor, file.path)
        guard let status else {
            say("Could not start the editor `\(editor)`. Your code is in \(file.path).")
            return
        }
        guard var updated = active else { return }
        let text: String
        switch LocalFile.readText(file.path, limit: ResourceLimits.maxSourceBytes) {
        case .success(let read): text = read
        case .failure(let problem):
            say("Could not read \(file.path) back: \(problem.reason).")
            return
        }
        let parts = Self.parts(of: text)
        updated.exerciseCode[updated.index] = parts
        updated.exerciseFileDates[updated.index] = Self.modificationDate(file)
        active = updated
        for part in parts { _ = runQuietly(part, name: "your code", in: session) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        say(
            (status == 0 ? "" : "The editor exited with status \(status). ")
                + "Read your code back (\(lines) lines). :check judges it; :run runs it.")
    }

    // MARK: - Checking

    func check(in session: Session) {
        guard case (var current, let exercise)? = currentExercise() else { return }
        let renderer = renderer(session)
        let code = exerciseCode(&current, current.index)
        active = current
        let judgement = exercise.judge(learnerCode: code)
        if judgement.wasInterrupted {
            // Stopped by hand: not a failed attempt, so nothing is counted toward hints.
            say("Ctrl-C stopped the check; nothing was judged or counted. Your code is kept: :check again when ready.")
            return
        }
        let report = JudgementReport(judgement: judgement, exercise: exercise, learnerCode: code, renderer: renderer)
        let runs = judgement.runs.count
        var lines = [
            renderer.bold("Checking your code")
                + renderer.dim(
                    runs == 1
                        ? " (run on its own, with the exercise's given code and run-with code)"
                        : " (run \(runs) ways, each on its own, with the exercise's given code)")
        ]
        if code == [exercise.starter.code] {
            lines.append(renderer.dim("This is still the starter code: change it at the prompt or with :edit."))
        }
        lines += report.lines()
        let step = current.index + 1
        let passed = judgement.passed
        let failedConcepts = judgement.failedConcepts
        store.record(judgement, lesson: current.lesson.id, step: step)
        let progress = store.progress(for: current.lesson.id)?.exercise(step) ?? ExerciseProgress()
        lines += ["", report.summary]
        // The judged run becomes the last trace, to look at closely.
        let inspected = judgement.inspected
        session.inspect(inspected.run.events)
        if passed {
            lines.append(":solution shows the lesson's solution to compare; :next goes on.")
        } else {
            var next = "Change your code and :check again"
            if let hint = Self.nextHint(exercise, seen: progress.seen, failed: failedConcepts) {
                let concept = exercise.hintList[hint].concept
                next += concept.map { "; :hint has a hint about \($0)." } ?? "; :hint gives a hint."
            } else {
                next += "."
            }
            lines.append(next)
            if !progress.passed, progress.failedChecks >= Self.checksBeforeSolution, !progress.solutionShown {
                lines.append(
                    renderer.dim(
                        "After \(progress.failedChecks) tries, :solution shows the lesson's solution if you want it."))
            }
        }
        if inspected.run.calls.isEmpty == false {
            let which = runs == 1 || inspected.driver.name.isEmpty ? "the run" : "the run \"\(inspected.driver.name)\""
            lines.append(renderer.dim(":trace, :demand, :marbles and :step show \(which) in full."))
        }
        say(lines)
    }

    // MARK: - Questions

    func predictionText(_ prediction: Prediction, _ active: Active, _ renderer: LessonTextRenderer) -> [String] {
        var lines = [""]
        lines += renderer.heading("Predict" + (prediction.title.isEmpty ? "" : ": " + prediction.title), level: 3)
        let body = renderer.render(prediction.body)
        if !body.isEmpty { lines += [""] + body }
        lines += [""] + renderer.wrap(prediction.question, first: renderer.bold("? "), rest: "  ")
        for choice in prediction.choices {
            lines += renderer.wrap(choice.text, first: "  \(choice.label)) ", rest: "     ")
        }
        if isAnswered(active.index) {
            lines += ["", renderer.dim("You have answered this one: the answer is \(prediction.answerText).")]
        }
        return lines
    }

    func isAnswered(_ index: Int) -> Bool {
        guard let active else { return false }
        return store.progress(for: active.lesson.id)?.predictions[String(index + 1)] != nil
    }

    func answerCommand(_ argument: String, in session: Session) {
        guard let current = requireActive() else { return }
        guard let prediction = current.step.prediction else {
            say("This step asks no question.")
            return
        }
        guard !argument.isEmpty else {
            say("usage: :answer YOUR-ANSWER (or just type it at the prompt)")
            return
        }
        answer(argument, prediction, in: session)
    }

    func answer(_ input: String, _ prediction: Prediction, in session: Session) {
        guard let current = active else { return }
        let renderer = renderer(session)
        if !prediction.choices.isEmpty, !prediction.isChoiceLabel(input), !prediction.accepts(input) {
            say(
                "Answer with one of \(prediction.choices.map(\.label).joined(separator: ", ")). (:next skips the question.)"
            )
            return
        }
        let correct = prediction.accepts(input)
        let step = current.index + 1
        let firstAnswer = !isAnswered(current.index)
        store.update(current.lesson.id) { progress in
            if firstAnswer { progress.predictions[String(step)] = correct }
            progress.completedSteps.insert(step)
        }
        say(
            correct
                ? renderer.green("✓ Right.") + " Here is what happens:"
                : renderer.red("✗ Not quite:") + " the answer is \(prediction.answerText). Here is what happens:")
        for block in prediction.code { runVisibly(block.code, name: stepName(current, current.index), in: session) }
        active?.prepared.insert(current.index)
        var lines: [String] = []
        if !prediction.explanation.isEmpty {
            lines += [""] + renderer.wrap(prediction.explanation, first: "", rest: "")
        }
        lines += ["", renderer.dim(footer(current))]
        say(lines)
    }
}
