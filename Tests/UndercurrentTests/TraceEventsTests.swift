import Testing
import UndercurrentInterpreter
import UndercurrentSession

@testable import UndercurrentTrace

/// A trace is read where the tracer kept it, each event spelled out as it is read
/// (`TraceEvents`): what it shows must be what the same events spelled out first show.
@Suite struct TraceEventsTests {
    /// A trace with every column: virtual times that vary (debounce), a task's lane, a rule
    /// broken (`ContractCheckerTests.greedy`: a subscription that ignores demand), printed lines, and enough values that a
    /// summary leaves some out.
    static let everyColumn =
        ContractCheckerTests.prelude + ContractCheckerTests.greedy + """

            let typed = PassthroughSubject<String, Never>()
            let search = typed.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main).sink { print("search", $0) }
            for (time, text) in [(0.0, "S"), (0.1, "Sw"), (0.6, "Swift")] {
                DispatchQueue.main.asyncAfter(deadline: .now() + time) { typed.send(text) }
            }

            Task {
                for await value in [1, 2].publisher.values { print("task", value) }
            }

            var total = 0
            let sum = (1...300).publisher.map { $0 * 2 }.sink { total += $0 }
            print(total)
            """

    static func recordedRun(_ source: String) -> TraceEvents {
        LargeStack.run {
            let run = ScriptRun(source: source, fileName: "columns.swift", trace: true) { _ in }
            run.rendersTrace = false
            run.run()
            #expect(run.diagnostic == nil, "\(run.diagnostic ?? "")")
            return run.events
        }
    }

    @Test func aTraceReadWhereItLiesShowsWhatItsSpelledOutCopyShows() throws {
        let recorded = Self.recordedRun(Self.everyColumn)
        let spelled = TraceEvents(recorded.spelledOut)
        #expect(recorded.count > 300)
        #expect(Array(recorded) == spelled.spelledOut)
        for index in recorded.indices {
            let shape = recorded.shape(at: index)
            let event = spelled[index]
            #expect(shape.kind == event.kind && shape.depth == event.depth && shape.lane == event.lane)
            #expect(shape.time == event.time && shape.violationCount == event.violations.count)
        }
        #expect(recorded.hasCalls)
        #expect(recorded.violations == spelled.spelledOut.flatMap(\.violations))
        #expect(!recorded.violations.isEmpty)

        var renderer = TraceRenderer()
        renderer.showTime = TraceRenderer.timeVaries(in: recorded)
        #expect(renderer.showTime)
        let whole = renderer.render(recorded)
        #expect(whole == renderer.render(spelled))
        // The columns this test is for are there: a time, a lane, a broken rule.
        #expect(whole.contains { $0.contains("[400ms]") })
        #expect(whole.contains { $0.contains("Task#1") })
        #expect(whole.contains { $0.contains("✗ §1.1") })

        let paging = TracePaging(pageSize: 25, renderer: renderer)
        let summary = paging.summarised(recorded, maxLines: 40)
        #expect(summary == paging.summarised(spelled, maxLines: 40))
        #expect(summary.contains { $0.contains("more events:") && $0.contains("values") })
        // A page drawn alone has the guides and columns of the whole trace.
        #expect(paging.page(3, of: recorded) == paging.page(3, of: spelled))
        let page = Array(paging.page(3, of: recorded).dropLast())
        let start = try #require(whole.firstIndex(of: page[0]))
        #expect(page == Array(whole[start..<(start + page.count)]))
        #expect(page[0].hasPrefix("#51 "))  // the 51st event, none of them a printed line
    }

    /// The REPL keeps the last input's trace while the next one runs: what it reads must not
    /// change when the tracer records again, or when names are forgotten and given anew.
    @Test func aTraceReadKeepsItsEventsAndNamesWhileTheTracerGoesOn() {
        LargeStack.run {
            let tracer = Tracer()
            let environment = ScriptEnvironment { tracer.recordOutput($0) }
            environment.connect(tracer) { _ in nil }
            tracer.start()
            #expect(throws: Never.self) {
                try environment.interpreter.run(
                    source:
                        "import Combine\nlet s = PassthroughSubject<Int, Never>()\nlet c = s.map { $0 + 1 }.sink { print($0) }\ns.send(1)",
                    fileName: "one.swift")
            }
            tracer.stop()
            let first = tracer.recordedEvents
            let shown = first.spelledOut
            #expect(shown.first?.target == "Map")
            #expect(shown.contains { $0.target == "Map.Inner#1" })

            tracer.clearEvents()
            tracer.reset()
            tracer.start()
            #expect(throws: Never.self) {
                try environment.interpreter.run(source: "let d = Just(5).sink { _ in }", fileName: "two.swift")
            }
            tracer.stop()
            #expect(tracer.recordedEvents.first?.target == "Just")
            #expect(first.spelledOut == shown)
        }
    }

    /// Labels apply as each event is read, and only the names change.
    @Test func labelsApplyToTheEventsAsTheyAreRead() {
        let shown = runSession(
            [
                "let s = PassthroughSubject<Int, Never>()\nlet c = s.map { $0 * 10 }.sink { print($0) }\ns.send(1)",
                ":name Map.Inner#1 tens", ":trace",
            ], trace: true)
        #expect(shown[1] == "Map.Inner#1 is now shown as tens.\n")
        #expect(shown[2].contains("tens.receive(1) → .none"))
        #expect(shown[2].contains("PassthroughSubject#1.receive(subscriber: tens)"))
        #expect(!shown[2].contains("Map.Inner#1"))
        #expect(shown[2].components(separatedBy: "\n").count == shown[0].components(separatedBy: "\n").count)
    }

    /// The line that stands for the events a long trace leaves out counts each kind, in a
    /// fixed order, and the rules broken among them.
    @Test func theSummaryOfHiddenEventsCountsEachKind() {
        let kinds: [TraceEvent.Kind] = [.receiveValue, .output, .receiveValue, .request, .cancel, .taskStart, .dropped]
        var events = kinds.enumerated().map { index, kind in
            TraceEvent(sequence: index + 1, kind: kind, depth: 0, target: "X#1", argument: "")
        }
        events[2].violations = [ContractViolation(rule: .valueWithoutDemand, message: "m", sequence: 3)]
        #expect(
            TracePaging.describe(TraceEvents(events), range: 0..<7)
                == "2 values, 1 request, 1 cancel, 1 dropped value, 1 printed line, 1 contract violations")
        #expect(TracePaging.describe(TraceEvents(events), range: 3..<6) == "1 request, 1 cancel")
    }
}
