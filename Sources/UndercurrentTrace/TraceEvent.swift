/// One protocol call (or one line the program printed) recorded while a script ran.
public struct TraceEvent: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// `publisher.receive(subscriber:)`, reached through `subscribe(_:)`.
        case subscribe
        case receiveSubscription
        case request
        case receiveValue
        case receiveCompletion
        case cancel
        /// A script object's `deinit` ran.
        case deinitialize
        /// A line the program printed.
        case output
    }

    /// 1-based position in the trace.
    public var sequence: Int
    public var kind: Kind
    /// Call nesting: 0 for a call made by the script's own code.
    public var depth: Int
    /// The object called (`MySubscription#1`), or the publisher for `.subscribe`.
    public var target: String
    /// The argument as shown: a subscriber, a subscription, a demand, a value, a completion.
    public var argument: String
    /// For values: the demand the subscriber returned.
    public var returnedDemand: String?
    /// The subscription whose outstanding demand this call changed, and the change.
    public var ledger: LedgerChange?
    /// Virtual time in milliseconds, when the call happened on the virtual clock.
    public var time: Double?

    public init(sequence: Int, kind: Kind, depth: Int, target: String, argument: String,
                returnedDemand: String? = nil, ledger: LedgerChange? = nil, time: Double? = nil) {
        self.sequence = sequence
        self.kind = kind
        self.depth = depth
        self.target = target
        self.argument = argument
        self.returnedDemand = returnedDemand
        self.ledger = ledger
        self.time = time
    }
}

/// A subscription's outstanding demand before and after a call.
public struct LedgerChange: Sendable, Equatable {
    public var subscription: String
    public var before: DemandCount
    public var after: DemandCount
}

/// Outstanding demand: a count or unlimited. Unlike `Subscribers.Demand` it may be shown
/// going below zero, which is how the trace makes "more values than requested" visible.
public enum DemandCount: Sendable, Equatable, CustomStringConvertible {
    case count(Int)
    case unlimited

    public var description: String {
        switch self {
        case .count(let count): return String(count)
        case .unlimited: return "∞"
        }
    }

    static func + (lhs: DemandCount, rhs: DemandCount) -> DemandCount {
        switch (lhs, rhs) {
        case (.count(let a), .count(let b)): return .count(a + b)
        default: return .unlimited
        }
    }

    func consumingOne() -> DemandCount {
        switch self {
        case .count(let count): return .count(count - 1)
        case .unlimited: return .unlimited
        }
    }
}
