import Foundation
import Testing
import UndercurrentLessons
import UndercurrentSession
import UndercurrentTrace

/// What a learner sees of a judged exercise: concepts, the calls that show a failure, the
/// line to look at, hints by concept; the judged run open to `:trace` and friends; each
/// lesson starting clean; times counted from the start of an input; errors named after
/// the code they are in.
@Suite struct LessonsFeedbackTests {
    static let lessons = TestPaths.repository.appendingPathComponent("lessons")
    static let library = LessonLibrary(directory: lessons)

    static func exercise(_ lesson: Int, _ number: Int) -> Exercise? {
        library.entry(number: lesson)?.lesson?.steps.compactMap(\.exercise).dropFirst(number - 1).first
    }

    static func step(_ lesson: Int, exercise number: Int) -> Int {
        let steps = library.entry(number: lesson)!.lesson!.steps
        return steps.indices.filter { steps[$0].exercise != nil }[number - 1] + 1
    }

    /// Inputs through a session with lessons attached; what each showed.
    static func run(_ inputs: [String]) throws -> [String] {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("feedback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        return LargeStack.run {
            var current = ""
            let session = Session(useColor: false) { current += $0 }
            let controller = LessonController(
                library: library, store: ProgressStore(directory: state), environment: [:], width: { 100 }
            ) { current += $0 }
            session.sessionExtension = controller
            var shown: [String] = []
            for input in inputs {
                current = ""
                _ = session.handle(input)
                shown.append(current)
            }
            return shown
        }
    }

    /// A failure names its concept, quotes the calls that show it and points at the method
    /// the learner wrote that made them.
    @Test func aFailureShowsItsConceptTheTraceAndTheLearnersLine() throws {
        let exercise = try #require(Self.exercise(4, 1))
        let wrong = try #require(exercise.wrong.first { $0.concept == "returned demand" })
        let lines = LargeStack.run { () -> [String] in
            let judgement = exercise.judge(learnerCode: [wrong.code.code])
            return JudgementReport(
                judgement: judgement, exercise: exercise, learnerCode: [wrong.code.code],
                renderer: LessonTextRenderer(useColor: false, width: 100)
            ).lines()
        }
        let text = lines.joined(separator: "\n")
        #expect(text.contains("Run with: a subscriber that asks for one more after each value"))
        #expect(text.contains("✗ [returned demand] values to OneMore are \"a\", \"b\", \"c\""))
        #expect(text.contains("your code  OneMore received \"a\""))
        #expect(text.contains("the trace shows:"))
        #expect(text.contains("OneMore#1.receive(\"a\") → .max(1)"))
        // The line of `func request` in the learner's BurstSubscription.
        let requestLine =
            try #require(
                wrong.code.code.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                    $0.contains("func request(")
                }) + 1
        #expect(text.contains("look at your code, line \(requestLine), in BurstSubscription.request(_:):"))
        #expect(text.contains("the lesson says: what receive(_:) returns is asked for too"))
    }

    /// After `:check`, the judged run is the last trace: `:demand`, `:marbles`, `:trace` and
    /// `:step` show it, and hints about the failed concept come first.
    @Test func theJudgedRunStaysOpenAndHintsFollowTheFailure() throws {
        let step = Self.step(3, exercise: 1)
        let exercise = try #require(Self.exercise(3, 1))
        let wrong = try #require(exercise.wrong.first { $0.concept == "one at a time" })
        let shown = try Self.run([
            ":lesson 3", ":step \(step)", wrong.code.code, ":check", ":demand", ":marbles", ":trace", ":step", "q",
            ":hint",
        ])
        #expect(shown[3].contains("✗ [one at a time] demand never above 1"))
        #expect(shown[3].contains(":hint has a hint about one at a time."))
        #expect(shown[3].contains(":trace, :demand, :marbles and :step show the run in full."))
        #expect(!shown[4].contains("No trace yet"))
        #expect(shown[4].contains("Sequence.Inner#1 → Sipper#1"))
        #expect(shown[4].contains("request(.max(3))"))
        #expect(!shown[5].contains("No trace yet") && shown[5].contains("Sipper#1"))
        #expect(shown[6].contains("Sequence.Inner#1.request(.max(3))"))
        #expect(!shown[7].contains("No trace"))
        #expect(shown[9].hasPrefix("Hint 1 of 2 (one at a time):"))
    }

    /// Each lesson starts clean: object numbers from 1, the clock at zero, and no
    /// declaration of another lesson.
    @Test func eachLessonStartsClean() throws {
        let shown = try Self.run([
            ":lesson 1", ":step 2", ":run", ":lesson 2", ":step 1", ":run", "print(fruit)",
            ":lesson 10", ":step 2", ":run", ":run", ":lesson 2", ":step 2", ":run", ":lesson 11", ":step 1", ":run",
        ])
        #expect(shown[2].contains("Sequence.Inner#1"))
        // Lesson 2's first step names its subscriptions #1 and #2, as its text says.
        #expect(shown[5].contains("Sequence.Inner#1") && shown[5].contains("Sequence.Inner#2"))
        #expect(!shown[5].contains("Sequence.Inner#3"))
        #expect(shown[6].contains("cannot find 'fruit' in scope"))
        // A delay of 500 ms shows at 500 ms, however long the session has run.
        #expect(shown[9].contains("[500ms]"))
        #expect(shown[10].contains("[500ms]"))
        #expect(!shown[10].contains("[1000ms]"))
        // Lesson 2's objects do not go away in lesson 11's traces.
        #expect(shown[13].contains("Patient#1"))
        #expect(shown[14].contains("Lesson 11"))
        #expect(shown[16].contains("PublishedSubject") && !shown[16].contains("Patient"))
    }

    /// An error raised in the learner's function while the run's code calls it is labelled
    /// with the learner's code and its line there, not the run's.
    @Test func anErrorIsNamedAfterTheCodeItIsIn() {
        let run = LargeStack.run {
            TracedRun.run([
                TracedRun.Piece(
                    "func crash() {\n    let missing: Int? = nil\n    print(missing!)\n}", name: "your code"),
                TracedRun.Piece("print(\"before\")\nprint(\"still before\")\ncrash()", name: "run with"),
            ])
        }
        #expect(run.diagnostic?.hasPrefix("your code:3:") == true, "\(run.diagnostic ?? "")")
        #expect(run.diagnostic?.contains("    print(missing!)") == true)
        #expect(run.errorPiece == "your code" && run.errorLine == 3)
        let session = runSession(["func crash() {\n    let missing: Int? = nil\n    print(missing!)\n}", "crash()"])
        #expect(session[1].hasPrefix("<input 1>:3:"), "\(session[1])")
    }

    /// Times in a trace count from the start of the input that made it.
    @Test func traceTimesCountFromTheStartOfTheInput() {
        let delayed = "let c = Just(1).delay(for: .milliseconds(500), scheduler: DispatchQueue.main).sink { print($0) }"
        let shown = runSession(["import Combine", delayed, delayed, ":advance 2s", delayed], trace: true)
        #expect(shown[1].contains("[500ms]"))
        #expect(shown[2].contains("[500ms]") && !shown[2].contains("[1000ms]"))
        #expect(shown[4].contains("[500ms]") && !shown[4].contains("[2500ms]"))
    }
}
