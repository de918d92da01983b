import UndercurrentTrace

/// One self-check: a statement about what the program did (its output, or the calls in
/// its trace), never about the text of its code. The vocabulary is documented in
/// lessons/README.md; `CheckParser` reads it.
public struct Check: Sendable, Equatable {
    /// The check as the lesson wrote it (without its note).
    public var text: String
    public var line: Int
    /// The lesson's own words after `//`, shown when the check fails.
    public var note: String?
    public var rule: Rule
    /// The concept the lesson named in brackets before the check (`[demand] demand honoured`).
    public var explicitConcept: String?

    public init(text: String, line: Int, note: String? = nil, rule: Rule, concept: String? = nil) {
        self.text = text
        self.line = line
        self.note = note
        self.rule = rule
        self.explicitConcept = concept
    }

    /// The concept the check judges, as the learner is told when it fails: the lesson's own
    /// name for it, else one that follows from the kind of check.
    public var concept: String { explicitConcept ?? rule.defaultConcept }

    /// The concept of the implicit check every run passes: no call breaks the contract.
    public static let contractConcept = "contract"
    /// The concept of the implicit check every run passes: it runs to its end.
    public static let runsConcept = "runs"

    public enum Rule: Sendable, Equatable {
        case outputIs(String)
        case outputContains(String)
        case outputLacks(String)
        case runsWithoutError
        case errorContains(String)
        /// `exactly 2 values to TakeTwo`, `no cancels`, `at least 1 deinit of Printer`.
        case count(Quantity, CallKind, target: String?)
        /// `call request(.max(2))`
        case call(CallPattern)
        /// `no call cancel()`
        case noCall(CallPattern)
        /// `in order: receive(subscription:), request(.max(1)), receive(1)`
        case order([CallPattern])
        /// No subscription delivers a value its subscriber did not ask for.
        case demandHonoured(target: String?)
        /// Some subscriber completes, and none completes twice.
        case completesOnce
        case noValuesAfterCompletion
        case noValuesAfterCancel
        case subscriptionBeforeValues
        /// `values to Sink are 1, 2, 3`: exactly these values, in this order.
        case values(target: String, [String])
        /// `demand ends at 0 on CountdownSubscription`
        case demandEndsAt(DemandCount, target: String?)
        /// `demand never above 1`: the outstanding demand of the subscription (each one,
        /// without a name) never exceeds N — a subscriber that asks one value at a time.
        case demandNeverAbove(Int, target: String?)
        /// No call breaks a rule of the contract checker (errors; warnings are allowed).
        case followsContract
    }

    public enum Quantity: Sendable, Equatable, CustomStringConvertible {
        case exactly(Int)
        case atLeast(Int)
        case atMost(Int)

        func admits(_ count: Int) -> Bool {
            switch self {
            case .exactly(let n): return count == n
            case .atLeast(let n): return count >= n
            case .atMost(let n): return count <= n
            }
        }

        public var description: String {
            switch self {
            case .exactly(0): return "no"
            case .exactly(let n): return "exactly \(n)"
            case .atLeast(let n): return "at least \(n)"
            case .atMost(let n): return "at most \(n)"
            }
        }
    }

    /// The kinds of call a count can count.
    public enum CallKind: String, Sendable, CaseIterable {
        case value, request, completion, failure, cancel, subscription, subscribe, `deinit`

        /// How the lesson names it: singular and plural.
        var words: (singular: String, plural: String) {
            switch self {
            case .value: return ("value", "values")
            case .request: return ("request", "requests")
            case .completion: return ("completion", "completions")
            case .failure: return ("failure", "failures")
            case .cancel: return ("cancel", "cancels")
            case .subscription: return ("subscription", "subscriptions")
            case .subscribe: return ("subscribe", "subscribes")
            case .deinit: return ("deinit", "deinits")
            }
        }

        func noun(_ count: Int) -> String { count == 1 ? words.singular : words.plural }

        func matches(_ event: TraceEvent) -> Bool {
            switch self {
            case .value: return event.kind == .receiveValue
            case .request: return event.kind == .request
            case .completion: return event.kind == .receiveCompletion
            case .failure: return event.kind == .receiveCompletion && event.argument.hasPrefix(".failure")
            case .cancel: return event.kind == .cancel
            case .subscription: return event.kind == .receiveSubscription
            case .subscribe: return event.kind == .subscribe
            case .deinit: return event.kind == .deinitialize
            }
        }

        static func named(_ word: String) -> CallKind? {
            let word = word.lowercased()
            if word == "cancellation" || word == "cancellations" { return .cancel }
            return allCases.first { $0.words.singular == word || $0.words.plural == word }
        }
    }
}

