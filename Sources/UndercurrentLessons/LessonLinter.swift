import Foundation
import UndercurrentInterpreter
import UndercurrentSession

/// `undercurrent lesson lint FILE`: the file's format problems, then (unless told not to)
/// what running it shows — step code that fails, solutions that fail their checks,
/// starter code that already passes (a check that cannot fail is a defect), questions
/// whose checks contradict the stated answer. Every problem has its line.
/// Running needs a large stack (`LargeStack`).
public enum LessonLinter {
    public static func lint(file path: String, runCode: Bool = true) -> [LessonDiagnostic] {
        let parsed = LessonParser.parseFile(at: path)
        guard runCode, let lesson = parsed.lesson else { return parsed.diagnostics }
        return (parsed.diagnostics + problemsRunning(lesson)).sorted { $0.line < $1.line }
    }

    public static func problemsRunning(_ lesson: Lesson) -> [LessonDiagnostic] {
        var problems = stepCodeProblems(lesson)
        for (index, step) in lesson.steps.enumerated() {
            if let exercise = step.exercise { problems += exerciseProblems(exercise) }
            if let prediction = step.prediction {
                problems += predictionProblems(prediction, setup: lesson.setupPieces(before: index))
            }
        }
        return problems
    }

    /// Runs every step's code in order in one environment, as the REPL does when a learner
    /// goes through the lesson; an error points at its line in the lesson file.
    public static func stepCodeProblems(_ lesson: Lesson) -> [LessonDiagnostic] {
        var problems: [LessonDiagnostic] = []
        let environment = ScriptEnvironment { _ in }
        for (index, step) in lesson.steps.enumerated() {
            for block in step.prediction?.code ?? step.code {
                do {
                    try environment.interpreter.run(source: block.code, fileName: "step \(index + 1)")
                } catch let error as ScriptError {
                    problems.append(
                        LessonDiagnostic(
                            line: fileLine(block, error), .error,
                            "the code of step \(index + 1) fails: \(error.kind.rawValue): \(error.message)"))
                } catch {
                    problems.append(
                        LessonDiagnostic(line: block.line, .error, "the code of step \(index + 1) fails: \(error)"))
                }
            }
        }
        return problems
    }

    /// Solutions a lesson keeps beside each exercise: at least this many correct ones
    /// written differently from its own, and this many realistic wrong ones.
    public static let correctVariantsWanted = 2
    public static let wrongVariantsWanted = 3

    public static func exerciseProblems(_ exercise: Exercise) -> [LessonDiagnostic] {
        var problems: [LessonDiagnostic] = []
        let solution = exercise.judge(learnerCode: [exercise.solution.code])
        for failure in solution.failures {
            problems.append(
                LessonDiagnostic(
                    line: failure.check.line > 0 ? failure.check.line : exercise.solution.line, .error,
                    "the solution fails `\(failure.check.text)`\(during(failure)): expected \(oneLine(failure.expected)); the solution: \(oneLine(failure.actual))"
                ))
        }
        let starter = exercise.judge(learnerCode: [exercise.starter.code])
        if starter.passed {
            problems.append(
                LessonDiagnostic(
                    line: exercise.starter.line, .error,
                    "the starter code already passes every check: at least one check must fail until the learner has done the exercise"
                ))
        }
        for variant in exercise.correct {
            for failure in exercise.judge(learnerCode: [variant.code.code]).failures {
                problems.append(
                    LessonDiagnostic(
                        line: variant.line, .error,
                        "the correct solution \"\(variant.description)\" fails `\(failure.check.text)`\(during(failure)): expected \(oneLine(failure.expected)); it: \(oneLine(failure.actual))"
                    ))
            }
        }
        for variant in exercise.wrong {
            let judgement = exercise.judge(learnerCode: [variant.code.code])
            let concept = variant.concept ?? ""
            if judgement.passed {
                problems.append(
                    LessonDiagnostic(
                        line: variant.line, .error,
                        "the wrong solution \"\(variant.description)\" passes every check: a check of `\(concept)` must fail"
                    ))
            } else if !judgement.failedConcepts.contains(concept) {
                problems.append(
                    LessonDiagnostic(
                        line: variant.line, .error,
                        "the wrong solution \"\(variant.description)\" fails \(judgement.failedConcepts.map { "`\($0)`" }.joined(separator: ", ")) but no check of `\(concept)`"
                    ))
            }
        }
        if exercise.correct.count < correctVariantsWanted || exercise.wrong.count < wrongVariantsWanted {
            problems.append(
                LessonDiagnostic(
                    line: exercise.line, .warning,
                    "keep at least \(correctVariantsWanted) other correct solutions (`Correct: …`) and \(wrongVariantsWanted) realistic wrong ones (`Wrong [CONCEPT]: …`) beside the exercise, so that its checks are known to judge behaviour (it has \(exercise.correct.count) and \(exercise.wrong.count))"
                ))
        }
        return problems
    }

    /// ` (run with: NAME)` for a check of a driver of its own.
    static func during(_ outcome: CheckOutcome) -> String {
        outcome.driver.isEmpty ? "" : " (run with: \(outcome.driver))"
    }

    public static func predictionProblems(_ prediction: Prediction, setup: [TracedRun.Piece] = []) -> [LessonDiagnostic]
    {
        guard !prediction.checks.isEmpty else { return [] }
        return prediction.verify(setup: setup).failures.map { failure in
            LessonDiagnostic(
                line: failure.check.line > 0 ? failure.check.line : prediction.line, .error,
                "the question's code fails `\(failure.check.text)`: expected \(oneLine(failure.expected)); it did: \(oneLine(failure.actual))"
            )
        }
    }

    /// The lesson-file line of an error inside a code block (the fence is `block.line`).
    static func fileLine(_ block: CodeBlock, _ error: ScriptError) -> Int {
        error.location == .unknown ? block.line : block.line + error.location.line
    }

    static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "⏎")
    }
}
