import Testing
import UndercurrentSession

@testable import UndercurrentTrace

/// A pipeline of a million events records in bounded memory: the trace keeps at most its
/// capacity, drops the oldest events, and says how many it dropped. (Not timed.)
@Suite struct TraceMemoryTests {
    @Test func millionEventPipelineStaysWithinTheCap() {
        let capacity = 1_000
        var largest = 0
        let run: CheckedRun = LargeStack.run {
            var output = ""
            let script = ScriptRun(
                source: """
                    import Combine
                    let c = (1...1_000_000).publisher.eraseToAnyPublisher().count().sink { print($0) }
                    """, fileName: "million.swift", trace: true
            ) { output += $0 }
            script.tracer.capacity = capacity
            script.rendersTrace = false
            script.run()
            return CheckedRun(
                events: script.events.spelledOut, violations: script.tracer.violations, diagnostic: script.diagnostic,
                output: output, droppedCount: script.tracer.droppedCount)
        }
        largest = run.events.count
        #expect(run.diagnostic == nil)
        #expect(run.output == "1000000\n")
        #expect(largest <= capacity)
        #expect(run.droppedCount + run.events.count >= 1_000_000)
        // The newest events are the ones kept: the count arrives at the end.
        #expect(run.events.last { $0.kind != .output }?.kind == .receiveCompletion)
        #expect(run.violations.isEmpty)
    }

    /// A trace long enough for its ring and its read to take their room at once, in huge
    /// pages where the system gives them: every event reads back, in order, as recorded.
    @Test func aLongTraceReadsBackEveryEventInOrder() {
        let events: [TraceEvent] = LargeStack.run {
            let script = ScriptRun(
                source: """
                    import Combine
                    let c = (1...40_000).publisher.sink { _ in }
                    """, fileName: "long.swift", trace: true
            ) { _ in }
            script.rendersTrace = false
            script.run()
            return script.events.spelledOut
        }
        let calls = events.filter(\.isCall)
        #expect(calls.count > 40_000)
        #expect(calls.map(\.sequence) == Array(1...calls.count))
        let values = calls.filter { $0.kind == .receiveValue }
        #expect(values.map(\.argument) == (1...40_000).map(String.init))
        #expect(values.allSatisfy { $0.returnedDemand == ".none" && $0.ledger?.after == .unlimited })
        #expect(Set(values.map(\.target)).count == 1)
    }

    @Test func tracerNeverHoldsMoreThanItsCapacity() {
        let tracer = Tracer()
        tracer.capacity = 10
        #expect(tracer.capacity == 10)
        tracer.capacity = 3
        #expect(tracer.capacity == 10, "a cap under 10 is raised to 10")
        let counts: [Int] = LargeStack.run {
            var counts: [Int] = []
            let session = Session { _ in }
            _ = session.handle(":trace --cap 20")
            _ = session.handle("let c = (1...500).publisher.sink { _ in }")
            counts.append(session.tracer.events.count)
            counts.append(session.tracer.droppedCount)
            return counts
        }
        #expect(counts[0] <= 20)
        #expect(counts[0] + counts[1] > 500)
    }
}

/// The packed storage of an event reads back what was stored, and stays small.
@Suite struct TraceEventStorageTests {
    @Test func anEventTakesAtMost128Bytes() {
        // 128 leaves room under issue 6's 150 bytes an event for the array's growth. The
        // tracer keeps `RecordedEvent`s; a `TraceEvent` is what a read of them makes.
        #expect(MemoryLayout<RecordedEvent>.stride <= 128)
        #expect(MemoryLayout<TraceEvent>.stride <= 128)
    }

