import OpenCombine

/// The events of a trace, in the order they were recorded: spelled out (`TraceEvent`) as each
/// is read.
///
/// A trace the tracer kept is read where it lies: the REPL shows a few hundred lines of a
/// trace of up to 200,000 events after an input, and spelling every event into an array first
/// was a tenth of a traced run (issue 19). The renderers ask each event's shape (its kind,
/// depth, time, lane and number of broken rules) without spelling its names: `shape(at:)`.
///
/// Made from an array of spelled events too, as tests and lessons make traces.
public struct TraceEvents: RandomAccessCollection {
    private enum Source {
        case spelled([TraceEvent])
        case recorded(RecordedTrace)
    }

    private let source: Source
    /// A change made to each event as it is read (`relabelled(by:)`).
    private let change: ((inout TraceEvent) -> Void)?

    public let startIndex = 0
    public let endIndex: Int

    public init(_ events: [TraceEvent] = []) {
        source = .spelled(events)
        change = nil
        endIndex = events.count
    }

    init(recorded: RecordedTrace) {
        source = .recorded(recorded)
        change = nil
        endIndex = recorded.count
    }

    private init(source: Source, change: ((inout TraceEvent) -> Void)?, count: Int) {
        self.source = source
        self.change = change
        endIndex = count
    }

    public subscript(position: Int) -> TraceEvent {
        precondition(position >= 0 && position < endIndex, "trace position out of range")
        var event: TraceEvent
        switch source {
        case .spelled(let events): event = events[position]
        case .recorded(let trace): event = trace.spelled(at: position)
        }
        change?(&event)
        return event
    }

    /// What an event is, apart from its names: what drawing the tree and summarising a long
    /// trace read of every event.
    public struct Shape {
        public var kind: TraceEvent.Kind
        public var depth: Int
        public var time: Double?
        public var lane: Int
        public var violationCount: Int
    }

    /// The event's shape, read without spelling it out.
    public func shape(at position: Int) -> Shape {
        precondition(position >= 0 && position < endIndex, "trace position out of range")
        switch source {
        case .spelled(let events):
            return events.withUnsafeBufferPointer { events in
                let event = events.baseAddress! + position
                return Shape(
                    kind: event.pointee.kind, depth: event.pointee.depth, time: event.pointee.time,
                    lane: event.pointee.lane, violationCount: event.pointee.violations.count)
            }
        case .recorded(let trace):
            return trace.shape(at: position)
        }
    }

    /// The events with `change` made to each as it is read. The change may rename things (a
    /// learner's labels), and must leave each event's shape as it is.
    public func relabelled(by change: @escaping (inout TraceEvent) -> Void) -> TraceEvents {
        let previous = self.change
        let combined: (inout TraceEvent) -> Void =
            if let previous {
                { event in
                    previous(&event)
                    change(&event)
                }
            } else {
                change
            }
        return TraceEvents(source: source, change: combined, count: endIndex)
    }

    /// Every event spelled out, as one array: for what reads each event more than once.
    public var spelledOut: [TraceEvent] {
        var events: [TraceEvent]
        switch source {
        case .spelled(let spelled): events = spelled
        case .recorded(let trace): events = trace.spelledOut()
        }
        if let change {
            for index in events.indices { change(&events[index]) }
        }
        return events
    }

    /// True when some event is a protocol call, not a printed line.
    public var hasCalls: Bool {
        indices.contains { shape(at: $0).kind != .output }
    }

    /// The rules broken, in the order of the calls that broke them: only the events that broke
    /// one are spelled out.
    public var violations: [ContractViolation] {
        indices.filter { shape(at: $0).violationCount > 0 }.flatMap { self[$0].violations }
    }
}

extension TraceEvents: ExpressibleByArrayLiteral {
    public init(arrayLiteral events: TraceEvent...) {
        self.init(events)
    }
}

/// The events a tracer had kept when it was read, with the names of the time: the tracer
/// writes its next events to a ring of its own (`TraceEventRing.removeAll` leaves these), and
/// names given or forgotten since do not change how these read.
final class RecordedTrace {
    /// A copy of the tracer's ring, sharing its storage: the ring's next change copies the
    /// storage if this read still has it, and `removeAll`, as the next input starts, leaves it.
    private let ring: TraceEventRing
    /// The spelling of names met last, kept between reads: a renderer reads a few events at a
    /// time.
    private var spelling: SpelledNames

    init(ring: TraceEventRing, names: NameTable) {
        self.ring = ring
        spelling = SpelledNames(names: names)
    }

    var count: Int { ring.count }

    func spelled(at position: Int) -> TraceEvent {
        ring.withEvent(at: position) { event in
            withUnsafeTemporaryAllocation(of: TraceEvent.self, capacity: 1) { made in
                RecordedEvent.spell(event, into: made.baseAddress!, spelled: &spelling)
                return made.baseAddress!.move()
            }
        }
    }

    func shape(at position: Int) -> TraceEvents.Shape {
        ring.withEvent(at: position) { $0.pointee.shape }
    }

    /// Every event spelled out. Each is made where it ends up (copying it in retained each of
    /// its strings), from the recorded event where it lies, in room asked for in huge pages
    /// (`HugePages`).
    func spelledOut() -> [TraceEvent] {
        let count = ring.count
        return [TraceEvent](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            HugePages.prefer(UnsafeMutableRawPointer(base), byteCount: count * MemoryLayout<TraceEvent>.stride)
            for position in 0..<count {
                ring.withEvent(at: position) { RecordedEvent.spell($0, into: base + position, spelled: &spelling) }
                initialized += 1
            }
        }
    }
}

/// The names met last while reading events, by the low bits of their numbers: a trace names
/// a handful of objects over and over, and spelling each name once per event was most of a
/// read.
struct SpelledNames {
    let names: NameTable
    var recent = [(name: TraceName, text: String)?](repeating: nil, count: 256)
    /// The demand the last value's call returned, as its event shows it: nearly every call
    /// returns the same one.
    var lastDemand: (demand: Subscribers.Demand, text: String)?

    init(names: NameTable) {
        self.names = names
    }

    mutating func text(of demand: Subscribers.Demand) -> String {
        if let lastDemand, lastDemand.demand == demand { return lastDemand.text }
        let text = Tracer.source(demand)
        lastDemand = (demand, text)
        return text
    }

    mutating func text(of name: TraceName) -> String {
        let slot = Int(name.index & 255)
        if let known = recent[slot], known.name == name { return known.text }
        let text = names.text(of: name)
        recent[slot] = (name, text)
        return text
    }
}
