import Foundation
import UndercurrentTrace

/// The verdict on one check: passed or not, and what was expected beside what the
/// learner's program did, in the lesson's terms.
public struct CheckOutcome: Sendable {
    public var check: Check
    public var passed: Bool
    public var expected: String
    public var actual: String
    /// The calls that show the verdict, by their number in the run's trace (`#4`).
    public var evidence: [Int] = []
    /// The run the check judged: "" for the exercise's own `Run with:`, else the driver's name.
    public var driver: String = ""

    public init(check: Check, passed: Bool, expected: String, actual: String, evidence: [Int] = []) {
        self.check = check
        self.passed = passed
        self.expected = expected
        self.actual = actual
        self.evidence = evidence
    }
}

/// Judges checks against a run: its output and its recorded calls.
public enum CheckEvaluator {
    /// What a check found: its verdict in words, and the calls that show it.
    struct Verdict {
        var passed: Bool
        var expected: String
        var actual: String
        var evidence: [TraceEvent] = []

        init(_ passed: Bool, _ expected: String, _ actual: String, _ evidence: [TraceEvent] = []) {
            self.passed = passed
            self.expected = expected
            self.actual = actual
            self.evidence = evidence
        }
    }

    /// Every check's outcome. A run that stopped with an error (or made so many calls the
    /// trace overflowed) also fails an implicit `runs without error`, listed first, unless
    /// the lesson expects an error with `error contains`. With `contract`, a run whose calls
    /// break the Publisher/Subscriber contract also fails an implicit `follows the contract`,
    /// listed last (an exercise's runs; a question's code may break it on purpose).
    public static func evaluate(_ checks: [Check], on run: RunResult, contract: Bool = false) -> [CheckOutcome] {
        var outcomes: [CheckOutcome] = []
        let expectsError = checks.contains { if case .errorContains = $0.rule { return true } else { return false } }
        let hasExplicit = checks.contains { $0.rule == .runsWithoutError }
        if !expectsError, !hasExplicit, run.diagnostic != nil || run.droppedEvents > 0 {
            let implicit = Check(text: "runs without error", line: 0, rule: .runsWithoutError)
            outcomes.append(judge(implicit, run))
        }
        outcomes += checks.map { judge($0, run) }
        if contract, !checks.contains(where: { $0.rule == .followsContract }) {
            let implicit = Check(text: "follows the contract", line: 0, rule: .followsContract)
            let outcome = judge(implicit, run)
            if !outcome.passed { outcomes.append(outcome) }
        }
        return outcomes
    }

    static func judge(_ check: Check, _ run: RunResult) -> CheckOutcome {
        let verdict = verdict(check.rule, run)
        return CheckOutcome(
            check: check, passed: verdict.passed, expected: verdict.expected, actual: verdict.actual,
            evidence: verdict.evidence.map(\.sequence))
    }