/// A call as a lesson writes it: `request(.max(2))`, `TakeTwo.receive(_:) -> .max(1)`,
/// `receive(completion: .finished)`, `cancel()`, `Printer.deinit`.
public struct CallPattern: Sendable, Equatable, CustomStringConvertible {
    /// Who is called: a type name (`TakeTwo`) or one object (`TakeTwo#2`); nil for anyone.
    public var target: String?
    public var kind: TraceEvent.Kind
    /// The argument as the trace shows it; nil for any. Completions match by prefix
    /// (`.failure` matches every failure).
    public var argument: String?
    /// For values: the demand `receive(_:)` returned; nil for any.
    public var returned: String?
    /// The pattern as written.
    public var text: String

    public var description: String { text }

    func matches(_ event: TraceEvent) -> Bool {
        guard event.kind == kind else { return false }
        if let target, !TraceNames.matches(event.target, target) { return false }
        if let argument {
            switch kind {
            case .receiveCompletion:
                if !event.argument.hasPrefix(argument) { return false }
            case .request:
                if CheckParser.normalizedDemand(event.argument) != argument { return false }
            case .subscribe, .receiveSubscription:
                if !TraceNames.matches(event.argument, argument) { return false }
            default:
                if CheckParser.squeezed(event.argument) != argument { return false }
            }
        }
        if let returned {
            guard let actual = event.returnedDemand, CheckParser.normalizedDemand(actual) == returned else {
                return false
            }
        }
        return true
    }
}

/// How checks name objects of the trace.
enum TraceNames {
    /// `TakeTwo` matches `TakeTwo#1` and `TakeTwo#2`; `Inner` matches `Map.Inner#1`;
    /// `TakeTwo#2` matches only that object.
    static func matches(_ name: String, _ pattern: String) -> Bool {
        if pattern.contains("#") { return name == pattern }
        let base = baseName(name)
        return base == pattern || base.hasSuffix("." + pattern)
    }

    /// `TakeTwo#1` → `TakeTwo`.
    static func baseName(_ name: String) -> String {
        guard let hash = name.lastIndex(of: "#") else { return name }
        return String(name[..<hash])
    }
}

extension Check.Rule {
    /// The concept a check judges when the lesson names none.
    var defaultConcept: String {
        switch self {
        case .outputIs, .outputContains, .outputLacks: return "output"
        case .runsWithoutError, .errorContains: return Check.runsConcept
        case .count(_, let kind, _): return kind.concept
        case .call(let pattern), .noCall(let pattern): return pattern.concept
        case .order: return "order"
        case .demandHonoured, .demandEndsAt, .demandNeverAbove: return "demand"
        case .completesOnce, .noValuesAfterCompletion: return "completion"
        case .noValuesAfterCancel: return "cancellation"
        case .subscriptionBeforeValues: return "subscription"
        case .values: return "values"
        case .followsContract: return Check.contractConcept
        }
    }
}

extension Check.CallKind {
    var concept: String {
        switch self {
        case .value: return "values"
        case .request: return "demand"
        case .completion, .failure: return "completion"
        case .cancel: return "cancellation"
        case .subscription, .subscribe: return "subscription"
        case .deinit: return "lifetime"
        }
    }
}

extension CallPattern {
    var concept: String {
        switch kind {
        case .request: return "demand"
        case .receiveValue: return returned == nil ? "values" : "demand"
        case .receiveCompletion: return "completion"
        case .cancel: return "cancellation"
        case .subscribe, .receiveSubscription: return "subscription"
        case .deinitialize: return "lifetime"
        case .output: return "output"
        case .send, .dropped: return "subjects"
        case .discarded: return "time"
        case .taskStart, .taskAwait, .taskResume, .taskEnd: return "tasks"
        }
    }
}

extension Check.Rule {
    /// The objects the check names (`TakeTwo#1`, `Sequence.Inner`).
    public var names: [String] {
        switch self {
        case .count(_, _, let target), .demandHonoured(let target), .demandEndsAt(_, let target),
            .demandNeverAbove(_, let target):
            return target.map { [$0] } ?? []
        case .call(let pattern), .noCall(let pattern): return pattern.names
        case .order(let patterns): return patterns.flatMap(\.names)
        case .values(let target, _): return [target]
        default: return []
        }
    }
}

extension CallPattern {
    var names: [String] {
        var names = target.map { [$0] } ?? []
        if kind == .subscribe || kind == .receiveSubscription, let argument { names.append(argument) }
        return names
    }
}
