import Foundation
import Testing
import UndercurrentLessons
import UndercurrentSession

/// The lesson file format: what a well-formed file becomes, and the line-numbered
/// errors `undercurrent lesson lint` reports for broken ones. Broken input never traps.
@Suite struct LessonsFormatTests {
    static let exercise = """
        ### Exercise: Ask for two
        Write `TakeTwo`, which asks for two values.

        Starter:
        ```swift
        final class TakeTwo: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) { subscription.request(.unlimited) }  // ask for two
            func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        ```

        Run with:
        ```swift
        [1, 2, 3].publisher.subscribe(TakeTwo())
        ```

        Hint: Ask in receive(subscription:),
        on the line after too.
        Hint: `.max(2)`

        Solution:
        ```swift
        final class TakeTwo: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) { subscription.request(.max(2)) }
            func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        ```

        Checks:
        - [asks for two] exactly 2 values to TakeTwo // ask for exactly two
        - demand ends at 0
        - output is:
          ```
          1
          2
          ```

        Correct: two requests for one value each
        ```swift
        final class TakeTwo: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) {
                subscription.request(.max(1))
                subscription.request(.max(1))
            }
            func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        ```

        Correct: one, then one more from the first value
        ```swift
        final class TakeTwo: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var count = 0
            func receive(subscription: Subscription) { subscription.request(.max(1)) }
            func receive(_ input: Int) -> Subscribers.Demand {
                print(input)
                count += 1
                return count < 2 ? .max(1) : .none
            }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        ```

        Wrong [asks for two]: asks for everything
        ```swift
        final class TakeTwo: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) { subscription.request(.unlimited) }
            func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        ```

        Wrong [asks for two]: asks for three
        ```swift
        final class TakeTwo: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) { subscription.request(.max(3)) }
            func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        ```

        Wrong [output]: prints nothing
        ```swift
        final class TakeTwo: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) {
                subscription.request(.max(2))
            }
            func receive(_ input: Int) -> Subscribers.Demand { .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        ```
        """

    static let valid = """
        ---
        title: "A tiny lesson"
        summary: Just enough.
        ---

        Welcome.

        ## First

        Some *prose* with `code`.

        ```swift
        let numbers = [1, 2].publisher
        ```

        ## Second

        \(exercise)

        ## Third

        ### Predict: first call
        ```swift
        let first = numbers.sink { print($0) }
        ```
        Question: What comes first?
        a) a value
        b) the subscription
           (always)
        Answer: b
        Explanation: Always the subscription.
        Checks:
        - in order: receive(subscription:), receive(1)
        """

    func parse(_ text: String, path: String = "/lessons/07-tiny.md") -> LessonParser.Parsed {
        LessonParser.parse(text, path: path)
    }

    func errorLines(_ text: String) -> [Int] {
        parse(text).errors.map(\.line)
    }

    func messages(_ text: String) -> String {
        parse(text).diagnostics.map(\.description).joined(separator: "\n")
    }

    // MARK: - A well-formed lesson

    @Test func aWellFormedLessonBecomesStepsExercisesAndQuestions() throws {
        let parsed = parse(Self.valid)
        #expect(parsed.diagnostics == [])
        let lesson = try #require(parsed.lesson)
        #expect(lesson.title == "A tiny lesson")
        #expect(lesson.summary == "Just enough.")
        #expect(lesson.id == "tiny")
        #expect(lesson.introduction == [.text("Welcome.", line: 6)])
        #expect(lesson.steps.map(\.title) == ["First", "Second", "Third"])
        #expect(lesson.steps[0].code.map(\.code) == ["let numbers = [1, 2].publisher"])
        #expect(lesson.steps[0].kind == .example)

        let exercise = try #require(lesson.steps[1].exercise)
        #expect(exercise.title == "Ask for two")
        #expect(exercise.hints == ["Ask in receive(subscription:), on the line after too.", "`.max(2)`"])
        #expect(exercise.runWith?.code == "[1, 2, 3].publisher.subscribe(TakeTwo())")
        #expect(exercise.given == nil)
        #expect(exercise.checks.map(\.text) == ["exactly 2 values to TakeTwo", "demand ends at 0", "output is:"])
        #expect(exercise.checks.map(\.concept) == ["asks for two", "demand", "output"])
        #expect(exercise.checks[0].note == "ask for exactly two")
        #expect(exercise.checks[2].rule == .outputIs("1\n2"))
        #expect(exercise.drivers.count == 1 && exercise.drivers[0].name.isEmpty)
        #expect(
            exercise.correct.map(\.description) == [
                "two requests for one value each", "one, then one more from the first value",
            ])
        #expect(exercise.wrong.map(\.concept) == ["asks for two", "asks for two", "output"])
        #expect(exercise.concepts == ["asks for two", "demand", "output", "contract", "runs"])

