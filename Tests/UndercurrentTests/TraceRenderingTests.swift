import Testing
import UndercurrentSession
import UndercurrentTrace

/// Golden tests for the text renderings, colour off: the trace with a violation under its
/// call, the demand ledger, the marble view, and step-through.
@Suite struct TraceRenderingTests {
    static let countdown = """
        import Combine

        struct Countdown: Publisher {
            typealias Output = Int
            typealias Failure = Never
            let from: Int
            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: CountdownSubscription(from: from, subscriber: subscriber))
            }
        }

        final class CountdownSubscription<S: Subscriber>: Subscription where S.Input == Int {
            private var subscriber: S?
            private var next: Int
            init(from: Int, subscriber: S) { self.next = from; self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                var demand = demand
                while demand > 0, next > 0, let subscriber {
                    demand -= 1
                    demand += subscriber.receive(next)
                    next -= 1
                }
                if next == 0 { subscriber?.receive(completion: .finished); subscriber = nil }
            }
            func cancel() { subscriber = nil }
        }

        final class TwoAtATime: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) { subscription.request(.max(2)) }
            func receive(_ input: Int) -> Subscribers.Demand {
                print("got", input)
                return input == 3 ? .max(1) : .none
            }
            func receive(completion: Subscribers.Completion<Never>) { print("done") }
        }

        """