    /// What the tracer keeps as numbers reads back as the trace shows it: an Int value as its
    /// digits, names spelled, a returned demand as Swift writes it, the ledger's change.
    @Test func aRecordedEventReadsBackAsTheTraceShowsIt() {
        var recorded = RecordedEvent(
            sequence: 4, kind: .receiveValue, depth: 2, target: TraceName(index: 0), argument: .integer(-42),
            ledger: DemandChange(subscription: TraceName(index: 1), before: .count(1), after: .unlimited),
            time: 2.5, subscription: TraceName(index: 1), lane: 2)
        recorded.returnedDemand = .unlimited
        let names = ["Sink#1", "Countdown.Inner#3"]
        #expect(
            recorded.spelled(names: names)
                == TraceEvent(
                    sequence: 4, kind: .receiveValue, depth: 2, target: "Sink#1", argument: "-42",
                    returnedDemand: ".unlimited",
                    ledger: LedgerChange(subscription: "Countdown.Inner#3", before: .count(1), after: .unlimited),
                    time: 2.5, subscription: "Countdown.Inner#3", lane: 2))
        let named = RecordedEvent(
            sequence: 1, kind: .subscribe, depth: 0, target: TraceName(index: 1), argument: .name(TraceName(index: 0)))
        #expect(named.spelled(names: names).argument == "Sink#1")
    }

    @Test func packedFieldsReadBackAsStored() {
        let ledger = LedgerChange(subscription: "Sub#1", before: .unlimited, after: .count(-2))
        var event = TraceEvent(
            sequence: 7, kind: .receiveValue, depth: 3, target: "Sink#2", argument: "5",
            returnedDemand: ".max(1)", ledger: ledger, time: 0, subscription: "Sub#1")
        #expect(event.time == 0)
        #expect(event.ledger?.before == .unlimited)
        #expect(event.ledger?.after == .count(-2))
        event.time = nil
        event.ledger?.before = .count(Int.min)
        event.ledger?.after = .unlimited
        #expect(event.time == nil)
        #expect(event.ledger?.before == .count(Int.min))
        #expect(event.ledger?.after == .unlimited)
    }

    @Test func eventsWithoutATimeAreEqual() {
        let event = TraceEvent(sequence: 1, kind: .cancel, depth: 0, target: "Sub#1", argument: "")
        #expect(event == event)
        var timed = event
        timed.time = 1.5
        #expect(event != timed)
    }
}

/// The events a tracer keeps once it is full: the newest, in order, each completed where
/// it was recorded.
@Suite struct TraceEventRingTests {
    private func event(_ number: Int) -> RecordedEvent {
        RecordedEvent(
            sequence: number, kind: .request, depth: 0, target: TraceName(index: 1), argument: .text(".max(\(number))"))
    }

    /// Names spelled by their numbers, for comparing recorded events as the trace shows them.
    private func shown(_ event: RecordedEvent) -> TraceEvent {
        event.spelled(names: (0..<10).map { "Name\($0)" })
    }

    @Test func aFullRingKeepsTheNewestInOrder() {
        var ring = TraceEventRing()
        var dropped = 0
        for number in 1...25 { dropped += ring.append(event(number), capacity: 10).count }
        #expect(dropped == 15)
        #expect(ring.inOrder.map(\.sequence) == Array(16...25))
        #expect(ring[0].sequence == 16)
        #expect(ring[9].sequence == 25)
        // A read keeps the ring as it lies, and reads it from the oldest.
        let read = TraceEvents(
            recorded: RecordedTrace(ring: ring, names: NameTable(texts: ["Name0", "Name1"])))
        #expect(read.map(\.sequence) == Array(16...25))
        #expect(read.spelledOut.map(\.sequence) == Array(16...25))
        #expect((0..<10).map { read.shape(at: $0).kind } == Array(repeating: .request, count: 10))
    }

