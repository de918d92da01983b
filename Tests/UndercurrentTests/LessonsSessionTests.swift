import Foundation
import Testing
import UndercurrentLessons
import UndercurrentSession

/// The lesson commands in a REPL session: moving through steps, running code, checking
/// exercises, hints and solutions, questions, `:edit`, and progress on disk.
@Suite struct LessonsSessionTests {
    static let lessons = TestPaths.repository.appendingPathComponent("lessons")

    static func stateDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lesson-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs inputs in a session with lessons attached; returns what each input showed.
    static func run(
        _ inputs: [String], state: URL, environment: [String: String] = [:],
        editor: (@Sendable (String) -> String)? = nil
    ) -> [String] {
        LargeStack.run {
            var current = ""
            let session = Session(useColor: false) { current += $0 }
            let controller = LessonController(
                library: LessonLibrary(directory: lessons),
                store: ProgressStore(directory: state),
                environment: environment, width: { 80 }
            ) { current += $0 }
            if let editor {
                controller.launchEditor = { _, path in
                    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    try? editor(text).write(toFile: path, atomically: true, encoding: .utf8)
                    return 0
                }
            }
            session.sessionExtension = controller
            controller.reportStoreMessages()
            var shown: [String] = [current]
            for input in inputs {
                current = ""
                _ = session.handle(input)
                shown.append(current)
            }
            return Array(shown.dropFirst())
        }
    }

    static let lessonOne = LessonLibrary(directory: lessons).entry(number: 1)!.lesson!

    static func stepNumber(_ lesson: Lesson, where predicate: (LessonStep) -> Bool) -> Int {
        lesson.steps.firstIndex(where: predicate)! + 1
    }

    static func progress(_ state: URL) -> LessonProgressRecord {
        ProgressStore(directory: state).record
    }