    // swiftlint:disable:next cyclomatic_complexity
    private static func verdict(_ rule: Check.Rule, _ run: RunResult) -> Verdict {
        let calls = run.calls
        switch rule {
        case .outputIs(let expected):
            let passed = trimmingOneNewline(run.output) == trimmingOneNewline(expected)
            return Verdict(passed, trimmingOneNewline(expected), printed(run.output))

        case .outputContains(let text):
            return Verdict(
                run.output.contains(text), "output containing \(quoted(text))",
                "your program printed " + printedInline(run.output))

        case .outputLacks(let text):
            return Verdict(
                !run.output.contains(text), "output without \(quoted(text))",
                "your program printed " + printedInline(run.output))

        case .runsWithoutError:
            if run.droppedEvents > 0 {
                return Verdict(
                    false, "the program finishes",
                    "your program made more than \(TracedRun.eventLimit) calls: is a subscription delivering values without end?"
                )
            }
            if let diagnostic = run.diagnostic {
                return Verdict(
                    false, "the program runs to its end without an error",
                    "it stopped: " + trimmingOneNewline(diagnostic))
            }
            return Verdict(true, "the program runs to its end without an error", "it did")

        case .errorContains(let text):
            guard let message = run.errorMessage else {
                return Verdict(false, "an error mentioning \(quoted(text))", "your program ran without an error")
            }
            return Verdict(message.contains(text), "an error mentioning \(quoted(text))", "the error was: \(message)")

        case .count(let quantity, let kind, let target):
            let matching = calls.filter { call in
                kind.matches(call) && (target.map { TraceNames.matches(call.target, $0) } ?? true)
            }
            let place = target.map { " \(preposition(kind)) \($0)" } ?? ""
            let expected = "\(quantity) \(kind.noun(quantityNumber(quantity)))\(place)"
            var actual = "\(matching.count) \(kind.noun(matching.count))\(place)"
            if !matching.isEmpty { actual += ": " + list(matching) }
            return Verdict(quantity.admits(matching.count), expected, actual, Array(matching.prefix(6)))

        case .call(let pattern):
            if let found = calls.first(where: pattern.matches) {
                return Verdict(true, "a call \(pattern)", describe(found), [found])
            }
            let sameKind = calls.filter { $0.kind == pattern.kind }
            return Verdict(false, "a call \(pattern)", nearMisses(pattern, calls), Array(sameKind.prefix(6)))

        case .noCall(let pattern):
            let found = calls.filter(pattern.matches)
            if found.isEmpty { return Verdict(true, "no call \(pattern)", "there was none") }
            return Verdict(
                false, "no call \(pattern)",
                "your program made \(found.count == 1 ? "it" : "\(found.count) of them"): " + list(found),
                Array(found.prefix(6)))

        case .order(let patterns):
            return order(patterns, calls)

        case .demandHonoured(let target):
            return demandHonoured(target, calls)

        case .completesOnce:
            let completions = calls.filter { $0.kind == .receiveCompletion }
            guard !completions.isEmpty else {
                return Verdict(false, "a completion, exactly once", "no subscriber received receive(completion:)")
            }
            let byTarget = Dictionary(grouping: completions, by: \.target)
            if let (target, repeated) = byTarget.sorted(by: { $0.key < $1.key }).first(where: { $0.value.count > 1 }) {
                return Verdict(
                    false, "each subscriber completes exactly once",
                    "\(target) received receive(completion:) \(repeated.count) times: " + list(repeated),
                    Array(repeated.prefix(6)))
            }
            return Verdict(true, "a completion, exactly once", list(completions), completions)

        case .noValuesAfterCompletion:
            var completed: [String: TraceEvent] = [:]
            for call in calls {
                if call.kind == .receiveCompletion, completed[call.target] == nil { completed[call.target] = call }
                if call.kind == .receiveValue, let completion = completed[call.target] {
                    return Verdict(
                        false, "no values after a subscriber's completion",
                        "\(call.target) received receive(\(call.argument)) (#\(call.sequence)) after its completion (#\(completion.sequence))",
                        [completion, call])
                }
            }
            return Verdict(true, "no values after a subscriber's completion", "none came")

        case .noValuesAfterCancel:
            return noValuesAfterCancel(calls)

        case .subscriptionBeforeValues:
            var subscribed: Set<String> = []
            for call in calls {
                if call.kind == .receiveSubscription { subscribed.insert(call.target) }
                if call.kind == .receiveValue, !subscribed.contains(call.target) {
                    return Verdict(
                        false, "every subscriber receives its subscription before any value",
                        "\(call.target) received receive(\(call.argument)) (#\(call.sequence)) before any receive(subscription:)",
                        [call])
                }
            }
            return Verdict(true, "every subscriber receives its subscription before any value", "it did")

        case .values(let target, let expected):
            let received = calls.filter { $0.kind == .receiveValue && TraceNames.matches($0.target, target) }
            let values = received.map { CheckParser.squeezed($0.argument) }
            let show: ([String]) -> String = { $0.isEmpty ? "no values" : $0.joined(separator: ", ") }
            // The first value that differs, or the calls around a missing one.
            let firstWrong =
                zip(values, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(values.count, expected.count)
            let shown =
                received.isEmpty ? [] : Array(received[max(0, min(firstWrong, received.count - 1))...].prefix(4))
            return Verdict(
                values == expected, "\(target) receives \(show(expected))", "\(target) received \(show(values))",
                shown)

        case .demandEndsAt(let demand, let target):
            var last: [String: TraceEvent] = [:]
            var order: [String] = []
            for call in calls {
                guard let ledger = call.ledger else { continue }
                if let target, !TraceNames.matches(ledger.subscription, target) { continue }
                if last[ledger.subscription] == nil { order.append(ledger.subscription) }
                last[ledger.subscription] = call
            }
            let expected = "outstanding demand \(demand) at the end" + (target.map { " on \($0)" } ?? "")
            guard !order.isEmpty else {
                return Verdict(false, expected, "no subscription\(target.map { " named \($0)" } ?? "") had any demand")
            }
            let ends = order.map { "\($0) ends at \(last[$0]!.ledger!.after)" }.joined(separator: "; ")
            let wrong = order.filter { last[$0]!.ledger!.after != demand }.map { last[$0]! }
            return Verdict(wrong.isEmpty, expected, ends, wrong)

        case .demandNeverAbove(let limit, let target):
            let expected =
                "outstanding demand never above \(limit)" + (target.map { " on \($0)" } ?? "")
            let raised = calls.filter { call in
                guard let ledger = call.ledger else { return false }
                if let target, !TraceNames.matches(ledger.subscription, target) { return false }
                return true
            }
            guard !raised.isEmpty else {
                return Verdict(false, expected, "no subscription\(target.map { " named \($0)" } ?? "") had any demand")
            }
            guard
                let above = raised.first(where: { call in
                    if case .count(let count) = call.ledger!.after { return count > limit }
                    return true
                })
            else { return Verdict(true, expected, "it never was") }
            return Verdict(
                false, expected,
                "#\(above.sequence) \(short(above)) made the demand of \(above.ledger!.subscription) \(above.ledger!.after)",
                [above])

        case .followsContract:
            let broken = run.events.flatMap(\.violations).filter { $0.severity == .error }
            let expected = "no call breaks the Publisher/Subscriber contract"
            guard let first = broken.first else { return Verdict(true, expected, "none did") }
            let more = broken.count > 1 ? " (and \(broken.count - 1) more)" : ""
            let event = run.events.first { $0.sequence == first.sequence && $0.kind != .output }
            return Verdict(false, expected, "#\(first.sequence) \(first.headline)\(more)", event.map { [$0] } ?? [])
        }
    }

    // MARK: - Demand

    private static func demandHonoured(_ target: String?, _ calls: [TraceEvent]) -> Verdict {
        let expected = "no subscription delivers more values than its subscriber asked for"
        // The first delivery made with no outstanding demand.
        guard
            let violation = calls.first(where: { call in
                guard call.kind == .receiveValue, let ledger = call.ledger else { return false }
                if let target, !TraceNames.matches(ledger.subscription, target) { return false }
                if case .count(let count) = ledger.before { return count <= 0 }
                return false
            }), let subscription = violation.ledger?.subscription
        else {
            return Verdict(true, expected, "every value was asked for")
        }
        let ofSubscription = calls.filter { $0.ledger?.subscription == subscription }
        let requests = ofSubscription.filter { $0.kind == .request }
        let delivered = ofSubscription.filter { $0.kind == .receiveValue }.count
        let returned = ofSubscription.filter { $0.kind == .receiveValue }
            .compactMap { $0.returnedDemand.map(CheckParser.normalizedDemand) }
            .filter { $0 != ".none" }
        let asked = requests.map { CheckParser.normalizedDemand($0.argument) } + returned
        let subject = "your subscription \(subscription)"
        // The requests made before the first unasked-for value, and that value.
        let shown = Array(requests.filter { $0.sequence < violation.sequence }.suffix(3)) + [violation]
        if requests.isEmpty {
            return Verdict(
                false, "no values before the subscriber asks for any",
                "\(subject) delivered \(delivered) \(delivered == 1 ? "value" : "values") though nothing was requested",
                shown)
        }
        if requests.count == 1, returned.isEmpty {
            let demand = CheckParser.normalizedDemand(requests[0].argument)
            return Verdict(
                false, "at most \(count(demand)) after a request for \(demand)",
                "\(subject) delivered \(delivered) \(delivered == 1 ? "value" : "values") after a request for \(demand)",
                shown)
        }
        // Demands add up as Combine adds them: saturating at .unlimited (two `.max(Int.max)`
        // requests must not overflow the sum).
        var total: Int? = 0
        for demand in asked {
            guard let sum = total else { break }
            let (added, overflow) = sum.addingReportingOverflow(Int(demand.dropFirst(5).dropLast()) ?? 0)
            total = overflow ? nil : added
        }
        let allowed =
            total.map { "\($0) \($0 == 1 ? "value" : "values")" }
            ?? "unlimited values (the demands add up past Int.max)"
        let parts =
            requests.map { "request(\(CheckParser.normalizedDemand($0.argument)))" }
            + returned.map { "\($0) returned from receive(_:)" }
        return Verdict(
            false, "at most \(allowed): " + parts.joined(separator: " + "),
            "\(subject) delivered \(delivered) \(delivered == 1 ? "value" : "values"); the first one nobody asked for was receive(\(violation.argument)) (#\(violation.sequence))",
            shown)
    }

    private static func count(_ demand: String) -> String {
        if demand == ".none" { return "no values" }
        let n = Int(demand.dropFirst(5).dropLast()) ?? 0
        return n == 1 ? "1 value" : "\(n) values"
    }

    // MARK: - Cancellation

    private static func noValuesAfterCancel(_ calls: [TraceEvent]) -> Verdict {
        let expected = "no values after cancel()"
        var subscribers: [String: [String]] = [:]
        var cancelled: [String: TraceEvent] = [:]  // subscriber → the cancel of its subscription
        for call in calls {
            switch call.kind {
            case .receiveSubscription:
                subscribers[call.argument, default: []].append(call.target)
                cancelled[call.target] = nil
            case .cancel:
                for subscriber in subscribers[call.target] ?? [] where cancelled[subscriber] == nil {
                    cancelled[subscriber] = call
                }
            case .receiveValue:
                if let cancel = cancelled[call.target] {
                    return Verdict(
                        false, expected,
                        "after \(cancel.target).cancel() (#\(cancel.sequence)), \(call.target) still received receive(\(call.argument)) (#\(call.sequence))",
                        [cancel, call])
                }
            default:
                break
            }
        }
        return Verdict(true, expected, cancelled.isEmpty ? "nothing was cancelled" : "no value came after cancel()")
    }

    // MARK: - Order

    private static func order(_ patterns: [CallPattern], _ calls: [TraceEvent]) -> Verdict {
        let expected = patterns.map(\.text).joined(separator: " → ")
        var found: [TraceEvent] = []
        var index = calls.startIndex
        for pattern in patterns {
            guard let match = calls[index...].firstIndex(where: pattern.matches) else {
                let before =
                    found.isEmpty
                    ? "" : "found " + found.map { "#\($0.sequence) \(short($0))" }.joined(separator: ", then ") + "; "
                let anywhere = calls.first(where: pattern.matches)
                let tail =
                    anywhere.map { "\(pattern) happened only earlier, at #\($0.sequence)" }
                    ?? "there was no call \(pattern)"
                let after = found.isEmpty ? "" : " after that"
                return Verdict(
                    false, expected, before + (anywhere != nil && !found.isEmpty ? tail : tail + after),
                    found + (anywhere.map { [$0] } ?? []))
            }
            found.append(calls[match])
            index = calls.index(after: match)
        }
        return Verdict(true, expected, found.map { "#\($0.sequence)" }.joined(separator: " → "), found)
    }

    private static func nearMisses(_ pattern: CallPattern, _ calls: [TraceEvent]) -> String {
        let sameKind = calls.filter { $0.kind == pattern.kind }
        if sameKind.isEmpty { return "there was no \(methodName(pattern.kind)) call at all" }
        return "the \(methodName(pattern.kind)) calls were: " + list(sameKind)
    }

    // MARK: - Text

    /// A call as the trace writes it, with its number.
    static func describe(_ event: TraceEvent) -> String { "#\(event.sequence) \(short(event))" }

    static func short(_ event: TraceEvent) -> String {
        switch event.kind {
        case .subscribe: return "\(event.target).receive(subscriber: \(event.argument))"
        case .receiveSubscription: return "\(event.target).receive(subscription: \(event.argument))"
        case .request: return "\(event.target).request(\(event.argument))"
        case .receiveValue:
            return "\(event.target).receive(\(event.argument))" + (event.returnedDemand.map { " → \($0)" } ?? "")
        case .receiveCompletion: return "\(event.target).receive(completion: \(event.argument))"
        case .cancel: return "\(event.target).cancel()"
        case .deinitialize: return "\(event.target).deinit"
        case .output: return "» \(event.argument)"
        case .send: return "\(event.target).send(\(event.argument))"
        case .dropped:
            return "dropped \(event.argument): "
                + (event.target.isEmpty ? "no subscriber" : "\(event.target) had no demand")
        case .discarded: return "\(event.target) discarded \(event.argument)"
        case .taskStart: return "\(event.target) starts"
        case .taskAwait: return "\(event.target) awaits \(event.argument)"
        case .taskResume: return "\(event.target) resumes" + (event.argument.isEmpty ? "" : " with \(event.argument)")
        case .taskEnd: return "\(event.target) \(event.argument)"
        }
    }

    private static func list(_ events: [TraceEvent], limit: Int = 4) -> String {
        var parts = events.prefix(limit).map(describe)
        if events.count > limit { parts.append("… \(events.count - limit) more") }
        return parts.joined(separator: ", ")
    }

    private static func methodName(_ kind: TraceEvent.Kind) -> String {
        switch kind {
        case .subscribe: return "receive(subscriber:)"
        case .receiveSubscription: return "receive(subscription:)"
        case .request: return "request(_:)"
        case .receiveValue: return "receive(_:)"
        case .receiveCompletion: return "receive(completion:)"
        case .cancel: return "cancel()"
        case .deinitialize: return "deinit"
        case .output: return "print"
        case .send: return "send(_:)"
        case .dropped: return "dropped"
        case .discarded: return "discarded"
        case .taskStart: return "start"
        case .taskAwait: return "await"
        case .taskResume: return "resume"
        case .taskEnd: return "end"
        }
    }

    private static func preposition(_ kind: Check.CallKind) -> String {
        switch kind {
        case .request, .cancel, .subscribe: return "on"
        case .deinit: return "of"
        default: return "to"
        }
    }

    private static func quantityNumber(_ quantity: Check.Quantity) -> Int {
        switch quantity {
        case .exactly(let n), .atLeast(let n), .atMost(let n): return n
        }
    }

    private static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func trimmingOneNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    private static func printed(_ output: String) -> String {
        output.isEmpty ? "(nothing)" : trimmingOneNewline(output)
    }

    private static func printedInline(_ output: String) -> String {
        if output.isEmpty { return "nothing" }
        let lines = trimmingOneNewline(output).split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines.prefix(6).joined(separator: "\n")
        return quoted(shown + (lines.count > 6 ? "\n…" : ""))
    }
}
