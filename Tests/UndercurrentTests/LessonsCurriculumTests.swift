import Foundation
import Testing
import UndercurrentLessons
import UndercurrentSession

/// Every lesson in lessons/ reads without format errors, all its code runs, every
/// exercise's solution passes all its checks while its starter fails at least one, and
/// every question's code agrees with the stated answer.
@Suite struct LessonsCurriculumTests {
    static let directory = TestPaths.repository.appendingPathComponent("lessons")
    static let library = LessonLibrary(directory: directory)
    static let files: [String] = library.entries.map(\.fileName)

    static func lesson(_ file: String) -> Lesson? {
        library.entries.first { $0.fileName == file }?.lesson
    }

    @Test func theCurriculumHasAtLeastTwelveLessonsWithTwoExercisesEach() {
        #expect(Self.library.entries.count >= 12)
        for entry in Self.library.entries {
            #expect(entry.lesson != nil, "\(entry.fileName) does not read: \(entry.diagnostics)")
            #expect((entry.lesson?.exerciseCount ?? 0) >= 2, "\(entry.fileName) has fewer than two exercises")
        }
        let ids = Self.library.entries.compactMap { $0.lesson?.id }
        #expect(Set(ids).count == ids.count, "lesson ids must be unique: progress is kept by id")
    }

    @Test(arguments: files)
    func readsWithoutDiagnostics(_ file: String) {
        let entry = Self.library.entries.first { $0.fileName == file }
        #expect(entry?.diagnostics == [], "\(file): \(entry?.diagnostics.map(\.description) ?? [])")
    }

    @Test(arguments: files)
    func everyStepsCodeRuns(_ file: String) throws {
        let lesson = try #require(Self.lesson(file))
        let problems = LargeStack.run { LessonLinter.stepCodeProblems(lesson) }
        #expect(problems.isEmpty, "\(file): \(problems.map(\.description))")
    }

    @Test(arguments: files)
    func solutionsPassAndStartersFail(_ file: String) throws {
        let lesson = try #require(Self.lesson(file))
        for step in lesson.steps {
            guard let exercise = step.exercise else { continue }
            let (solution, starter) = LargeStack.run {
                (
                    exercise.judge(learnerCode: [exercise.solution.code]),
                    exercise.judge(learnerCode: [exercise.starter.code])
                )
            }
            for failure in solution.failures {
                Issue.record(
                    "\(file):\(failure.check.line): the solution of \"\(exercise.title)\" fails `\(failure.check.text)`: expected \(failure.expected); got \(failure.actual)"
                )
            }
            #expect(!solution.outcomes.isEmpty)
            #expect(
                !starter.passed,
                "\(file):\(exercise.line): the starter of \"\(exercise.title)\" already passes every check")
        }
    }

    @Test(arguments: files)
    func questionsAgreeWithWhatHappens(_ file: String) throws {
        let lesson = try #require(Self.lesson(file))
        for (index, step) in lesson.steps.enumerated() {
            guard let prediction = step.prediction else { continue }
            let judgement = LargeStack.run { prediction.verify(setup: lesson.setupPieces(before: index)) }
            #expect(judgement.run.diagnostic == nil, "\(file):\(prediction.line): \(judgement.run.diagnostic ?? "")")
            for failure in judgement.failures {
                Issue.record(
                    "\(file):\(failure.check.line): `\(failure.check.text)`: expected \(failure.expected); got \(failure.actual)"
                )
            }
            for answer in prediction.answers {
                #expect(prediction.accepts(answer), "\(file):\(prediction.answerLine): `\(answer)` is not accepted")
            }
        }
    }

    /// The linter, run as a teacher would, finds nothing in any shipped lesson: no format
    /// problem, no code that fails, and every exercise with its other solutions judged right.
    @Test(arguments: files)
    func theLinterFindsNothing(_ file: String) {
        let path = Self.directory.appendingPathComponent(file).path
        let diagnostics = LargeStack.run { LessonLinter.lint(file: path) }
        #expect(diagnostics == [], "\(file): \(diagnostics.map(\.description))")
    }

    /// Beside every exercise: at least two other correct solutions, written differently
    /// from the lesson's, that pass every check in every run; and at least three realistic
    /// wrong ones, each failing a check of the concept it names.
    @Test(arguments: files)
    func otherSolutionsAreJudgedByWhatTheyDo(_ file: String) throws {
        let lesson = try #require(Self.lesson(file))
        for step in lesson.steps {
            guard let exercise = step.exercise else { continue }
            let place = "\(file):\(exercise.line) \"\(exercise.title)\""
            #expect(exercise.correct.count >= 2, "\(place) has \(exercise.correct.count) other correct solutions")
            #expect(exercise.wrong.count >= 3, "\(place) has \(exercise.wrong.count) wrong solutions")
            let solution = exercise.solution.code.trimmingCharacters(in: .whitespacesAndNewlines)
            for variant in exercise.correct {
                #expect(variant.code.code.trimmingCharacters(in: .whitespacesAndNewlines) != solution)
                let judgement = LargeStack.run { exercise.judge(learnerCode: [variant.code.code]) }
                for failure in judgement.failures {
                    Issue.record(
                        "\(place): the correct solution \"\(variant.description)\" fails `\(failure.check.text)` in run \"\(failure.driver)\": expected \(failure.expected); got \(failure.actual)"
                    )
                }
            }
            for variant in exercise.wrong {
                let judgement = LargeStack.run { exercise.judge(learnerCode: [variant.code.code]) }
                let concept = try #require(variant.concept)
                #expect(
                    judgement.failedConcepts.contains(concept),
                    "\(place): the wrong solution \"\(variant.description)\" should fail `\(concept)`; it fails \(judgement.failedConcepts)"
                )
            }
        }
    }

    /// Every exercise runs the learner's code more than one way (a driver for its concept).
    @Test func everyExerciseHasSeveralRuns() {
        for entry in Self.library.entries {
            for step in entry.lesson?.steps ?? [] {
                guard let exercise = step.exercise else { continue }
                #expect(exercise.drivers.count >= 2, "\(entry.fileName): \"\(exercise.title)\" has one run")
            }
        }
    }
}