        let prediction = try #require(lesson.steps[2].prediction)
        #expect(prediction.choices.map(\.label) == ["a", "b"])
        #expect(prediction.choices[1].text == "the subscription (always)")
        #expect(prediction.accepts("b") && prediction.accepts("B)") && prediction.accepts("the subscription (always)"))
        #expect(!prediction.accepts("a"))
        #expect(lesson.steps[2].kind == .prediction)
    }

    @Test func freeAnswersAreShortAndCodeIsNotAnAnswer() throws {
        let text = Self.valid.replacingOccurrences(
            of: "a) a value\nb) the subscription\n   (always)\nAnswer: b", with: "Answer: 2 | two")
        let prediction = try #require(parse(text).lesson?.steps[2].prediction)
        #expect(prediction.choices.isEmpty)
        #expect(prediction.accepts(" Two ") && prediction.accepts("2") && !prediction.accepts("3"))
        #expect(prediction.looksLikeAnswer("3"))
        #expect(!prediction.looksLikeAnswer("print(numbers)"))
        #expect(!prediction.looksLikeAnswer("let x = 1"))
    }

    @Test func theIdComesFromTheFileNameOrTheFrontMatter() {
        #expect(parse(Self.valid, path: "/x/03-demand.md").lesson?.id == "demand")
        let withID = Self.valid.replacingOccurrences(of: "summary: Just enough.", with: "id: my-own")
        #expect(parse(withID).lesson?.id == "my-own")
    }

    @Test func aWellFormedLessonRunsClean() throws {
        let lesson = try #require(parse(Self.valid).lesson)
        let problems = LargeStack.run { LessonLinter.problemsRunning(lesson) }
        #expect(problems == [])
    }

    // MARK: - Broken files

    @Test func missingFrontMatterAndTitle() {
        let text = "## A step\n\nText.\n"
        #expect(errorLines(text).contains(1))
        #expect(messages(text).contains("front matter"))
        #expect(messages(text).contains("no title"))
    }

    @Test func unclosedFrontMatter() {
        let text = "---\ntitle: T\n\n## Step\ntext\n"
        #expect(messages(text).contains("1: error: the front matter that starts here has no closing `---`"))
    }

    @Test func anUnclosedCodeBlockPointsAtItsFence() {
        let text = "---\ntitle: T\n---\n## Step\n\n```swift\nlet x = 1\n"
        #expect(errorLines(text) == [6])
        #expect(messages(text).contains("no closing ```"))
    }

    @Test func noStepsAtAll() {
        #expect(messages("---\ntitle: T\n---\nJust an introduction.\n").contains("has no steps"))
    }

    @Test func anExerciseWithoutSolutionOrChecks() {
        let text = """
            ---
            title: T
            ---
            ## Step
            ### Exercise
            Do it.
            Starter:
            ```swift
            let a = 1
            ```
            """
        #expect(errorLines(text) == [5])
        #expect(messages(text).contains("no `Solution:`"))
        let noChecks = text + "\nSolution:\n```swift\nlet a = 2\n```\n"
        #expect(messages(noChecks).contains("5: error: the exercise has no `Checks:` list"))
    }

    @Test func anUnknownCheckIsReportedOnItsLineWithTheVocabulary() {
        let text = Self.valid.replacingOccurrences(
            of: "- [asks for two] exactly 2 values to TakeTwo", with: "- the code looks nice")
        let line =
            Self.valid.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("exactly 2 values to TakeTwo") }! + 1
        let parsed = parse(text)
        #expect(parsed.lesson == nil)
        #expect(parsed.errors.map(\.line) == [line])
        #expect(parsed.errors.first?.message.contains("unknown check `the code looks nice`") == true)
        #expect(parsed.errors.first?.message.contains("demand honoured") == true)
    }

    @Test func aLabelWithoutItsCodeBlock() {
        let text = Self.valid.replacingOccurrences(
            of: "Run with:\n```swift\n[1, 2, 3].publisher.subscribe(TakeTwo())\n```", with: "Run with:\nsubscribe it")
        #expect(messages(text).contains("expected a fenced code block (```swift) after `Run with:`"))
    }

    @Test func codeAfterALabelOnTheSameLine() {
        let text = Self.valid.replacingOccurrences(of: "Solution:\n", with: "Solution: this\n")
        #expect(messages(text).contains("put the code in a fenced block"))
    }

    // MARK: - Runs, concepts and other solutions

    @Test func namedRunsWithTheirOwnChecks() throws {
        let text = Self.valid.replacingOccurrences(
            of: "Hint: Ask in receive(subscription:),",
            with: """
                Run with: a subject
                ```swift
                let subject = PassthroughSubject<Int, Never>()
                subject.subscribe(TakeTwo())
                subject.send(7)
                ```

                Hint [asks for two]: Ask in receive(subscription:),
                """
        ).replacingOccurrences(
            of: "Correct: two requests",
            with: """
                Checks: A Subject
                - [asks for two] values to TakeTwo are 7

                Correct: two requests
                """)
        let parsed = parse(text)
        #expect(parsed.diagnostics == [])
        let exercise = try #require(parsed.lesson?.steps[1].exercise)
        #expect(exercise.drivers.map(\.name) == ["", "a subject"])
        #expect(exercise.drivers[1].checks.map(\.text) == ["values to TakeTwo are 7"])
        #expect(exercise.drivers[0].checks.count == 3)
        #expect(
            exercise.hintList.first
                == ExerciseHint("Ask in receive(subscription:), on the line after too.", concept: "asks for two"))
        let judgement = LargeStack.run { exercise.judge(learnerCode: [exercise.solution.code]) }
        #expect(judgement.runs.count == 2 && judgement.passed)
        let starter = LargeStack.run { exercise.judge(learnerCode: [exercise.starter.code]) }
        #expect(starter.runs[1].outcomes.contains { !$0.passed && $0.driver == "a subject" } == false)
        #expect(starter.failedConcepts.contains("asks for two"))
    }

    @Test func runsAndChecksMustMatch() {
        let orphanChecks = Self.valid.replacingOccurrences(
            of: "Correct: two requests", with: "Checks: nowhere\n- no cancels\n\nCorrect: two requests")
        #expect(
            messages(orphanChecks).contains("`Checks: nowhere` names no run: write a `Run with: nowhere` block for it"))
        let uncheckedRun = Self.valid.replacingOccurrences(
            of: "Hint: Ask in",
            with: "Run with: again\n```swift\n[4].publisher.subscribe(TakeTwo())\n```\n\nHint: Ask in")
        #expect(messages(uncheckedRun).contains("`Run with: again` has no checks"))
    }

    @Test func wrongSolutionsAndHintsNameAConceptOfTheChecks() {
        let unnamed = Self.valid.replacingOccurrences(
            of: "Wrong [output]: prints nothing", with: "Wrong: prints nothing")
        #expect(messages(unnamed).contains("name the concept whose check this wrong solution must fail"))
        let unknown = Self.valid.replacingOccurrences(
            of: "Wrong [output]: prints nothing", with: "Wrong [style]: prints nothing")
        #expect(messages(unknown).contains("no check of this exercise has the concept `style`"))
        let hint = Self.valid.replacingOccurrences(of: "Hint: `.max(2)`", with: "Hint [style]: `.max(2)`")
        #expect(messages(hint).contains("no check of this exercise has the concept `style`"))
        let bracketed = Self.valid.replacingOccurrences(of: "Solution:\n", with: "Solution [x]:\n")
        #expect(messages(bracketed).contains("only `Hint [CONCEPT]:` and `Wrong [CONCEPT]:` take a concept"))
    }

    /// A check may name only objects the given and run code mention: the learner's code may
    /// make a `Sink` of its own.
    @Test func checksNameOnlyObjectsOfTheExercisesOwnCode() {
        let text = Self.valid.replacingOccurrences(
            of: "- demand ends at 0", with: "- no values to Sink\n- demand never above 2 on Sequence.Inner")
        let found = messages(text)
        #expect(found.contains("the check names `Sink`, which neither the given code nor this run's code mentions"))
        #expect(found.contains("the check names `Sequence.Inner`"))
        let allowed = Self.valid.replacingOccurrences(
            of: "- demand ends at 0", with: "- demand never above 2 on TakeTwo#1")
        #expect(parse(allowed).errors == [])
    }

    @Test func anAnswerThatIsNotAChoice() {
        let text = Self.valid.replacingOccurrences(of: "Answer: b", with: "Answer: d")
        let line =
            Self.valid.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "Answer: b" }! + 1
        #expect(messages(text).contains("\(line): error: the answer `d` is not one of the choices (a, b)"))
    }

    @Test func aQuestionWithoutAnAnswerOrCode() {
        let text = """
            ---
            title: T
            ---
            ## Step
            ### Predict
            Question: What?
            """
        #expect(messages(text).contains("5: error: the question has no `Answer:` line"))
        let noCode = text + "\nAnswer: 3\n"
        #expect(messages(noCode).contains("5: error: a question needs Swift code"))
    }

    @Test func aStepWithAnExerciseCannotAlsoHaveCodeToRun() {
        let text = Self.valid.replacingOccurrences(of: "## Second\n", with: "## Second\n\n```swift\nprint(1)\n```\n")
        #expect(messages(text).contains("cannot have code of its own to run"))
    }

    @Test func twoExercisesInOneStep() {
        let text = Self.valid.replacingOccurrences(of: "## Third\n", with: "")
        #expect(messages(text).contains("a step holds at most one exercise or question"))
    }

    @Test func anExerciseBeforeAnyStep() {
        let text = "---\ntitle: T\n---\n### Exercise\nDo.\n## Step\ntext\n"
        #expect(messages(text).contains("4: error: `### Exercise` must be inside a step"))
    }

    @Test func strayTextAfterTheLabelsOfAnExercise() {
        let text = Self.valid.replacingOccurrences(of: "Solution:\n", with: "By the way.\n\nSolution:\n")
        #expect(messages(text).contains("unexpected text in the exercise"))
    }

    @Test func unknownFrontMatterKeysAndUnlabelledBlocksAreWarnings() {
        let text = Self.valid.replacingOccurrences(of: "summary: Just enough.", with: "author: me")
            .replacingOccurrences(of: "Some *prose* with `code`.", with: "```\nplain\n```")
        let parsed = parse(text)
        #expect(parsed.lesson != nil)
        #expect(parsed.diagnostics.map(\.severity) == [.warning, .warning])
    }

    /// Malformed files are refused with errors that point at a line of the file, never a trap
    /// and never a half-read lesson.
    @Test func garbageIsRefusedWithLinedErrors() {
        for text in [
            "", "---", "```", "## ", "### Exercise", "---\n---\n## x\n### Predict\nQuestion:\nAnswer:\n",
            String(repeating: "#", count: 50), "\u{0}\u{FFFF}\r\n\r\n## a\r\n",
            "---\ntitle: x\n---\n## a\n### Exercise\nChecks:\n- output is:\n",
            "---\ntitle: x\n---\n## a\n### Exercise\nDo.\nWrong [\nChecks: y\n- no cancels\n",
            "---\ntitle: x\n---\n## a\n### Exercise\nDo.\nStarter:\n```swift\n```\nSolution:\n```swift\n```\nRun with: x\nChecks: x\n- [] no cancels\nWrong []: w\n",
            "---\ntitle: x\n---\n## a\n### Exercise\nDo.\nStarter:\n```swift\n```\nSolution:\n```swift\n```\nChecks:\n- [a no cancels\nHint [a]:\nCorrect:\n",
        ] {
            let parsed = parse(text)
            let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
            #expect(parsed.lesson == nil, "accepted garbage: \(text.debugDescription)")
            #expect(!parsed.errors.isEmpty, "no error for \(text.debugDescription)")
            for error in parsed.errors {
                #expect(
                    (1...max(lineCount, 1)).contains(error.line) && !error.message.isEmpty,
                    "\(text.debugDescription): \(error)")
            }
        }
    }

    // MARK: - The linter runs the code

    @Test func theLinterReportsASolutionThatFailsAndAStarterThatPasses() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The starter is made right, and the solution wrong: both are defects.
        let broken = Self.valid
            .replacingOccurrences(
                of: "{ subscription.request(.max(2)) }", with: "{ subscription.request(.max(1)) }"
            )
            .replacingOccurrences(
                of: "{ subscription.request(.unlimited) }  // ask for two", with: "{ subscription.request(.max(2)) }"
            )
            .replacingOccurrences(of: "let first = numbers.sink", with: "let first = numbres.sink")
            // A wrong solution that passes, and one that fails another concept than it names.
            .replacingOccurrences(of: "Wrong [asks for two]: asks for three", with: "Wrong [output]: asks for three")
            .replacingOccurrences(of: "subscription.request(.max(3))", with: "subscription.request(.max(2))")
            .replacingOccurrences(of: "Wrong [output]: prints nothing", with: "Wrong [demand]: prints nothing")
        let file = directory.appendingPathComponent("01-broken.md")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let diagnostics = LargeStack.run { LessonLinter.lint(file: file.path) }
        let text = diagnostics.map(\.description).joined(separator: "\n")
        #expect(text.contains("error: the solution fails `exactly 2 values to TakeTwo`"))
        #expect(text.contains("error: the starter code already passes every check"))
        #expect(text.contains("error: the wrong solution \"asks for three\" passes every check"))
        #expect(text.contains("error: the wrong solution \"prints nothing\" fails `output` but no check of `demand`"))
        #expect(
            text.contains(
                "error: the correct solution \"one, then one more from the first value\" fails") == false)
        #expect(text.contains("error: the code of step 3 fails"))
        #expect(diagnostics.allSatisfy { $0.line > 0 })
        #expect(LessonLinter.lint(file: file.path, runCode: false) == [])
    }

    @Test func lintingAFileThatDoesNotExist() {
        #expect(LessonLinter.lint(file: "/nonexistent/lesson.md").map(\.message) == ["cannot read the file"])
    }
}

/// The format as lessons/README.md teaches it: its whole-lesson example reads, runs and
/// judges clean (it keeps one other solution of each kind, for brevity: that is the one
/// warning).
@Suite struct LessonsReadmeTests {
    @Test func theWholeLessonExampleOfTheReadmeIsAValidLesson() throws {
        let readme = try String(
            contentsOf: TestPaths.repository.appendingPathComponent("lessons/README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "````markdown\n"))
        let end = try #require(readme.range(of: "````\n\n## Front matter"))
        let text = String(readme[start.upperBound..<end.lowerBound])
        let parsed = LessonParser.parse(text, path: "/lessons/03-demand.md")
        #expect(parsed.diagnostics == [])
        let lesson = try #require(parsed.lesson)
        let exercise = try #require(lesson.steps.compactMap(\.exercise).first)
        #expect(exercise.drivers.map(\.name) == ["", "a subject that sends five"])
        let problems = LargeStack.run { LessonLinter.problemsRunning(lesson) }
        #expect(problems.filter { $0.severity == .error } == [])
        #expect(problems.count == 1 && problems[0].message.hasPrefix("keep at least 2 other correct solutions"))
    }
}
