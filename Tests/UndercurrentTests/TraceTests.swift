import Testing
import UndercurrentSession
import UndercurrentTrace

/// The recorded events for a hand-written publisher, subscription and subscriber are
/// exactly the calls Combine makes, with the subscription's demand after each.
@Suite struct TraceTests {
    static let customTrio = """
        import Combine

        struct Numbers: Publisher {
            typealias Output = Int
            typealias Failure = Never
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: NumbersSubscription(subscriber: subscriber))
            }
        }

        final class NumbersSubscription<S: Subscriber>: Subscription where S.Input == Int {
            private var subscriber: S?
            private var next = 1
            init(subscriber: S) { self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                var remaining = demand
                while remaining > .none, next <= 5, let subscriber {
                    remaining -= 1
                    remaining += subscriber.receive(next)
                    next += 1
                }
                if next > 5 { subscriber?.receive(completion: .finished); subscriber = nil }
            }
            func cancel() { subscriber = nil }
        }

        final class TakeThree: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) { subscription.request(.max(3)) }
            func receive(_ input: Int) -> Subscribers.Demand { .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }

        Numbers().subscribe(TakeThree())
        """

    static func trace(_ source: String) -> (events: [TraceEvent], diagnostic: String?) {
        LargeStack.run {
            let run = ScriptRun(source: source, fileName: "trace.swift", trace: true) { _ in }
            run.run()
            return (run.events.spelledOut, run.diagnostic)
        }
    }