    /// The tracer writes each new event over the oldest kept one, field by field: nothing of
    /// the old event may survive (a field `reset` forgot would show the dropped call's text).
    @Test func anEventWrittenOverTheOldestIsTheEventInitMakes() {
        var ring = TraceEventRing()
        var old = RecordedEvent(
            sequence: 1, kind: .receiveValue, depth: 3, target: TraceName(index: 7), argument: .integer(5),
            ledger: DemandChange(subscription: TraceName(index: 8), before: .count(4), after: .unlimited),
            time: 12.5, subscription: TraceName(index: 8),
            violations: [ContractViolation(rule: .valueWithoutDemand, message: "old", sequence: 1)], lane: 3)
        old.returnedDemand = .max(9)
        _ = ring.append(old, capacity: 1)
        let dropped = ring.append(capacity: 1) {
            $0.reset(
                sequence: 2, kind: .request, depth: 0, target: TraceName(index: 2), argument: .text(".max(1)"),
                ledger: nil, time: nil, subscription: nil, violations: [], lane: 0)
        }
        #expect(dropped.count == 1)
        #expect(
            shown(ring[0])
                == TraceEvent(sequence: 2, kind: .request, depth: 0, target: "Name2", argument: ".max(1)"))
    }

    /// Past `growsWholeFrom` events the ring takes its whole room at once; it keeps the same
    /// events, in the same order, as one grown by doubling.
    @Test func aLongRingKeepsTheNewestInOrder() {
        var ring = TraceEventRing()
        let capacity = TraceEventRing.growsWholeFrom + 1_000
        var dropped = 0
        for number in 1...(capacity + 1_500) { dropped += ring.append(event(number), capacity: capacity).count }
        #expect(dropped == 1_500)
        #expect(ring.count == capacity)
        #expect(ring.inOrder.map(\.sequence) == Array(1_501...(capacity + 1_500)))
    }

    @Test func aChangeReachesTheEventAtItsPositionAfterWrapping() {
        var ring = TraceEventRing()
        for number in 1...13 { _ = ring.append(event(number), capacity: 10) }
        ring[9].returnedDemand = .max(1)
        ring[0].argument = .text("oldest")
        #expect(ring.inOrder.last.map(shown)?.returnedDemand == ".max(1)")
        #expect(ring.inOrder.first.map(shown)?.argument == "oldest")
        #expect(ring.inOrder.first?.sequence == 4)
    }

    @Test func aLoweredCapacityDropsTheOldestSurplus() {
        var ring = TraceEventRing()
        for number in 1...12 { _ = ring.append(event(number), capacity: 20) }
        let dropped = ring.append(event(13), capacity: 5)
        #expect(dropped.count == 8)
        #expect(ring.inOrder.map(\.sequence) == Array(9...13))
    }

    /// A printed line dropped from a full ring is handed back, so that it is never lost
    /// from view; a call dropped is only counted.
    @Test func aDroppedPrintedLineIsHandedBack() {
        var ring = TraceEventRing()
        _ = ring.append(
            RecordedEvent(sequence: 0, kind: .output, depth: 0, target: nil, argument: .text("hi")), capacity: 2)
        _ = ring.append(event(1), capacity: 2)
        let first = ring.append(event(2), capacity: 2)
        let second = ring.append(event(3), capacity: 2)
        #expect(first.printedLines == ["hi"])
        #expect(second.count == 1 && second.printedLines.isEmpty)
    }

    @Test func whatTheProgramPrintedIsShownEvenWhenItsEventsAreDropped() {
        let shown: [String] = LargeStack.run {
            var shown: [String] = []
            var text = ""
            let session = Session(useColor: false) { text += $0 }
            _ = session.handle(":trace --cap 100")
            text = ""
            _ = session.handle("print(\"first\"); let c = (1...1000).publisher.sink { _ in }; print(\"last\")")
            shown.append(text)
            return shown
        }
        #expect(shown[0].contains("earlier events were dropped"), "got: \(shown[0].prefix(300))")
        #expect(shown[0].contains("printed before the events shown:\n      » first\n"), "got: \(shown[0].prefix(400))")
        #expect(shown[0].contains("» last"))
    }

    @Test func theTracerCountsWhatItDroppedAndKeepsTheNewest() {
        let counts: (kept: [Int], dropped: Int) = LargeStack.run {
            let session = Session { _ in }
            _ = session.handle(":trace --cap 20")
            _ = session.handle("let c = (1...500).publisher.sink { _ in }")
            let kept = session.tracer.events.filter { $0.kind != .output }.map(\.sequence)
            return (kept, session.tracer.droppedCount)
        }
        // Every call is numbered; the kept ones are the last, with nothing missing between.
        #expect(counts.kept.count == 20)
        #expect(counts.kept == Array((counts.kept.first ?? 0)...(counts.kept.last ?? 0)))
        #expect(counts.dropped + counts.kept.count == counts.kept.last)
    }
}

extension NameTable {
    /// A table that names `TraceName(index: i)` by `texts[i]`.
    init(texts: [String]) {
        self.init(spelled: texts.indices.map { (UInt32($0), 0) }, typeNames: texts)
    }
}

extension RecordedEvent {
    /// The event as a trace read shows it, `TraceName(index: i)` spelled `names[i]`.
    func spelled(names: [String]) -> TraceEvent {
        var ring = TraceEventRing()
        _ = ring.append(self, capacity: 1)
        return TraceEvents(recorded: RecordedTrace(ring: ring, names: NameTable(texts: names)))[0]
    }
}
