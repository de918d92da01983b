/// The events a tracer keeps, oldest first, at most `capacity` of them: once full, each new
/// event takes the place of the oldest.
///
/// A ring, so that dropping the oldest event costs nothing. The array it replaced dropped
/// the oldest tenth at once, moving the other nine tenths: at the REPL's cap of 200,000
/// events, about a kilobyte moved for every event recorded past the cap.
struct TraceEventRing {
    /// The events; once full, the oldest is at `start` and the order wraps around.
    private var storage: [RecordedEvent] = []
    private var start = 0

    var count: Int { storage.count }

    /// The event at a position counted from the oldest kept.
    subscript(position: Int) -> RecordedEvent {
        get { storage[storageIndex(position)] }
        // In place: a get and a set would copy the event and its strings for each change.
        _modify { yield &storage[storageIndex(position)] }
    }

    /// The events in the order they were recorded.
    var inOrder: [RecordedEvent] {
        start == 0 ? storage : Array(storage[start...] + storage[..<start])
    }

    /// Calls `body` with where the event at a position counted from the oldest lies: an event
    /// handed over as a value is copied, retaining its strings.
    func withEvent<Result>(at position: Int, _ body: (UnsafePointer<RecordedEvent>) -> Result) -> Result {
        let index = storageIndex(position)
        return storage.withUnsafeBufferPointer { body($0.baseAddress! + index) }
    }

    /// What `append` dropped to make room: how many events, and the lines the program
    /// printed among them.
    struct Dropped {
        var count = 0
        /// Nil while there is none, as on nearly every append: an empty array would be
        /// retained and released on every event recorded.
        private(set) var printedLinesIfAny: [String]?

        var printedLines: [String] { printedLinesIfAny ?? [] }

        mutating func notePrinted(_ line: String) {
            if printedLinesIfAny == nil { printedLinesIfAny = [line] } else { printedLinesIfAny!.append(line) }
        }
    }

    /// Adds an event, dropping the oldest ones to stay within `capacity` (at least 1).
    mutating func append(_ event: RecordedEvent, capacity: Int) -> Dropped {
        let (position, dropped) = makeRoom(capacity: capacity)
        storage[position] = event
        return dropped
    }

    /// Adds an event made in its place by `RecordedEvent.reset`, as the tracer does. Once the
    /// ring is full, the slot of the oldest event is written over field by field: an event
    /// made first and moved in was copied whole by the optimizer, each of its strings
    /// retained and released once more, on every recorded call.
    @inline(__always)
    mutating func append(capacity: Int, _ fill: (inout RecordedEvent) -> Void) -> Dropped {
        let (position, dropped) = makeRoom(capacity: capacity)
        fill(&storage[position])
        return dropped
    }

    static let growsWholeFrom = 4_096
    static let largestWholeCapacity = 1_000_000

    /// The storage index of the next event, holding an empty event or the oldest one, which
    /// is dropped.
    @inline(__always)
    private mutating func makeRoom(capacity: Int) -> (position: Int, dropped: Dropped) {
        if storage.count < capacity {
            // A long trace takes its whole room at once, rather than doubling towards it: each
            // doubling copied every event kept so far (a tenth of a megabyte-sized trace's
            // recording time), and held the old copy and the new one at once. A short trace
            // stays small. Its room is asked for in huge pages (`HugePages`).
            if storage.count == storage.capacity, storage.count >= Self.growsWholeFrom,
                capacity <= Self.largestWholeCapacity
            {
                HugePages.reserve(capacity, in: &storage)
            }
            storage.append(RecordedEvent(sequence: 0, kind: .output, depth: 0, target: nil, argument: .none))
            return (storage.count - 1, Dropped())
        }
        // Full. A capacity lowered since the ring filled drops the surplus first.
        var dropped = Dropped()
        if storage.count > capacity {
            let ordered = inOrder
            for surplus in ordered.prefix(ordered.count - capacity) {
                if let line = surplus.printedLine { dropped.notePrinted(line) }
            }
            storage = Array(ordered.suffix(capacity))
            dropped.count = ordered.count - capacity
            start = 0
        }
        let position = start
        // Read in place: `storage[position].kind` would copy the whole event.
        if storage.withUnsafeBufferPointer({ $0[position].kind == .output }),
            let line = storage[position].printedLine
        {
            dropped.notePrinted(line)
        }
        // A compare rather than `%`, which divides, on every event recorded.
        start = start + 1 == storage.count ? 0 : start + 1
        dropped.count += 1
        return (position, dropped)
    }

    mutating func removeAll() {
        storage.removeAll()
        start = 0
    }

    private func storageIndex(_ position: Int) -> Int {
        precondition(position >= 0 && position < storage.count, "trace position out of range")
        let index = start + position
        return index < storage.count ? index : index - storage.count
    }
}
