import UndercurrentTrace

/// A judged exercise as the learner reads it, in the REPL (`:check`) and in the shell
/// (`undercurrent lesson check`): every run with its verdicts; for a failed check its
/// concept, what was expected beside what the code did, the calls of the trace that show
/// it, and the line of the learner's code to look at.
public struct JudgementReport {
    public var judgement: Judgement
    public var exercise: Exercise
    public var learnerCode: [String]
    public var renderer: LessonTextRenderer

    public init(judgement: Judgement, exercise: Exercise, learnerCode: [String], renderer: LessonTextRenderer) {
        self.judgement = judgement
        self.exercise = exercise
        self.learnerCode = learnerCode
        self.renderer = renderer
    }

    /// Trace lines quoted under a failed check, at most.
    static let evidenceLines = 8

    /// Every run, one after the other.
    public func lines() -> [String] {
        var lines: [String] = []
        let index = LearnerCodeIndex(parts: learnerCode)
        // The trace and the line to look at are shown once per concept: the first failure
        // of a concept explains it; later ones show what was expected beside what happened.
        var explained: Set<String> = []
        for (number, driverRun) in judgement.runs.enumerated() {
            if judgement.runs.count > 1 {
                if number > 0 { lines.append("") }
                lines.append(renderer.bold(Self.title(driverRun.driver)))
            }
            if number == 0 || !driverRun.passed, !driverRun.run.output.isEmpty {
                lines.append(renderer.dim("  Your program printed:"))
                let printed = driverRun.run.output.split(separator: "\n", omittingEmptySubsequences: true)
                lines += printed.prefix(12).map { "      " + $0 }
                if printed.count > 12 { lines.append(renderer.dim("      … \(printed.count - 12) more lines")) }
            }
            if let diagnostic = driverRun.run.diagnostic {
                lines += diagnostic.split(separator: "\n").map { "  " + renderer.red(String($0)) }
            }
            for outcome in driverRun.outcomes {
                let first = !outcome.passed && explained.insert(outcome.check.concept).inserted
                lines += describe(outcome, driverRun.run, index, explain: first)
            }
        }
        return lines
    }

    /// `Run with the exercise's code:`, `Run with: one value at a time`.
    static func title(_ driver: Driver) -> String {
        driver.name.isEmpty ? "Run with the exercise's code:" : "Run with: \(driver.name)"
    }

    /// One check's verdict; a failure shows what was expected beside what the code did,
    /// the calls that show it, and where to look in the learner's code.
    func describe(_ outcome: CheckOutcome, _ run: RunResult, _ index: LearnerCodeIndex, explain: Bool = true)
        -> [String]
    {
        let title = "[\(outcome.check.concept)] " + outcome.check.text
        guard !outcome.passed else { return [renderer.green("  ✓ ") + title] }
        var lines = [renderer.red("  ✗ ") + title]
        lines += sideBySide(expected: outcome.expected, actual: outcome.actual)
        guard explain else { return lines }
        let (quoted, evidence) = evidenceLines(outcome, run)
        if !quoted.isEmpty {
            lines.append("      " + renderer.dim("the trace shows:"))
            lines += quoted.map { "        " + $0 }
        }
        if let first = evidence.first, let method = index.method(for: first, in: run.events) {
            lines += pointer(method)
        } else if !outcome.check.rule.isAboutOutput, let line = run.errorLine,
            let piece = run.errorPiece, piece.hasPrefix("your code")
        {
            lines.append("      " + renderer.dim("look at \(piece), line \(line)"))
        }
        if let note = outcome.check.note {
            lines += renderer.wrap(note, first: renderer.dim("      the lesson says: "), rest: "        ")
        }
        return lines
    }

    /// `look at your code, line 21, in BurstSubscription.request(_:):` and the line.
    func pointer(_ method: LearnerCodeIndex.Method) -> [String] {
        let part = learnerCode.count > 1 ? "your code (part \(method.part + 1))" : "your code"
        return [
            "      " + renderer.dim("look at \(part), line \(method.line), in \(method.type).\(method.name):"),
            "          " + method.text,
        ]
    }

