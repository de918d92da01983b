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
        /// The script sent a value to a subject (`subject.send(1)`): what the subject
        /// delivered, and what it dropped, are nested under it.
        case send
        /// A value that reached nobody: a `PassthroughSubject` drops a value sent while a
        /// subscriber has no demand (`target` is that subscriber, `subscription` its conduit),
        /// or while it has no subscriber at all (`target` is empty). Combine working as
        /// designed, not a broken rule: shown so that a lost value can be found.
        case dropped
        /// A value an operator let go by its rule, never to be delivered (`target` is the
        /// stage): `debounce` when a newer value arrives before the pause, `throttle` beyond
        /// one value per interval. Not a broken rule either.
        case discarded
        /// A script object's `deinit` ran.
        case deinitialize
        /// A line the program printed.
        case output
        /// A task's first turn (`target` is the task, `Task#1`).
        case taskStart
        /// A task (or the top level) waits: `argument` is what for
        /// (`AsyncPublisher.Inner#1.next()`, `Task#2.value`, `Task.sleep(nanoseconds: 1000)`).
        case taskAwait
        /// A task goes on after a wait: `argument` is what it was given, if anything.
        case taskResume
        /// A task's body ended: `argument` is `returns 42`, `throws Boom()` or `returns`.
        case taskEnd
    }

    // Memory (issue 6 asks for at most 150 bytes a recorded event, counting the array's
    // growth; the tracer keeps `RecordedEvent`s, and a read of them makes these): the position and the depth are stored in 32 bits each, the time without an
    // optional's tag (NaN for none), the ledger change in 33 bytes, and the stored
    // properties are declared in this order so that the one-byte `kind` fills the ledger's
    // tail - 128 bytes an event instead of 160.
    private var storedSequence: Int32
    private var storedDepth: Int32

    /// 1-based position in the trace.
    public var sequence: Int {
        get { Int(storedSequence) }
        set { storedSequence = Int32(clamping: newValue) }
    }
    /// Call nesting: 0 for a call made by the script's own code.
    public var depth: Int {
        get { Int(storedDepth) }
        set { storedDepth = Int32(clamping: newValue) }
    }
    /// The object called (`MySubscription#1`), or the publisher for `.subscribe`.
    public var target: String
    /// The argument as shown: a subscriber, a subscription, a demand, a value, a completion.
    public var argument: String
    /// For values: the demand the subscriber returned.
    public var returnedDemand: String?
    /// The subscription the call concerns: the one requested from or cancelled, the one
    /// handed over, or the one the receiving subscriber holds (values, completions).
    public var subscription: String?
    /// Contract rules this call broke (see `ContractChecker`).
    public var violations: [ContractViolation]
    private var storedTime: Double
    /// The subscription whose outstanding demand this call changed, and the change.
    public var ledger: LedgerChange?
    public var kind: Kind
    // After `kind`, in the event's last four bytes (its size stays 128).
    private var storedLane: UInt32

    /// The task the call was made in: 0 for the top level (a main task too), n for `Task#n`.
    public var lane: Int {
        get { Int(storedLane) }
        set { storedLane = UInt32(clamping: newValue) }
    }

    /// Virtual time in milliseconds, when the call happened on the virtual clock.
    public var time: Double? {
        get { storedTime.isNaN ? nil : storedTime }
        set { storedTime = newValue ?? .nan }
    }

    public init(
        sequence: Int, kind: Kind, depth: Int, target: String, argument: String,
        returnedDemand: String? = nil, ledger: LedgerChange? = nil, time: Double? = nil,
        subscription: String? = nil, violations: [ContractViolation] = [], lane: Int = 0
    ) {
        self.storedSequence = Int32(clamping: sequence)
        self.kind = kind
        self.storedLane = UInt32(clamping: lane)
        self.storedDepth = Int32(clamping: depth)
        self.target = target
        self.argument = argument
        self.returnedDemand = returnedDemand
        self.ledger = ledger
        self.storedTime = time ?? .nan
        self.subscription = subscription
        self.violations = violations
    }

    // Written out because the stored time is NaN when there is none, and NaN != NaN.
    public static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool {
        lhs.storedSequence == rhs.storedSequence && lhs.storedDepth == rhs.storedDepth && lhs.kind == rhs.kind
            && lhs.target == rhs.target && lhs.argument == rhs.argument && lhs.returnedDemand == rhs.returnedDemand
            && lhs.subscription == rhs.subscription && lhs.violations == rhs.violations && lhs.ledger == rhs.ledger
            && lhs.time == rhs.time && lhs.storedLane == rhs.storedLane
    }

    /// The object's type as the trace names it: `Map.Inner` for `Map.Inner#1`.
    public var targetType: String { TraceEvent.typeName(of: target) }

    /// `Map.Inner` for `Map.Inner#1`; a name without a number is its own type.
    public static func typeName(of name: String) -> String {
        guard let hash = name.lastIndex(of: "#"), name[name.index(after: hash)...].allSatisfy(\.isNumber),
            name.index(after: hash) < name.endIndex
        else { return name }
        return String(name[..<hash])
    }

    /// True for protocol calls; false for printed lines.
    public var isCall: Bool { kind != .output }

    /// True for a task's start, wait, resumption and end: events of the task's lane, not
    /// protocol calls.
    public var isTaskEvent: Bool {
        switch kind {
        case .taskStart, .taskAwait, .taskResume, .taskEnd: true
        default: false
        }
    }

    /// `Task#3` for lane 3; nil for the top level.
    public var laneName: String? { lane == 0 ? nil : "Task#\(lane)" }
}

/// A subscription's outstanding demand before and after a call.
public struct LedgerChange: Sendable, Equatable {
    public var subscription: String
    // Two `DemandCount`s would take 25 bytes with their padding; the counts and one byte
    // of "unlimited" flags take 17 (see `TraceEvent`'s note on memory).
    private var beforeCount: Int
    private var afterCount: Int
    private var unlimitedFlags: UInt8

    public var before: DemandCount {
        get { unlimitedFlags & 1 != 0 ? .unlimited : .count(beforeCount) }
        set { (beforeCount, unlimitedFlags) = Self.store(newValue, flag: 1, in: unlimitedFlags) }
    }

    public var after: DemandCount {
        get { unlimitedFlags & 2 != 0 ? .unlimited : .count(afterCount) }
        set { (afterCount, unlimitedFlags) = Self.store(newValue, flag: 2, in: unlimitedFlags) }
    }

    public init(subscription: String, before: DemandCount, after: DemandCount) {
        self.subscription = subscription
        self.beforeCount = 0
        self.afterCount = 0
        self.unlimitedFlags = 0
        self.before = before
        self.after = after
    }

    private static func store(_ demand: DemandCount, flag: UInt8, in flags: UInt8) -> (Int, UInt8) {
        switch demand {
        case .count(let count): return (count, flags & ~flag)
        case .unlimited: return (0, flags | flag)
        }
    }
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
        case (.count(let a), .count(let b)):
            // As Subscribers.Demand does, a sum too large to count is unlimited.
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? (b > 0 ? .unlimited : .count(Int.min)) : .count(sum)
        default: return .unlimited
        }
    }

    func consumingOne() -> DemandCount {
        switch self {
        case .count(let count): return .count(count == Int.min ? count : count - 1)
        case .unlimited: return .unlimited
        }
    }
}
