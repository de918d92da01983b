/// The events a tracer keeps, oldest first, at most `capacity` of them: once full, each new
/// event takes the place of the oldest.
///
/// A ring, so that dropping the oldest event costs nothing. The array it replaced dropped
/// the oldest tenth at once, moving the other nine tenths: at the REPL's cap of 200,000
/// events, about a kilobyte moved for every event recorded past the cap.
struct TraceEventRing {
    /// The events; once full, the oldest is at `start` and the order wraps around.
    private var storage: [TraceEvent] = []
    private var start = 0

    var count: Int { storage.count }

    /// The event at a position counted from the oldest kept.
    subscript(position: Int) -> TraceEvent {
        get { storage[storageIndex(position)] }
        // In place: a get and a set would copy the event and its strings for each change.
        _modify { yield &storage[storageIndex(position)] }
    }

    /// The events in the order they were recorded.
    var inOrder: [TraceEvent] {
        start == 0 ? storage : Array(storage[start...] + storage[..<start])
    }

    /// Adds an event, dropping the oldest ones to stay within `capacity` (at least 1);
    /// returns how many were dropped. `droppedOutput` is given each dropped line the program
    /// printed.
    ///
    /// The event is consumed: moved into its place, where a borrowed one would be copied,
    /// retaining each of its strings, and the caller's copy then released.
    mutating func append(_ event: consuming TraceEvent, capacity: Int, droppedOutput: (String) -> Void) -> Int {
        if storage.count < capacity {
            storage.append(event)
            return 0
        }
        // Full. A capacity lowered since the ring filled drops the surplus first.
        var dropped = 0
        if storage.count > capacity {
            let ordered = inOrder
            for surplus in ordered.prefix(ordered.count - capacity) where surplus.kind == .output {
                droppedOutput(surplus.argument)
            }
            storage = Array(ordered.suffix(capacity))
            dropped = ordered.count - capacity
            start = 0
        }
        if storage[start].kind == .output { droppedOutput(storage[start].argument) }
        storage[start] = event
        start = (start + 1) % storage.count
        return dropped + 1
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