    @Test func traceShowsTheViolationUnderItsCall() {
        let run = CheckedRun.run(ContractCheckerTests.prelude + ContractCheckerTests.greedy)
        let lines = TraceRenderer().render(run.events)
        #expect(
            lines == [
                "#1    Greedy.receive(subscriber: Take#1)",
                "#2    ├─ Take#1.receive(subscription: GreedySubscription#1)",
                "#3    │  └─ GreedySubscription#1.request(.max(1))               demand 0 → 1",
                "#4    │     ├─ Take#1.receive(1) → .none                        demand 1 → 0",
                "#5    │     ├─ Take#1.receive(2) → .none                        demand 0 → -1",
                "      │     │  ✗ §1.1 more values than requested: GreedySubscription#1 sent 2 to Take#1, which had no "
                    + "outstanding demand (demand 0); a publisher sends only what was requested",
                "#6    │     └─ Take#1.receive(3) → .none                        demand -1 → -2",
                "      │        ✗ §1.1 more values than requested: GreedySubscription#1 sent 3 to Take#1, which had no "
                    + "outstanding demand (demand -1); a publisher sends only what was requested",
                "#7    └─ GreedySubscription#1.deinit",
                "#8    Take#1.deinit",
            ])
        #expect(
            ContractSummary.render(run.violations) == [
                "Contract check: 2 errors",
                "  #5    error    §1.1 more values than requested: GreedySubscription#1 sent 2 to Take#1, which had no "
                    + "outstanding demand (demand 0); a publisher sends only what was requested",
                "  #6    error    §1.1 more values than requested: GreedySubscription#1 sent 3 to Take#1, which had no "
                    + "outstanding demand (demand -1); a publisher sends only what was requested",
            ])
    }

    @Test func ledgerListsCreditsDebitsAndTheRunningBalance() {
        let run = CheckedRun.run(Self.countdown + "Countdown(from: 4).subscribe(TwoAtATime())")
        #expect(
            DemandLedger(events: run.events).render() == [
                "CountdownSubscription#1 → TwoAtATime#1",
                "  #3    request(.max(2))                        credit   +2   balance 2",
                "  #4    TwoAtATime#1.receive(4)                 debit    −1   balance 1",
                "  #5    TwoAtATime#1.receive(3)                 debit    −1   balance 0",
                "  #5    returned .max(1)                        credit   +1   balance 1  synchronous",
                "  #6    TwoAtATime#1.receive(2)                 debit    −1   balance 0",
            ])
    }

    @Test func ledgerShowsUnlimitedSaturationAndOnlyTheDirectSubscriberSpending() {
        let run = CheckedRun.run(
            """
            import Combine
            let subject = PassthroughSubject<String, Never>()
            let c = subject.map { $0.uppercased() }.sink { print($0) }
            subject.send("hi")
            subject.send("ho")
            """)
        let ledger = DemandLedger(events: run.events)
        #expect(
            ledger.render() == [
                "PassthroughSubject.Conduit#1 → Map.Inner#1, Sink#1",
                "  #5    request(.unlimited)                     credit   +∞   balance ∞  now unlimited",
                // #6 and #9 are the sends, which spend nothing themselves.
                "  #7    Map.Inner#1.receive(\"hi\")               debit    −1   balance ∞  saturated: .unlimited absorbs every credit and debit",
                "  #10   Map.Inner#1.receive(\"ho\")               debit    −1   balance ∞  saturated",
            ])
        // Focus on one object: by its name, a subscriber's name, or a type.
        #expect(ledger.focused(on: "Sink#1").accounts.count == 1)
        #expect(ledger.focused(on: "Map").accounts.count == 1)
        #expect(ledger.focused(on: "Nothing#9").accounts.isEmpty)
    }

    @Test func marblesDrawEachStageInEventOrder() {
        let run = CheckedRun.run(
            """
            import Combine
            let c = [1, 2, 3, 4].publisher.eraseToAnyPublisher().map { $0 * 10 }.prefix(3).sink { print($0) }
            """)
        #expect(
            MarbleRenderer().render(run.events) == [
                // prefix cancels upstream and finishes right after the third value, as Apple's
                // does (OpenCombine's would wait for a fourth).
                "Map.Inner#1     ──1───2───3───!",
                "Output.Inner#1  ──10──20──30──!",
                "Sink#1          ──10──20──30─────|",
            ])
    }

    @Test func marblesShowFailureAndAlignOnVirtualTime() {
        func event(
            _ sequence: Int, _ kind: TraceEvent.Kind, _ depth: Int, _ target: String, _ argument: String,
            _ time: Double
        ) -> TraceEvent {
            TraceEvent(
                sequence: sequence, kind: kind, depth: depth, target: target, argument: argument, time: time,
                subscription: kind == .receiveSubscription ? argument : nil)
        }
        let events = [
            event(1, .receiveSubscription, 0, "Debounce.Inner#1", "PassthroughSubject.Conduit#1", 0),
            event(2, .receiveSubscription, 1, "Sink#1", "Debounce.Inner#1", 0),
            event(3, .receiveValue, 0, "Debounce.Inner#1", "1", 0),
            event(4, .receiveValue, 0, "Debounce.Inner#1", "2", 50),
            event(5, .receiveValue, 0, "Sink#1", "2", 250),
            event(6, .receiveCompletion, 0, "Debounce.Inner#1", ".failure(main.Oops())", 1000),
            event(7, .receiveCompletion, 1, "Sink#1", ".failure(main.Oops())", 1000),
        ]
        #expect(
            MarbleRenderer().render(events) == [
                "time                0ms 50ms 250ms 1000ms",
                "Debounce.Inner#1  ──1───2──────────X",
                "Sink#1            ───────────2─────X",
            ])
        let colored = MarbleRenderer(useColor: true).render(events)
        #expect(colored[1].contains("\u{1B}[31mX\u{1B}[39m"))
        #expect(colored[1].contains("\u{1B}[32m1\u{1B}[39m"))
    }

    @Test func stepThroughReplaysTheRecordedCalls() {
        let run = CheckedRun.run(Self.countdown + "Countdown(from: 4).subscribe(TwoAtATime())")
        guard var stepping = StepThrough(events: run.events) else {
            Issue.record("no calls")
            return
        }
        #expect(stepping.calls.count == 8)
        _ = stepping.answer("")
        _ = stepping.answer("")
        let fourth = stepping.answer("")
        #expect(fourth.finished == false)
        #expect(
            fourth.text == """
                step 4 of 8
                #1    Countdown.receive(subscriber: TwoAtATime#1)
                #2    └─ TwoAtATime#1.receive(subscription: CountdownSubscription#1)
                #3       └─ CountdownSubscription#1.request(.max(2))            demand 0 → 2
                #4          └─ TwoAtATime#1.receive(4) → .none                  demand 2 → 1
                               » got 4
                live subscriptions:
                  CountdownSubscription#1  demand 1
                Enter: next · b: back · q: quit

                """)
        let back = stepping.answer("b")
        #expect(back.text.hasPrefix("step 3 of 8\n"))
        #expect(back.text.contains("  CountdownSubscription#1  demand 2\n"))
        #expect(stepping.answer("x").text == "'x' is not a step-through key. Enter: next · b: back · q: quit\n")
        // The last call, then the end.
        for _ in 0..<5 { _ = stepping.answer("") }
        #expect(stepping.isAtEnd)
        #expect(stepping.render().contains("live subscriptions: none"))
        let end = stepping.answer("")
        #expect(end == ("End of the trace (8 calls).\n", true))
    }

    @Test func stepThroughCallStackIsExact() {
        let run = CheckedRun.run(Self.countdown + "Countdown(from: 4).subscribe(TwoAtATime())")
        guard let stepping = StepThrough(events: run.events) else { return }
        // receive(2) (#6) is nested in request (#3), in receive(subscription:) (#2), in subscribe (#1).
        let index = run.events.firstIndex { $0.sequence == 6 && $0.kind != .output } ?? 0
        #expect(stepping.callStack(at: index).map { run.events[$0].sequence } == [1, 2, 3, 6])
        #expect(stepping.liveSubscriptions(after: index) == [.init(name: "CountdownSubscription#1", demand: .count(0))])
    }
}