    @Test func listingStartingAndMovingThroughALesson() throws {
        let state = try Self.stateDirectory()
        let steps = Self.lessonOne.steps.count
        let shown = Self.run(
            [
                ":lessons", ":lesson 1", ":where", ":run", ":next", ":back", ":back",
                ":step 3", ":step 99", ":lesson 99", ":help",
            ], state: state)
        #expect(shown[0].contains("  1  Publishers and subscribers"))
        #expect(shown[0].contains("not started"))
        #expect(shown[1].contains("━━ Lesson 1: Publishers and subscribers ━━"))
        #expect(shown[1].contains("step 1 of \(steps)"))
        #expect(shown[1].contains("A publisher is a description"))
        #expect(shown[1].contains(":run runs this code"))
        #expect(
            shown[2].contains("Lesson 1: Publishers and subscribers, step 1 of \(steps): A publisher is a description"))
        #expect(shown[3] == "a publisher exists, and nothing has happened yet\n")
        #expect(shown[4].contains("step 2 of \(steps)"))
        #expect(shown[5].contains("step 1 of \(steps)"))
        #expect(shown[6] == "This is the first step.\n")
        #expect(shown[7].contains("step 3 of \(steps)"))
        #expect(shown[8] == "usage: :step N, with N from 1 to \(steps)\n")
        #expect(shown[9].contains("There is no lesson 99"))
        #expect(shown[10].contains(":lessons"))
        #expect(shown[10].contains(":reset-progress"))
        // Progress: step 1 was completed by moving on; the lesson is resumed at step 3.
        let record = Self.progress(state)
        #expect(record.lessons["publishers-and-subscribers"]?.completedSteps == [1])
        #expect(record.lessons["publishers-and-subscribers"]?.currentStep == 3)
        let again = Self.run([":lessons", ":lesson"], state: state)
        #expect(again[0].contains("in progress"))
        #expect(again[0].contains("step 3 of \(steps)"))
        #expect(again[1].contains("Welcome back: resuming at step 3"))
    }

    @Test func aStepUsesWhatEarlierStepsDeclared() throws {
        let state = try Self.stateDirectory()
        // Step 2 uses `fruit`, declared by step 1, which was never run.
        let shown = Self.run([":lesson 1", ":step 2", ":run"], state: state)
        #expect(shown[2].contains("Sink#"))
        #expect(shown[2].contains("» got apple"))
    }

    @Test func checkingAnExerciseWithHintsAndTheSolution() throws {
        let state = try Self.stateDirectory()
        let step = Self.stepNumber(Self.lessonOne) { $0.exercise != nil }
        let exercise = Self.lessonOne.steps[step - 1].exercise!
        let shown = Self.run(
            [
                ":lesson 1", ":step \(step)", ":check", ":solution", ":hint", ":hint", ":hint", ":hint",
                exercise.solution.code, ":code", ":check", ":solution", ":where",
            ], state: state)
        #expect(shown[1].contains("Exercise: Shout"))
        #expect(shown[1].contains("Your code starts as:"))
        #expect(shown[1].contains(":check also runs your code 2 other ways"))
        #expect(shown[1].contains("  - a publisher that finishes at once"))
        #expect(shown[1].contains(":check looks for:"))
        #expect(shown[1].contains("  - [completion] output is \"that's all\""))
        // The starter receives the values but prints nothing: the checks of output and of
        // the completion fail, in the runs where they are judged.
        #expect(shown[2].contains("Checking your code (run 3 ways, each on its own"))
        #expect(shown[2].contains("Run with the exercise's code:"))
        #expect(shown[2].contains("✓ [every value] values to Shouter are \"hello\", \"combine\""))
        #expect(shown[2].contains("✗ [output] output is:"))
        #expect(shown[2].contains("expected   │ your code"))
        #expect(shown[2].contains("HELLO      ≠ (nothing)"))
        #expect(shown[2].contains("Run with: a publisher that finishes at once"))
        #expect(shown[2].contains("✗ [completion] output is \"that's all\""))
        #expect(shown[2].contains("the lesson says: a publisher with no values still finishes"))
        #expect(shown[2].contains("This is still the starter code"))
        #expect(shown[2].contains("✗ 3 of 4 checks fail (output, completion)."))
        #expect(shown[2].contains(":hint has a hint about output."))
        #expect(shown[2].contains(":trace, :demand, :marbles and :step show the run in full."))
        #expect(shown[3].contains("The solution opens once your code passes, or after 3 checks that fail (2 to go)"))
        // Hints about the failed concepts come first, in the order they failed.
        #expect(shown[4].contains("Hint 1 of 3 (output): Print inside `receive(_:)`"))
        #expect(shown[5].contains("Hint 2 of 3 (completion): The end of the stream"))
        #expect(shown[6].contains("Hint 3 of 3 (every value):"))
        #expect(shown[7].contains("You have seen all 3 hints"))
        #expect(shown[8].contains("(added to your code for this exercise"))
        #expect(shown[9].contains("(2 parts, run in order)"))
        #expect(shown[10].contains("✓ All 4 checks pass in all 3 runs: exercise passed!"))
        #expect(shown[11].contains("The lesson's solution"))
        #expect(shown[12].contains("(exercise, passed)"))
        let progress = try #require(Self.progress(state).lessons["publishers-and-subscribers"])
        #expect(
            progress.exercise(step)
                == {
                    var expected = ExerciseProgress()
                    expected.passed = true
                    expected.failedChecks = 1
                    expected.hintsShown = 3
                    expected.seenHints = [0, 1, 2]
                    expected.failedConcepts = []
                    expected.solutionShown = true
                    return expected
                }())
        #expect(progress.completedSteps.contains(step))
        // The learner's code is kept beside the progress, and comes back next time.
        let file = state.appendingPathComponent("exercises/publishers-and-subscribers/exercise-1.swift")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("print(input.uppercased())"))
        let later = Self.run([":lesson 1", ":step \(step)", ":check"], state: state)
        #expect(later[1].contains("Your code so far"))
        #expect(later[2].contains("exercise passed"))
    }

    @Test func theSolutionOpensAfterThreeFailedChecks() throws {
        let state = try Self.stateDirectory()
        let step = Self.stepNumber(Self.lessonOne) { $0.exercise != nil }
        let shown = Self.run([":lesson 1", ":step \(step)", ":check", ":check", ":check", ":solution"], state: state)
        #expect(shown[4].contains("After 3 tries, :solution shows the lesson's solution"))
        #expect(shown[5].contains("The lesson's solution:"))
        #expect(shown[5].contains("print(input.uppercased())"))
    }

    @Test func typingAnswersAQuestionAndRunsItsCode() throws {
        let state = try Self.stateDirectory()
        let step = Self.stepNumber(Self.lessonOne) { $0.prediction != nil }
        let shown = Self.run([":lesson 1", ":step \(step)", ":run", "x", "a", "b", ":run"], state: state)
        #expect(
            shown[1].contains("? Which call does the sink receive *first*?")
                || shown[1].contains("? Which call does the sink receive first?"))
        #expect(shown[1].contains("Type your answer (a, b, c) at the prompt"))
        #expect(shown[2].contains("Predict first"))
        #expect(shown[3].contains("Answer with one of a, b, c"))
        #expect(shown[4].contains("✗ Not quite: the answer is b)"))
        #expect(shown[4].contains("Sink#"))
        #expect(shown[4].contains("Every subscriber first receives its subscription"))
        // Answered: further input is Swift again.
        #expect(shown[5].contains("error"))
        #expect(shown[6].contains("» weather: sun"))
        #expect(Self.progress(state).lessons["publishers-and-subscribers"]?.predictions[String(step)] == false)
    }

    @Test func editWithoutAnEditorExplainsHowToTypeCode() throws {
        let state = try Self.stateDirectory()
        let step = Self.stepNumber(Self.lessonOne) { $0.exercise != nil }
        let shown = Self.run([":lesson 1", ":step \(step)", ":edit"], state: state)
        #expect(shown[2].contains("$EDITOR is not set"))
        #expect(shown[2].contains("type your code at the prompt"))
        #expect(shown[2].contains("export EDITOR=nano"))
        #expect(
            FileManager.default.fileExists(
                atPath: state.appendingPathComponent("exercises/publishers-and-subscribers/exercise-1.swift").path))
    }

    @Test func editOpensTheFileAndReadsItBack() throws {
        let state = try Self.stateDirectory()
        let step = Self.stepNumber(Self.lessonOne) { $0.exercise != nil }
        let solution = Self.lessonOne.steps[step - 1].exercise!.solution.code
        let shown = Self.run(
            [":lesson 1", ":step \(step)", ":edit", ":check"], state: state,
            environment: ["EDITOR": "my-editor"],
            editor: { starter in
                #expect(starter.contains("final class Shouter"))
                return solution
            })
        #expect(shown[2].contains("Read your code back"))
        #expect(shown[3].contains("exercise passed"))
    }

    @Test func resetProgressAsksFirst() throws {
        let state = try Self.stateDirectory()
        let shown = Self.run(
            [":lesson 1", ":next", ":reset-progress", "no", ":reset-progress", "", ":reset-progress", "y"],
            state: state)
        #expect(shown[2].contains("Clear it? [y/N]"))
        #expect(shown[3] == "Your progress is kept.\n")
        #expect(shown[5] == "Your progress is kept.\n")
        #expect(shown[7] == "Progress cleared.\n")
        #expect(Self.progress(state).lessons.isEmpty)
    }

    @Test func aCorruptProgressFileIsReportedWhenLessonsStart() throws {
        let state = try Self.stateDirectory()
        try Data("garbage".utf8).write(to: state.appendingPathComponent("progress.json"))
        let shown = LargeStack.run {
            var output = ""
            let session = Session(useColor: false) { output += $0 }
            let controller = LessonController(
                library: LessonLibrary(directory: Self.lessons), store: ProgressStore(directory: state),
                environment: [:], width: { 80 }
            ) { output += $0 }
            session.sessionExtension = controller
            controller.reportStoreMessages()
            return output
        }
        #expect(shown.contains("note: Your progress file"))
        #expect(shown.contains("was moved to"))
    }

    @Test func finishingALessonOpensTheNext() throws {
        let state = try Self.stateDirectory()
        let steps = Self.lessonOne.steps.count
        let shown = Self.run([":lesson 1", ":step \(steps)", ":next"], state: state)
        #expect(shown[2].contains("End of Lesson 1: Publishers and subscribers. Still open: steps"))
        #expect(shown[2].contains("━━ Lesson 2: The subscription ━━"))
    }

    @Test func aTeachersOwnLessonFile() throws {
        let state = try Self.stateDirectory()
        let file = state.appendingPathComponent("mine.md")
        try LessonsFormatTests.valid.write(to: file, atomically: true, encoding: .utf8)
        let shown = Self.run([":lesson \(file.path)", ":run", ":lesson /nonexistent.md"], state: state)
        #expect(shown[0].contains("━━ Lesson: A tiny lesson ━━"))
        #expect(shown[2].contains("neither a lesson number nor a lesson file"))
    }

    @Test func declarationsAreRecognised() {
        #expect(LessonController.isDeclaration("final class A {}"))
        #expect(LessonController.isDeclaration("@Published var x = 1"))
        #expect(LessonController.isDeclaration("// note\nprivate func f() {}"))
        #expect(!LessonController.isDeclaration("print(1)"))
        #expect(!LessonController.isDeclaration("subject.send(1)"))
    }
}
