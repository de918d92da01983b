import OpenCombine

/// One event as the tracer keeps it while a script runs, until it is read as a
/// `TraceEvent`: names as numbers (`TraceName`), an Int value as the number, a returned demand
/// as the demand. Spelling them out when the events are read rather than on every call
/// takes most of the reference counting out of recording a call, and leaves the events the
/// trace drops (past its capacity) never spelled out at all.
struct RecordedEvent {
    // Declared in this order so that the small fields share words: 128 bytes an event (see
    // `TraceEvent`'s note on memory).
    private var storedSequence: Int32
    private var storedDepth: Int32
    private var storedLane: UInt32
    var kind: TraceEvent.Kind
    /// Nil for none (a printed line, a value dropped with no subscriber).
    var target: TraceName?
    var subscription: TraceName?
    var argument: RecordedArgument
    var returnedDemand: Subscribers.Demand?
    var ledger: DemandChange?
    private var storedTime: Double
    /// Nil when the call broke no rule, as nearly every call: an empty array is retained and
    /// released each time it is stored.
    var violations: [ContractViolation]?

    var sequence: Int { Int(storedSequence) }

    init(
        sequence: Int, kind: TraceEvent.Kind, depth: Int, target: TraceName?, argument: RecordedArgument,
        ledger: DemandChange? = nil, time: Double? = nil, subscription: TraceName? = nil,
        violations: [ContractViolation]? = nil, lane: Int = 0
    ) {
        self.init()
        reset(
            sequence: sequence, kind: kind, depth: depth, target: target, argument: argument, ledger: ledger,
            time: time, subscription: subscription, violations: violations, lane: lane)
    }

    /// A blank event, for `init` to fill.
    private init() {
        storedSequence = 0
        storedDepth = 0
        storedLane = 0
        kind = .output
        target = nil
        subscription = nil
        argument = .none
        returnedDemand = nil
        ledger = nil
        storedTime = .nan
        violations = nil
    }

    /// Makes this event what `init` would make, in place: the tracer writes each new event
    /// over the oldest one kept (`TraceEventRing.append(capacity:_:)`). Every stored
    /// property is set. Written out rather than `self = RecordedEvent(…)`, which made a whole
    /// event and copied it over: 175 instructions more a traced value (callgrind).
    @inline(__always)
    mutating func reset(
        sequence: Int, kind: TraceEvent.Kind, depth: Int, target: TraceName?, argument: RecordedArgument,
        ledger: DemandChange?, time: Double?, subscription: TraceName?, violations: [ContractViolation]?, lane: Int
    ) {
        storedSequence = Int32(clamping: sequence)
        storedDepth = Int32(clamping: depth)
        storedLane = UInt32(clamping: lane)
        self.kind = kind
        self.target = target
        self.subscription = subscription
        self.argument = argument
        returnedDemand = nil
        self.ledger = ledger
        storedTime = time ?? .nan
        self.violations = violations
    }

    /// A value's call returned: what it returned, and the demand change that made.
    mutating func close(returning demand: Subscribers.Demand, ledger change: DemandChange?) {
        returnedDemand = demand
        ledger = change
    }

    /// The line the program printed, for a printed line.
    var printedLine: String? {
        guard kind == .output, case .text(let line) = argument else { return nil }
        return line
    }

    /// What the event is, apart from its names.
    var shape: TraceEvents.Shape {
        TraceEvents.Shape(
            kind: kind, depth: Int(storedDepth), time: storedTime.isNaN ? nil : storedTime, lane: Int(storedLane),
            violationCount: violations?.count ?? 0)
    }

    /// Makes at `destination` the event at `event` as the trace shows it, its names spelled
    /// by `spelled`. Pointers, so that neither event is copied whole: a copy of either
    /// retains each of its strings (a fifth of reading a trace).
    static func spell(
        _ event: UnsafePointer<RecordedEvent>, into destination: UnsafeMutablePointer<TraceEvent>,
        spelled: inout SpelledNames
    ) {
        let target = event.pointee.target.map { spelled.text(of: $0) } ?? ""
        let argument = event.pointee.argument.text { spelled.text(of: $0) }
        let returnedDemand = event.pointee.returnedDemand.map { spelled.text(of: $0) }
        let ledger = event.pointee.ledger.map {
            LedgerChange(subscription: spelled.text(of: $0.subscription), before: $0.before, after: $0.after)
        }
        let subscription = event.pointee.subscription.map { spelled.text(of: $0) }
        let time = event.pointee.storedTime
        destination.initialize(
            to: TraceEvent(
                sequence: Int(event.pointee.storedSequence), kind: event.pointee.kind,
                depth: Int(event.pointee.storedDepth), target: target, argument: argument,
                returnedDemand: returnedDemand, ledger: ledger, time: time.isNaN ? nil : time,
                subscription: subscription, violations: event.pointee.violations ?? [],
                lane: Int(event.pointee.storedLane)))
    }
}

/// What an event's argument column shows, kept as it came.
enum RecordedArgument {
    case text(String)
    /// A subscriber or a subscription handed over.
    case name(TraceName)
    /// An Int value: most values traced are, and writing each one out as text was a tenth
    /// of recording its call.
    case integer(Int)

    static let none = RecordedArgument.text("")

    func text(spell: (TraceName) -> String) -> String {
        switch self {
        case .text(let text): text
        case .name(let name): spell(name)
        case .integer(let number): String(number)
        }
    }
}

/// A subscription's outstanding demand before and after a call, as recorded (a
/// `LedgerChange` once read).
struct DemandChange {
    var subscription: TraceName
    var before: DemandCount
    var after: DemandCount
}
