/// One run of the learner's code under one driver, and the verdicts on it.
public struct DriverRun: Sendable {
    public var driver: Driver
    public var run: RunResult
    public var outcomes: [CheckOutcome]
    public var passed: Bool { outcomes.allSatisfy(\.passed) }
}

/// An exercise judged the way `:check` does: the learner's code run under every driver.
public struct Judgement: Sendable {
    public var runs: [DriverRun]

    public init(runs: [DriverRun]) {
        self.runs = runs
    }

    /// The learner pressed Ctrl-C during a run: the judgement is incomplete, and not a verdict.
    public var wasInterrupted: Bool { runs.contains { $0.run.wasInterrupted } }

    /// One run judged by some checks (a question's code).
    init(run: RunResult, outcomes: [CheckOutcome]) {
        runs = [DriverRun(driver: Driver(name: "", code: nil, checks: [], line: 0), run: run, outcomes: outcomes)]
    }

    /// Every verdict, run by run.
    public var outcomes: [CheckOutcome] { runs.flatMap(\.outcomes) }
    public var passed: Bool { runs.allSatisfy(\.passed) }
    public var failures: [CheckOutcome] { outcomes.filter { !$0.passed } }
    /// The concepts of the failed checks, each once, in order.
    public var failedConcepts: [String] {
        var seen: [String] = []
        for failure in failures where !seen.contains(failure.check.concept) { seen.append(failure.check.concept) }
        return seen
    }
    /// The run worth looking at: the first whose checks failed, else the exercise's own.
    public var inspected: DriverRun { runs.first { !$0.passed } ?? runs[0] }
    /// The run worth looking at (see `inspected`).
    public var run: RunResult { inspected.run }
}

extension Exercise {
    /// The program a driver runs: the given code, the learner's code (a piece per part typed
    /// at the prompt), then the driver's code.
    public func pieces(learnerCode: [String], driver: Driver? = nil) -> [TracedRun.Piece] {
        var pieces: [TracedRun.Piece] = []
        if let given { pieces.append(TracedRun.Piece(given.code, name: "given")) }
        for (index, part) in learnerCode.enumerated() {
            pieces.append(
                TracedRun.Piece(part, name: learnerCode.count == 1 ? "your code" : "your code, part \(index + 1)"))
        }
        let driver = driver ?? drivers.first
        if let driver, let code = driver.code {
            pieces.append(
                TracedRun.Piece(code.code, name: driver.name.isEmpty ? "run with" : "run with: \(driver.name)"))
        }
        return pieces
    }

    /// Runs the learner's code under every driver, each a fresh program, and judges each
    /// run by its checks, the implicit ones included (it runs to its end; no call breaks the
    /// contract). Call on a large-stack thread.
    /// Ctrl-C stops the whole judgement, not only the run it lands in.
    public func judge(learnerCode: [String]) -> Judgement {
        var runs: [DriverRun] = []
        for driver in drivers {
            let run = TracedRun.run(pieces(learnerCode: learnerCode, driver: driver))
            var outcomes = CheckEvaluator.evaluate(driver.checks, on: run, contract: true)
            for index in outcomes.indices { outcomes[index].driver = driver.name }
            runs.append(DriverRun(driver: driver, run: run, outcomes: outcomes))
            if run.wasInterrupted { break }
        }
        return Judgement(runs: runs)
    }
}

extension Prediction {
    /// Runs the question's code and its checks (the linter and tests use this to keep the
    /// stated answer true to what happens).
    public func verify(setup: [TracedRun.Piece] = []) -> Judgement {
        let run = TracedRun.run(code.map { TracedRun.Piece($0.code, name: "question") }, setup: setup)
        return Judgement(run: run, outcomes: CheckEvaluator.evaluate(checks, on: run))
    }

    /// Whether `input` is an accepted answer: a choice's letter (`b`, `b)`), a choice's own
    /// text, or one of the free answers, ignoring case, spaces and backticks.
    public func accepts(_ input: String) -> Bool {
        let given = Self.normalized(input)
        guard !given.isEmpty else { return false }
        if choices.isEmpty {
            return answers.contains { Self.normalized($0) == given }
        }
        let letter = given.hasSuffix(")") ? String(given.dropLast()) : given
        for answer in answers {
            let label = answer.lowercased()
            if letter == label { return true }
            if let choice = choices.first(where: { $0.label == label }), Self.normalized(choice.text) == given {
                return true
            }
        }
        return false
    }

    /// Whether the learner's input is meant as an answer: with choices, any input (a wrong
    /// one is asked again); otherwise a short line that is not Swift code — code typed while
    /// the question waits just runs.
    public func looksLikeAnswer(_ input: String) -> Bool {
        if !choices.isEmpty { return true }
        let codeCharacters = Set("(){}=\"\n")
        let allowed = Set(answers.joined().filter(codeCharacters.contains))
        return input.count <= 40 && !input.contains { codeCharacters.contains($0) && !allowed.contains($0) }
    }

    /// Whether `input` looks like a choice letter at all (to tell a wrong letter from other input).
    public func isChoiceLabel(_ input: String) -> Bool {
        var given = Self.normalized(input)
        if given.hasSuffix(")") { given.removeLast() }
        return choices.contains { $0.label == given }
    }

    static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { !$0.isWhitespace && $0 != "`" })
    }

    /// The right answer as a sentence: `b) request(.max(1))`, or the first free answer.
    public var answerText: String {
        guard !choices.isEmpty else { return answers.first ?? "" }
        return answers.compactMap { answer in
            choices.first { $0.label == answer.lowercased() }.map { "\($0.label)) \($0.text)" }
        }.joined(separator: " or ")
    }
}

extension Lesson {
    /// The code of the steps before `index`, which a step's code may rely on (exercises stand alone).
    public func setupPieces(before index: Int) -> [TracedRun.Piece] {
        steps.prefix(index).enumerated().flatMap { offset, step in
            (step.prediction?.code ?? step.code).map { TracedRun.Piece($0.code, name: "step \(offset + 1)") }
        }
    }
}
