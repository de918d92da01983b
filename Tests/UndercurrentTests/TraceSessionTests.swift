import Foundation
import Testing
import UndercurrentSession
import UndercurrentTrace

/// The trace-inspection commands, driven through the session's input API as a learner
/// types them (each answer to step-through is an input too).
@Suite struct TraceSessionTests {
    static let pipeline = """
        let subject = PassthroughSubject<String, Never>()
        let c = subject.map { $0.uppercased() }.trace("upper").sink { print("got", $0) }
        """

    @Test func filtersPickCallsAndKeepTheTreeReadable() {
        let shown = runSession(
            [
                Self.pipeline, ":trace --only upper", ":trace --lifecycle --depth 1",
                "subject.send(\"hi\")", ":trace --values", ":trace --only Sink#1",
                ":trace --only Nothing", ":trace --depth x",
            ], trace: true)
        #expect(
            shown[1] == """
                #1    upper.receive(subscriber: Sink#1)
                #2    └─ Map.receive(subscriber: upper#1)
                #5       └─ upper#1.receive(subscription: PassthroughSubject.Conduit#1)
                #6          └─ Sink#1.receive(subscription: upper#1)
                #7             └─ upper#1.request(.unlimited)                   demand 0 → ∞

                """)
        #expect(
            shown[2] == """
                #1    upper.receive(subscriber: Sink#1)
                #2    └─ Map.receive(subscriber: upper#1)

                """)
        #expect(
            shown[4] == """
                #2    Map.Inner#1.receive("hi") → .none                         demand ∞ → ∞
                #3    └─ upper#1.receive("HI") → .none
                #4       └─ Sink#1.receive("HI") → .none                        demand ∞ → ∞
                            » got HI

                """)
        #expect(
            shown[5] == """
                #4    Sink#1.receive("HI") → .none                              demand ∞ → ∞
                      » got HI

                """)
        #expect(shown[6] == "No call in the last trace matches.\n")
        #expect(shown[7] == "--depth needs a number, such as --depth 2\n")
    }

    @Test func traceOperatorIsARealPassThroughStage() {
        let run = CheckedRun.run(
            """
            import Combine
            final class TakeTwo: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                var subscription: Subscription?
                func receive(subscription: Subscription) { self.subscription = subscription; subscription.request(.max(2)) }
                func receive(_ input: Int) -> Subscribers.Demand { input == 2 ? .max(1) : .none }
                func receive(completion: Subscribers.Completion<Never>) { print("done") }
            }
            let subscriber = TakeTwo()
            (1...5).publisher.eraseToAnyPublisher().trace("numbers").subscribe(subscriber)
            subscriber.subscription?.cancel()
            """)
        #expect(run.diagnostic == nil)
        #expect(run.violations.isEmpty)
        let calls = run.calls.map { "\($0.depth) \($0.kind.rawValue) \($0.target) \($0.argument)" }
        #expect(
            calls.prefix(6) == [
                "0 subscribe numbers TakeTwo#1",
                "1 subscribe AnyPublisher numbers#1",
                "2 receiveSubscription numbers#1 Sequence.Inner#1",
                "3 receiveSubscription TakeTwo#1 numbers#1",
                // The request passes through the stage to the sequence; values come back through it.
                "4 request numbers#1 .max(2)",
                "5 request Sequence.Inner#1 .max(2)",
            ])
        #expect(calls.contains("6 receiveValue numbers#1 1"))
        #expect(calls.contains("7 receiveValue TakeTwo#1 1"))
        #expect(
            run.calls.filter { $0.kind == .receiveValue && $0.target == "TakeTwo#1" }.map(\.argument) == [
                "1", "2", "3",
            ])
        // Cancel passes through too.
        #expect(calls.contains("0 cancel numbers#1 "))
        #expect(calls.contains("1 cancel Sequence.Inner#1 "))
    }

    @Test func nameCommandShowsAnObjectUnderALabel() {
        let shown = runSession(
            [
                Self.pipeline, ":name Sink#1 printer", "subject.send(\"a\")", ":name Nobody#3 x",
                ":name printer shouter", ":demand shouter",
            ], trace: true)
        #expect(shown[1] == "Sink#1 is now shown as printer.\n")
        #expect(shown[2].contains("└─ printer.receive(\"A\") → .none"))
        #expect(!shown[2].contains("Sink#1"))
        #expect(shown[3] == "No object named Nobody#3 in the last trace.\n")
        #expect(shown[4] == "Sink#1 is now shown as shouter.\n")
        #expect(shown[5].hasPrefix("upper#1 → shouter\n"))
        let reset = runSession([Self.pipeline, ":name Sink#1 printer", ":reset", Self.pipeline], trace: true)
        #expect(reset[3].contains("Sink#1.receive(subscription: upper#1)"))
    }

    @Test func stepThroughAnswersAreInputs() {
        let shown = runSession(
            [Self.pipeline, "subject.send(\"hi\")", ":step", "", "", "", "b", "q", "1 + 1"], trace: true)
        // The script's send comes first, then the calls it made.
        #expect(shown[2].hasPrefix("step 1 of 4\n#1    PassthroughSubject#1.send(\"hi\")\n"))
        #expect(
            shown[3].hasPrefix(
                "step 2 of 4\n#1    PassthroughSubject#1.send(\"hi\")\n#2    └─ Map.Inner#1.receive(\"hi\") → .none"))
        #expect(shown[3].contains("live subscriptions:\n  PassthroughSubject.Conduit#1  demand ∞\n"))
        #expect(shown[4].hasPrefix("step 3 of 4\n"))
        #expect(shown[5].hasPrefix("step 4 of 4\n"))
        #expect(shown[5].contains("            » got HI\n"), "got: \(shown[5])")
        #expect(shown[6].hasPrefix("step 3 of 4\n"))
        #expect(shown[7] == "Step-through ended.\n")
        // After q the session takes Swift again.
        #expect(shown[8] == "")
        let ended = runSession([Self.pipeline, ":step", "", "", "", "", "", "", "", "", ""], trace: true)
        #expect(ended.contains("End of the trace (8 calls).\n"))
        let none = runSession(["let x = 1", ":step"], trace: true)
        #expect(none[1] == "No trace to step through: the last input made no Combine calls.\n")
        let leave = runSession([Self.pipeline, ":step", ":demand"], trace: true)
        #expect(leave[2].hasPrefix("Step-through ended.\nPassthroughSubject.Conduit#1 → Map.Inner#1, upper#1"))
    }

    @Test func promptChangesWhileStepping() {
        let prompts: [String] = LargeStack.run {
            let session = Session { _ in }
            var prompts = [session.prompt]
            _ = session.handle(Self.pipeline)
            _ = session.handle(":step")
            prompts.append(session.prompt)
            _ = session.handle("q")
            prompts.append(session.prompt)
            return prompts
        }
        #expect(prompts == ["undercurrent> ", "step> ", "undercurrent> "])
    }

    /// Each input's calls carry virtual time counted from that input's start (the second
    /// input starts 1.5 s into the session's clock), so a trace reads the same however long
    /// the session has run; after `:reset`, the new session's clock is the one read.
    @Test func callTimesCountFromTheStartOfEachInput() {
        func delayed(_ value: Int, by milliseconds: Int) -> String {
            "let c\(value) = Just(\(value)).delay(for: .milliseconds(\(milliseconds)), scheduler: DispatchQueue.main)"
                + ".sink { print($0) }"
        }
        let shown = runSession(
            [delayed(1, by: 1000), delayed(2, by: 500), ":reset", ":trace on", delayed(3, by: 250)], trace: true)
        #expect(shown[0].contains("#9    [1000ms] Sink#1.receive(1) → .none"))
        #expect(shown[1].contains("#1    [0ms]   Delay.receive(subscriber: Sink#2)"))
        #expect(shown[1].contains("#9    [500ms] Sink#2.receive(2) → .none"))
        #expect(shown[4].contains("#9    [250ms] Sink#1.receive(3) → .none"))
    }

    @Test func marblesAndDemandCommands() {
        let shown = runSession(
            [
                Self.pipeline, "subject.send(\"a\"); subject.send(\"b\"); subject.send(completion: .finished)",
                ":marbles", ":demand", ":demand Nothing", "let y = 2", ":marbles",
            ], trace: true)
        #expect(
            shown[2] == """
                Map.Inner#1  ──"a"──"b"──|
                upper#1      ──"A"──"B"──|
                Sink#1       ──"A"──"B"──|

                """)
        #expect(shown[3].hasPrefix("PassthroughSubject.Conduit#1 → Map.Inner#1\n"))
        #expect(shown[4] == "No subscription of Nothing in the last trace.\n")
        #expect(shown[6] == "No trace yet: the last input made no Combine calls.\n")
    }

    @Test func checkerRunsAlsoWhenTheTraceIsHidden() {
        let shown = runSession([ContractCheckerTests.prelude + ContractCheckerTests.greedy], trace: false)
        #expect(shown[0].hasPrefix("Contract check: 2 errors\n"))
        #expect(!shown[0].contains("#1    Greedy"))
    }

    @Test func exportCommandWritesEachFormat() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "undercurrent-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("t.json").path
        let mermaid = directory.appendingPathComponent("t.mmd").path
        let chrome = directory.appendingPathComponent("t.chrome.json").path
        let forced = directory.appendingPathComponent("t.txt").path
        let shown = runSession(
            [
                Self.pipeline, ":export \(json)", ":export \(mermaid)", ":export \(chrome)",
                ":export \(forced) --format mermaid", ":export \(forced)", ":export",
            ], trace: true)
        #expect(shown[1] == "Wrote 8 events to \(json) (json).\n")
        #expect(shown[2] == "Wrote 8 events to \(mermaid) (mermaid).\n")
        #expect(shown[3] == "Wrote 8 events to \(chrome) (chrome).\n")
        #expect(shown[4] == "Wrote 8 events to \(forced) (mermaid).\n")
        #expect(shown[5].hasPrefix("Cannot tell the format from"))
        #expect(shown[6].hasPrefix("usage: :export FILE"))
        let document = try TraceJSON.decode(Data(contentsOf: URL(fileURLWithPath: json)))
        #expect(document.events.count == 8)
        #expect(try String(contentsOfFile: forced, encoding: .utf8).hasPrefix("sequenceDiagram\n"))
    }

    @Test func longTracesArePagedAndSummarised() {
        let many = "let c = (1...600).publisher.eraseToAnyPublisher().sink { _ in }"
        let shown = runSession(
            [
                many, ":trace --page 2 --page-size 100", ":trace --page 9 --page-size 100",
                ":trace --cap 50", many,
            ], trace: true)
        // After the input: the beginning and the end, around a summary of the rest.
        #expect(shown[0].contains("      … 204 more events: 204 values …\n"))
        #expect(shown[0].contains(":trace --page N reads the trace a page at a time"))
        #expect(shown[0].split(separator: "\n").count < 410)
        #expect(shown[1].hasPrefix("#101 "))
        #expect(shown[1].hasSuffix("page 2 of 7 (events 101–200 of 604); :trace --page 3 for the next\n"))
        #expect(shown[2] == "There are 7 pages of 100 events.\n")
        #expect(shown[3] == "Traces keep at most 50 events from now on; older ones are dropped, with a note.\n")
        #expect(shown[4].hasPrefix("("))
        #expect(shown[4].contains(" earlier events were dropped to bound memory; :trace --cap N keeps more)\n"))
        #expect(shown[4].split(separator: "\n").count <= 51)
    }

    @Test func helpListsTheInspectionCommands() {
        let shown = runSession([":help"])
        for command in [
            ":trace --only NAME", ":demand [NAME]", ":step", ":marbles", ":export FILE", ":name NAME LABEL",
            ":check [on|off]", ":trace --cap N", ":trace --page N",
        ] {
            #expect(shown[0].contains(command), "\(command)")
        }
    }
}
