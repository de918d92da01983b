/// A lesson as read from a lesson file (see lessons/README.md for the format): front
/// matter, an optional introduction, then short steps. A step may end with one exercise
/// or one predict-the-trace question.
public struct Lesson: Sendable {
    /// Progress is kept under this name: front matter `id:`, else the file name without
    /// its number prefix and extension (`03-demand.md` → `demand`).
    public var id: String
    public var title: String
    public var summary: String
    /// The file the lesson came from.
    public var path: String
    /// Text shown above the first step.
    public var introduction: [LessonBlock]
    public var steps: [LessonStep]

    public var exerciseCount: Int { steps.filter { $0.exercise != nil }.count }
}

/// A piece of a step's body: Markdown-like prose, or a fenced code block.
public enum LessonBlock: Sendable, Equatable {
    /// Prose lines (paragraphs, lists, sub-headings), as written, starting at `line`.
    case text(String, line: Int)
    case code(CodeBlock)
}

/// A fenced code block: ```swift, ```swift no-run, ```text, or a bare ```.
public struct CodeBlock: Sendable, Equatable {
    public var language: String
    public var options: [String]
    public var code: String
    /// Line of the opening fence.
    public var line: Int

    public init(language: String, options: [String] = [], code: String, line: Int) {
        self.language = language
        self.options = options
        self.code = code
        self.line = line
    }

    /// Swift the lesson runs (a `no-run` block is shown only).
    public var isRunnable: Bool { language == "swift" && !options.contains("no-run") }
    public var isSwift: Bool { language == "swift" }
}

public struct LessonStep: Sendable {
    public var title: String
    /// Line of the `## ` heading.
    public var line: Int
    public var body: [LessonBlock]
    public var exercise: Exercise?
    public var prediction: Prediction?

    /// The Swift blocks of the body that `:run` runs, in order.
    public var code: [CodeBlock] {
        body.compactMap { block in
            if case .code(let code) = block, code.isRunnable { return code }
            return nil
        }
    }

    public var kind: Kind {
        if exercise != nil { return .exercise }
        if prediction != nil { return .prediction }
        return code.isEmpty ? .reading : .example
    }

    public enum Kind: Sendable { case reading, example, exercise, prediction }
}

/// A self-check exercise: the learner's code runs between `given` and each driver's
/// code, and each driver's checks judge what that whole program did.
public struct Exercise: Sendable {
    public var title: String
    public var line: Int
    public var prompt: [LessonBlock]
    /// Code that runs before the learner's (shown, not edited).
    public var given: CodeBlock?
    public var starter: CodeBlock
    /// The ways the learner's code is run, each a fresh program: the first is the exercise's
    /// own `Run with:` (its code may be nil: the learner's code alone), the others are
    /// `Run with: NAME` blocks chosen to exercise the concept another way.
    public var drivers: [Driver]
    public var hintList: [ExerciseHint]
    public var solution: CodeBlock
    /// Other correct solutions, written differently from `solution`: every check must pass.
    public var correct: [Variant]
    /// Realistic wrong solutions: each must fail a check of the concept it names.
    public var wrong: [Variant]

    public init(
        title: String, line: Int, prompt: [LessonBlock], given: CodeBlock?, starter: CodeBlock,
        drivers: [Driver], hints: [ExerciseHint], solution: CodeBlock, correct: [Variant] = [],
        wrong: [Variant] = []
    ) {
        self.title = title
        self.line = line
        self.prompt = prompt
        self.given = given
        self.starter = starter
        self.drivers = drivers
        self.hintList = hints
        self.solution = solution
        self.correct = correct
        self.wrong = wrong
    }

    /// The code of the exercise's own `Run with:`.
    public var runWith: CodeBlock? { drivers.first?.code }
    /// Every driver's checks, in order.
    public var checks: [Check] { drivers.flatMap(\.checks) }
    /// The hints' texts, in order.
    public var hints: [String] { hintList.map(\.text) }

    /// Every concept a check of the exercise names, the implicit ones included.
    public var concepts: [String] {
        var seen: [String] = []
        for name in checks.map(\.concept) + [Check.contractConcept, Check.runsConcept] where !seen.contains(name) {
            seen.append(name)
        }
        return seen
    }
}

/// One way of running the learner's code: its own run-with code and the checks of that run.
public struct Driver: Sendable {
    /// Empty for the exercise's own `Run with:`; otherwise what this run does, as the
    /// learner reads it (`one value at a time`).
    public var name: String
    public var code: CodeBlock?
    public var checks: [Check]
    public var line: Int

    public init(name: String, code: CodeBlock?, checks: [Check], line: Int) {
        self.name = name
        self.code = code
        self.checks = checks
        self.line = line
    }
}

/// A hint; one with a concept is offered first when a check of that concept failed.
public struct ExerciseHint: Sendable, Equatable {
    public var text: String
    public var concept: String?

    public init(_ text: String, concept: String? = nil) {
        self.text = text
        self.concept = concept
    }
}

/// Another solution kept beside the exercise for the linter and the tests: a correct one
/// written differently from the lesson's, or a wrong one with the concept it gets wrong.
public struct Variant: Sendable {
    public var description: String
    /// For a wrong solution: the concept whose check must fail.
    public var concept: String?
    public var code: CodeBlock
    public var line: Int

    public init(description: String, concept: String?, code: CodeBlock, line: Int) {
        self.description = description
        self.concept = concept
        self.code = code
        self.line = line
    }
}

/// A predict-the-trace question: the learner answers before the code runs.
public struct Prediction: Sendable {
    public var title: String
    public var line: Int
    /// Prose and code shown with the question; the runnable code runs when the answer is revealed.
    public var body: [LessonBlock]
    public var question: String
    public var choices: [Choice]
    /// Accepted answers: a choice letter, or free answers (compared ignoring case and spaces).
    public var answers: [String]
    public var answerLine: Int
    public var explanation: String
    /// Optional checks that the revealed run must pass (they keep the answer honest).
    public var checks: [Check]

    public struct Choice: Sendable, Equatable {
        public var label: String
        public var text: String
    }

    public var code: [CodeBlock] {
        body.compactMap { block in
            if case .code(let code) = block, code.isRunnable { return code }
            return nil
        }
    }
}

/// A problem in a lesson file, with its line.
public struct LessonDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public var line: Int
    public var severity: Severity
    public var message: String

    public init(line: Int, _ severity: Severity, _ message: String) {
        self.line = line
        self.severity = severity
        self.message = message
    }

    public init(line: Int, _ message: String) {
        self.init(line: line, .error, message)
    }

    public var description: String { "\(line): \(severity.rawValue): \(message)" }

    /// `FILE:LINE: error: message`, as compilers write it.
    public func formatted(file: String) -> String { "\(file):\(line): \(severity.rawValue): \(message)" }
}
