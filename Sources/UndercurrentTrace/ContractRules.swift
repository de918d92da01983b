/// The Publisher/Subscriber contract rules the checker knows, numbered after the Reactive
/// Streams specification (https://github.com/reactive-streams/reactive-streams-jvm), whose
/// rules Combine's `Publisher`, `Subscriber` and `Subscription` follow.
public enum ContractRule: String, Sendable, Codable, CaseIterable {
    /// §1.1: a publisher sends at most as many values as were requested.
    case valueWithoutDemand
    /// §1.7: after a completion, nothing more.
    case signalAfterCompletion
    /// §1.7: a subscriber completes at most once.
    case completionTwice
    /// §1.8: once a subscription is cancelled, its subscriber stops receiving.
    case signalAfterCancel
    /// §1.9: `receive(subscription:)` comes before any value or completion.
    case signalBeforeSubscription
    /// §2.5: a subscriber that already has a subscription cancels a second one.
    case secondSubscription
    /// §3.3: request → receive → request … must not recurse without bound.
    case unboundedReentrancy
    /// §3.9: demand is at least one (`request(.none)` is an error).
    case requestNone
    /// §3.13: `cancel()` lets go of the subscriber.
    case subscriberKeptAfterCancel

    /// The rule's number in the Reactive Streams specification.
    public var section: String {
        switch self {
        case .valueWithoutDemand: return "§1.1"
        case .signalAfterCompletion, .completionTwice: return "§1.7"
        case .signalAfterCancel: return "§1.8"
        case .signalBeforeSubscription: return "§1.9"
        case .secondSubscription: return "§2.5"
        case .unboundedReentrancy: return "§3.3"
        case .requestNone: return "§3.9"
        case .subscriberKeptAfterCancel: return "§3.13"
        }
    }

    /// The rule in a few words.
    public var title: String {
        switch self {
        case .valueWithoutDemand: return "more values than requested"
        case .signalAfterCompletion: return "a signal after completion"
        case .completionTwice: return "completion twice"
        case .signalAfterCancel: return "a signal after cancel"
        case .signalBeforeSubscription: return "a signal before receive(subscription:)"
        case .secondSubscription: return "a second subscription not cancelled"
        case .unboundedReentrancy: return "unbounded re-entrancy"
        case .requestNone: return "request(.none)"
        case .subscriberKeptAfterCancel: return "subscriber kept after cancel"
        }
    }
}

/// One broken rule, at the call that broke it.
public struct ContractViolation: Sendable, Equatable, Codable {
    public enum Severity: String, Sendable, Codable {
        /// The contract is broken.
        case error
        /// Allowed by the letter of the contract but usually a mistake: a signal that was
        /// already on its way (scheduled) when the subscriber cancelled.
        case warning
    }

    public var rule: ContractRule
    public var severity: Severity
    /// What happened, in words a learner understands, naming the objects.
    public var message: String
    /// The sequence number of the offending call in the trace.
    public var sequence: Int

    public init(rule: ContractRule, severity: Severity = .error, message: String, sequence: Int = 0) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.sequence = sequence
    }

    /// `§1.1 more values than requested: …`
    public var headline: String { "\(rule.section) \(rule.title): \(message)" }
}
