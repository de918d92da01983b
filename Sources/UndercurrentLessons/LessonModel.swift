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

/// A self-check exercise: the learner's code runs between `given` and `runWith`, and the
/// checks judge what the whole program did.
public struct Exercise: Sendable {
    public var title: String
    public var line: Int
    public var prompt: [LessonBlock]
    /// Code that runs before the learner's (shown, not edited).
    public var given: CodeBlock?
    public var starter: CodeBlock
    /// Code that runs after the learner's, to exercise it (shown, not edited).
    public var runWith: CodeBlock?
    public var hints: [String]
    public var solution: CodeBlock
    public var checks: [Check]
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
