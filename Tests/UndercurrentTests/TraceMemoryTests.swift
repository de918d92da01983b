import Testing
import UndercurrentSession
import UndercurrentTrace

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
                events: script.events, violations: script.tracer.violations, diagnostic: script.diagnostic,
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
        // 128 leaves room under issue 6's 150 bytes an event for the array's growth.
        #expect(MemoryLayout<TraceEvent>.stride <= 128)
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