    /// The calls of the trace that show a verdict, drawn as the trace draws them, with the
    /// call that made the first of them; a gap between calls is marked `⋮`.
    func evidenceLines(_ outcome: CheckOutcome, _ run: RunResult) -> ([String], [TraceEvent]) {
        let events = run.events
        var positions: [Int] = []
        for sequence in outcome.evidence {
            if let position = events.firstIndex(where: { $0.sequence == sequence && $0.kind != .output }),
                !positions.contains(position)
            {
                positions.append(position)
            }
        }
        guard let first = positions.min() else { return ([], []) }
        // The call the first one was made from, for context.
        var position = first
        while position > 0 {
            position -= 1
            if events[position].kind != .output, events[position].depth < events[first].depth {
                if !positions.contains(position) { positions.append(position) }
                break
            }
        }
        positions.sort()
        var shown = Array(positions.prefix(Self.evidenceLines))
        if positions.count > Self.evidenceLines { shown = Array(positions.prefix(Self.evidenceLines - 1)) }
        var traceRenderer = TraceRenderer(useColor: renderer.useColor)
        traceRenderer.showTime = TraceRenderer.timeVaries(in: events)
        var lines: [String] = []
        var previous: Int?
        for position in shown {
            if let previous, position > previous + 1,
                events[(previous + 1)..<position].contains(where: { $0.kind != .output })
            {
                lines.append(renderer.dim("⋮"))
            }
            lines += traceRenderer.render(events, range: position..<(position + 1))
            previous = position
        }
        if positions.count > shown.count { lines.append(renderer.dim("… and \(positions.count - shown.count) more")) }
        let evidence = outcome.evidence.compactMap { sequence in
            events.first { $0.sequence == sequence && $0.kind != .output }
        }.sorted { $0.sequence < $1.sequence }
        return (lines, evidence)
    }

    /// Expected and actual in two columns when both fit, else one above the other.
    func sideBySide(expected: String, actual: String) -> [String] {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let indent = "      "
        if left.count == 1, right.count == 1 {
            return renderer.wrap(
                left[0], first: indent + renderer.dim("expected   "), rest: indent + "           ", firstWidth: 17)
                + renderer.wrap(
                    right[0], first: indent + renderer.dim("your code  "), rest: indent + "           ", firstWidth: 17)
        }
        let columnWidth = max(left.map(\.count).max() ?? 0, "expected".count)
        let available = (renderer.width - indent.count - 3)
        if columnWidth + (right.map(\.count).max() ?? 0) <= available {
            var lines = [indent + renderer.dim("expected".padding(columnWidth) + " │ your code")]
            for row in 0..<max(left.count, right.count) {
                let l = row < left.count ? left[row] : ""
                let r = row < right.count ? right[row] : ""
                let marker = l == r ? " │ " : renderer.yellow(" ≠ ")
                lines.append(indent + l.padding(columnWidth) + marker + r)
            }
            return lines
        }
        return [indent + renderer.dim("expected:")] + left.map { indent + "  " + $0 }
            + [indent + renderer.dim("your code:")] + right.map { indent + "  " + $0 }
    }

    /// `✗ 2 of 9 checks fail (demand, completion).` or `✓ All 9 checks pass …`.
    public var summary: String {
        let outcomes = judgement.outcomes
        if judgement.passed {
            let runs = judgement.runs.count
            return renderer.green(
                "✓ All \(outcomes.count) checks pass"
                    + (runs > 1 ? " in all \(runs) runs" : "") + ": exercise passed!")
        }
        let failing = judgement.failures.count
        return renderer.red(
            "✗ \(failing) of \(outcomes.count) checks fail (\(judgement.failedConcepts.joined(separator: ", "))).")
    }
}

extension Check.Rule {
    var isAboutOutput: Bool {
        switch self {
        case .outputIs, .outputContains, .outputLacks: return true
        default: return false
        }
    }
}