    @Test func customTrioWithMaxThreeRecordsEveryCallAndItsDemand() {
        let (events, diagnostic) = Self.trace(Self.customTrio)
        #expect(diagnostic == nil)
        let calls = events.map { event in
            "\(event.depth) \(event.kind.rawValue) \(event.target) \(event.argument)"
                + (event.returnedDemand.map { " -> \($0)" } ?? "")
                + (event.ledger.map { " [\($0.before)→\($0.after)]" } ?? "")
        }
        #expect(
            calls == [
                "0 subscribe Numbers TakeThree#1",
                "1 receiveSubscription TakeThree#1 NumbersSubscription#1",
                "2 request NumbersSubscription#1 .max(3) [0→3]",
                "3 receiveValue TakeThree#1 1 -> .none [3→2]",
                "3 receiveValue TakeThree#1 2 -> .none [2→1]",
                "3 receiveValue TakeThree#1 3 -> .none [1→0]",
                "1 deinitialize NumbersSubscription#1 ",
                "0 deinitialize TakeThree#1 ",
            ])
    }

    /// Each value delivered, as `depth subscriber value -> returned demand [subscription
    /// demand before→after]`.
    static func valueLines(_ events: [TraceEvent]) -> [String] {
        events.filter { $0.kind == .receiveValue }.map { event in
            "\(event.depth) \(event.target) \(event.argument)" + (event.returnedDemand.map { " -> \($0)" } ?? "")
                + (event.ledger.map { " [\($0.subscription) \($0.before)→\($0.after)]" } ?? "")
        }
    }

    /// A script subscription hands its values to engine subscribers too: an operator's inner
    /// subscriber, a sink, an `AnySubscriber`. Traced, each sits inside OpenCombine's tap, and
    /// with the fast paths on its values skip the tap (`StreamBridge.callObserver`): the events
    /// must be the tap's, in the same order. CI runs this with the fast paths on and off.
    @Test func valuesAScriptSubscriptionHandsEngineSubscribersAreRecordedOnceEach() {
        let source = Self.customTrio.replacingOccurrences(
            of: "Numbers().subscribe(TakeThree())",
            with: """
                let c = Numbers().prefix(2).sink { _ in }
                Numbers().subscribe(AnySubscriber(TakeThree()))
                """)
        let (events, diagnostic) = Self.trace(source)
        #expect(diagnostic == nil)
        #expect(
            Self.valueLines(events) == [
                "6 Output.Inner#1 1 -> .none [NumbersSubscription#1 ∞→∞]",
                "7 Sink#1 1 -> .none [Output.Inner#1 ∞→∞]",
                "6 Output.Inner#1 2 -> .none [NumbersSubscription#1 ∞→∞]",
                "7 Sink#1 2 -> .none [Output.Inner#1 ∞→∞]",
                "3 AnySubscriber#1 1 -> .none [NumbersSubscription#2 3→2]",
                "3 AnySubscriber#1 2 -> .none [NumbersSubscription#2 2→1]",
                "3 AnySubscriber#1 3 -> .none [NumbersSubscription#2 1→0]",
            ])
    }

    /// A struct subscriber is one subscriber across its copies (its stored
    /// `combineIdentifier`), named by its type; the values a script subscription hands it are
    /// reported by the bridge without an adapter around it (`BridgeCallObserver`), with the
    /// demand each returns.
    @Test func valuesAScriptStructSubscriberReceivesAreRecordedWithTheDemandItReturns() {
        let source = Self.customTrio
            .replacingOccurrences(
                of: "final class TakeThree: Subscriber {",
                with: "struct TakeThree: Subscriber {\n    let combineIdentifier = CombineIdentifier()"
            )
            .replacingOccurrences(
                of: "func receive(_ input: Int) -> Subscribers.Demand { .none }",
                with: "func receive(_ input: Int) -> Subscribers.Demand { input == 1 ? .max(1) : .none }")
        let (events, diagnostic) = Self.trace(source)
        #expect(diagnostic == nil)
        #expect(
            Self.valueLines(events) == [
                "3 TakeThree 1 -> .max(1) [NumbersSubscription#1 3→3]",
                "3 TakeThree 2 -> .none [NumbersSubscription#1 3→2]",
                "3 TakeThree 3 -> .none [NumbersSubscription#1 2→1]",
                "3 TakeThree 4 -> .none [NumbersSubscription#1 1→0]",
            ])
    }

    @Test func demandReturnedFromReceiveIsCreditedToTheSubscription() {
        let source = Self.customTrio.replacingOccurrences(
            of: "func receive(_ input: Int) -> Subscribers.Demand { .none }",
            with: "func receive(_ input: Int) -> Subscribers.Demand { input == 1 ? .max(2) : .none }")
        let (events, _) = Self.trace(source)
        let ledgers = events.compactMap { $0.ledger.map { "\($0.before)→\($0.after)" } }
        #expect(ledgers == ["0→3", "3→4", "4→3", "3→2", "2→1", "1→0"])
        #expect(events.contains { $0.kind == .receiveCompletion && $0.argument == ".finished" })
    }

    @Test func demandTravelsUpstreamThroughMap() {
        let (events, _) = Self.trace(
            """
            import Combine
            final class TakeTwo: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                func receive(subscription: Subscription) { subscription.request(.max(2)) }
                func receive(_ input: Int) -> Subscribers.Demand { .none }
                func receive(completion: Subscribers.Completion<Never>) {}
            }
            [1, 2, 3, 4].publisher.eraseToAnyPublisher().map { $0 * 10 }.subscribe(TakeTwo())
            """)
        // Map hands the upstream subscription down unchanged: the request reaches the sequence.
        let requests = events.filter { $0.kind == .request }.map { "\($0.target) \($0.argument)" }
        #expect(requests == ["Sequence.Inner#1 .max(2)"])
        let values = events.filter { $0.kind == .receiveValue }.map { "\($0.target) \($0.argument)" }
        #expect(values == ["Map.Inner#1 1", "TakeTwo#1 10", "Map.Inner#1 2", "TakeTwo#1 20"])
        // Only the sequence's direct subscriber consumes demand; the value passing through map does not.
        let ledgers = events.filter { $0.kind == .receiveValue }.map {
            $0.ledger.map { "\($0.before)→\($0.after)" } ?? "-"
        }
        #expect(ledgers == ["2→1", "-", "1→0", "-"])
    }

    @Test func prefixCancelsItsUpstream() {
        let (events, _) = Self.trace(
            """
            import Combine
            let c = [1, 2, 3, 4].publisher.eraseToAnyPublisher().prefix(2).sink { _ in }
            """)
        let kinds = events.filter { $0.kind != .output }.map { "\($0.kind.rawValue) \($0.target)" }
        #expect(kinds.contains("cancel Sequence.Inner#1"))
        #expect(events.filter { $0.kind == .receiveValue && $0.target == "Sink#1" }.map(\.argument) == ["1", "2"])
    }

    @Test func rendererDrawsTheCallTreeWithTheDemandColumn() {
        let (events, _) = Self.trace(Self.customTrio)
        let lines = TraceRenderer().render(events)
        #expect(lines[0].hasPrefix("#1    Numbers.receive(subscriber: TakeThree#1)"))
        #expect(lines[1].hasPrefix("#2    ├─ TakeThree#1.receive(subscription: NumbersSubscription#1)"))
        #expect(lines[2].contains("└─ NumbersSubscription#1.request(.max(3))"))
        #expect(lines[2].hasSuffix("demand 0 → 3"))
        #expect(lines[3].contains("├─ TakeThree#1.receive(1) → .none"))
        #expect(lines[3].hasSuffix("demand 3 → 2"))
        #expect(lines[5].contains("└─ TakeThree#1.receive(3) → .none"))
        #expect(lines[6].hasPrefix("#7    └─ NumbersSubscription#1.deinit"))
        #expect(lines[7] == "#8    TakeThree#1.deinit")
    }

    @Test func printedLinesAppearInPlaceWithoutNumbers() {
        let (events, _) = Self.trace(
            """
            import Combine
            let c = Just(1).sink { print("got", $0) }
            """)
        let index = events.firstIndex { $0.kind == .output }
        #expect(index != nil)
        if let index {
            #expect(events[index].argument == "got 1")
            #expect(events[index - 1].kind == .receiveValue)
            #expect(events[index].sequence == 0)
        }
    }

    /// The tracer remembers the subscriber it named last; two subscribers taking turns, and
    /// new ones made where old ones went away (a reused address), keep names of their own.
    @Test func subscribersTakingTurnsOrMadeAfreshKeepTheirOwnNames() {
        let (events, diagnostic) = Self.trace(
            """
            import Combine
            final class Counter: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                let label: String
                init(_ label: String) { self.label = label }
                func receive(subscription: Subscription) { subscription.request(.unlimited) }
                func receive(_ input: Int) -> Subscribers.Demand {
                    print(label, input)
                    return .none
                }
                func receive(completion: Subscribers.Completion<Never>) {}
            }
            let subject = PassthroughSubject<Int, Never>()
            let first = Counter("first")
            let second = Counter("second")
            subject.subscribe(first)
            subject.subscribe(second)
            subject.send(1)
            subject.send(2)
            for i in 1...3 { Just(i * 10).subscribe(Counter("made \\(i)")) }
            """)
        #expect(diagnostic == nil)
        // Each value's event is followed by the line its subscriber printed. (A subject's
        // subscribers are served in the order of a hashed set, so the order itself varies.)
        let pairs = events.indices.dropLast().compactMap { index -> String? in
            guard events[index].kind == .receiveValue, events[index + 1].kind == .output else { return nil }
            return "\(events[index].target) \(events[index + 1].argument)"
        }
        #expect(
            pairs.sorted() == [
                "Counter#1 first 1", "Counter#1 first 2", "Counter#2 second 1", "Counter#2 second 2",
                "Counter#3 made 1 10", "Counter#4 made 2 20", "Counter#5 made 3 30",
            ])
        let deinits = events.filter { $0.kind == .deinitialize }.map(\.target)
        #expect(deinits.prefix(3) == ["Counter#3", "Counter#4", "Counter#5"])
    }
}
