import Foundation
import Testing
import UndercurrentLessons
import UndercurrentSession

/// The eleven judgements a new learner met that were wrong (issue 20, "Why"): four correct
/// solutions rejected and seven wrong ones accepted. Each is kept beside its exercise as a
/// `Correct:` or `Wrong [CONCEPT]:` solution, and is judged right.
@Suite struct LessonsIssueCasesTests {
    static let library = LessonLibrary(directory: TestPaths.repository.appendingPathComponent("lessons"))

    struct Case: Sendable, CustomStringConvertible {
        var lesson: Int
        var exercise: Int
        var correct: Bool
        /// Words of the solution's description in the lesson file.
        var describedAs: String
        /// What the code does, in the issue's words.
        var code: [String]
        var description: String { "lesson \(lesson), exercise \(exercise): \(describedAs)" }
    }

    static let cases: [Case] = [
        // Correct solutions that were rejected.
        Case(
            lesson: 1, exercise: 2, correct: true, describedAs: "asks for one value at a time, and one more after each",
            code: ["subscription.request(.max(1))", "return .max(1)"]),
        Case(
            lesson: 6, exercise: 2, correct: true,
            describedAs: "asks the upstream for one more through the kept subscription",
            code: ["subscription?.request(.max(1))", "return .none"]),
        Case(
            lesson: 11, exercise: 2, correct: true, describedAs: "a sink with a weak self, kept in a set",
            code: [".sink { [weak self] in self?.total = $0 }", ".store(in: &bag)"]),
        // Wrong solutions that were accepted.
        Case(
            lesson: 2, exercise: 2, correct: false,
            describedAs: "never counts the demand down, and keeps its subscriber after completing",
            code: ["demand += subscriber.receive(current)", "subscriber?.receive(completion: .finished)"]),
        Case(
            lesson: 4, exercise: 1, correct: false, describedAs: "throws away what receive(_:) returns",
            code: ["_ = subscriber.receive(words.removeFirst())"]),
        Case(
            lesson: 3, exercise: 2, correct: false, describedAs: "asks for three and never for more",
            code: ["subscription.request(.max(3))", "return .none"]),
        Case(
            lesson: 10, exercise: 1, correct: false, describedAs: "throttle, which sends during the typing",
            code: [".throttle("]),
        Case(
            lesson: 11, exercise: 1, correct: false, describedAs: "sends objectWillChange by hand in didSet",
            code: ["didSet { objectWillChange.send() }"]),
        Case(
            lesson: 12, exercise: 1, correct: false, describedAs: "asks for everything on the reader's behalf",
            code: ["reader.subscription?.request(.unlimited)"]),
        Case(
            lesson: 11, exercise: 2, correct: false, describedAs: "assign(to:on: self), which keeps self for ever",
            code: [".assign(to: \\.total, on: self)"]),
    ]

    static func exercise(_ lesson: Int, _ number: Int) -> Exercise? {
        library.entry(number: lesson)?.lesson?.steps.compactMap(\.exercise).dropFirst(number - 1).first
    }

    @Test(arguments: cases)
    func isKeptBesideItsExerciseAndJudgedRight(_ item: Case) throws {
        let exercise = try #require(Self.exercise(item.lesson, item.exercise))
        let variants = item.correct ? exercise.correct : exercise.wrong
        let variant = try #require(variants.first { $0.description == item.describedAs }, "\(item) is missing")
        for fragment in item.code {
            #expect(variant.code.code.contains(fragment), "\(item): the code does not contain \(fragment)")
        }
        let judgement = LargeStack.run { exercise.judge(learnerCode: [variant.code.code]) }
        if item.correct {
            #expect(judgement.passed, "\(item): \(judgement.failures.map { "\($0.check.text): \($0.actual)" })")
        } else {
            #expect(!judgement.passed)
            #expect(judgement.failedConcepts.contains(variant.concept ?? ""), "\(item): \(judgement.failedConcepts)")
        }
    }

    /// The eleventh case: lesson 11, exercise 1's hand-written `willSet { objectWillChange.send() }`,
    /// correct in Apple's Combine. On OpenCombine a class with no `@Published` gets a new
    /// `objectWillChange` each time it is read, so nobody hears the send; the exercise says
    /// so in its prompt. Whichever way the engine behaves, the exercise judges it right: if
    /// the publisher is stable (as Apple's), the idiom must pass; if not, the prompt must
    /// state the difference and the idiom must fail.
    @Test func theHandWrittenWillSetIsJudgedAsTheEngineBehaves() throws {
        let exercise = try #require(Self.exercise(11, 1))
        let idiom = """
            final class Sensor: ObservableObject {
                var reading = 0 {
                    willSet { objectWillChange.send() }
                }
            }
            """
        let probe = LargeStack.run {
            TracedRun.run([
                TracedRun.Piece(
                    idiom + "\nlet sensor = Sensor()\nprint(sensor.objectWillChange === sensor.objectWillChange)",
                    name: "probe")
            ])
        }
        let stable = probe.output == "true\n"
        let judgement = LargeStack.run { exercise.judge(learnerCode: [idiom]) }
        let prompt = exercise.prompt.map { block -> String in
            if case .text(let text, _) = block { return text }
            return ""
        }.joined(separator: " ")
        if stable {
            #expect(judgement.passed, "the engine's objectWillChange is stable now: the idiom must pass")
        } else {
            #expect(probe.output == "false\n", "\(probe.output) \(probe.diagnostic ?? "")")
            #expect(!judgement.passed)
            #expect(prompt.contains("willSet { objectWillChange.send() }"))
            #expect(prompt.contains("On OpenCombine"))
        }
    }
}
