import OpenCombine
import Testing
import UndercurrentInterpreter
import UndercurrentStreams

// The publishers in Sources/UndercurrentStreams/Combining, tested directly in Swift and
// through the interpreter. OpenCombine 0.14.0 has no CombineLatest or Merge, so the oracle
// cannot produce these outputs: every expectation below is written by hand from Apple's
// documentation, or from the behaviour Apple's Combine shows in OpenCombine's
// compatibility tests (CombineLatestTests / MergeTests, which run against both engines),
// cited at each test.

// MARK: - Test doubles

/// One log for every event of a test, in the order they happen.
private final class EventLog {
    var events: [String] = []
    func record(_ event: String) { events.append(event) }
}

/// An upstream publisher driven by hand: it hands its subscriber a subscription that
/// records `request` and `cancel`, and `send` returns the demand the subscriber returned.
private final class ManualPublisher<Output, Failure: Error>: Publisher {
    let name: String
    let log: EventLog
    private(set) var subscriber: AnySubscriber<Output, Failure>?

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
    }

    final class ManualSubscription: Subscription {
        let name: String
        let log: EventLog
        init(name: String, log: EventLog) {
            self.name = name
            self.log = log
        }
        func request(_ demand: Subscribers.Demand) { log.record("\(name).request(\(demand))") }
        func cancel() { log.record("\(name).cancel") }
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        log.record("\(name).subscribed")
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: ManualSubscription(name: name, log: log))
    }

    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        subscriber?.receive(value) ?? .none
    }

    func send(completion: Subscribers.Completion<Failure>) {
        subscriber?.receive(completion: completion)
    }
}

/// A subscriber that requests a given demand on subscription (none if nil), returns a
/// given demand for each value, and records everything in the log as `down.…`.
private final class RecordingSubscriber<Input, Failure: Error>: Subscriber {
    let log: EventLog
    let initialDemand: Subscribers.Demand?
    var demandPerValue: Subscribers.Demand
    var onValue: ((Input) -> Void)?
    private(set) var subscription: Subscription?
    private(set) var values: [Input] = []

    init(log: EventLog, initialDemand: Subscribers.Demand?, demandPerValue: Subscribers.Demand = .none) {
        self.log = log
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
    }

    func receive(subscription: Subscription) {
        log.record("down.subscription(\(subscription))")
        self.subscription = subscription
        if let initialDemand { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        log.record("down.value(\(input))")
        values.append(input)
        onValue?(input)
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: log.record("down.finished")
        case .failure(let error): log.record("down.failure(\(error))")
        }
    }
}

private enum TestError: Error, CustomStringConvertible {
    case oops
    var description: String { "oops" }
}

// MARK: - CombineLatest

@Suite struct CombineLatestPublisherTests {
    /// Apple's documentation of `combineLatest(_:_:)`: with `pub.send(1); pub.send(2);
    /// pub2.send(2); pub.send(3); pub.send(45); pub2.send(22)` and `$0 * $1` it prints
    /// "Result: 4. Result: 6. Result: 90. Result: 990."
    @Test func emitsOnceEveryUpstreamHasAValueThenTheLatestTuple() {
        let pub = PassthroughSubject<Int, Never>()
        let pub2 = PassthroughSubject<Int, Never>()
        var results: [Int] = []
        let cancellable = pub.combineLatest(pub2) { $0 * $1 }.sink { results.append($0) }
        pub.send(1)
        pub.send(2)
        pub2.send(2)
        pub.send(3)
        pub.send(45)
        pub2.send(22)
        #expect(results == [4, 6, 90, 990])
        cancellable.cancel()
    }

    /// Apple: "The combined publisher passes through any requests to all upstream
    /// publishers"; upstreams are subscribed before the subscriber gets its subscription,
    /// and nothing is requested before it asks (compatibility test `testChildDemand`).
    @Test func subscribesUpstreamsFirstAndForwardsEachRequestToAll() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<(Int, Int), Never>(log: log, initialDemand: nil)
        Publishers.CombineLatest(a, b).subscribe(subscriber)
        #expect(log.events == ["a.subscribed", "b.subscribed", "down.subscription(CombineLatest)"])
        subscriber.subscription?.request(.max(2))
        subscriber.subscription?.request(.unlimited)
        #expect(
            log.events.dropFirst(3) == [
                "a.request(max(2))", "b.request(max(2))",
                "a.request(unlimited)", "b.request(unlimited)",
            ])
    }

    /// Apple: "If the demand isn't .unlimited, it drops values from upstream publishers.
    /// It implements this by using a buffer size of 1 for each upstream, and holds the
    /// most recent value in each buffer." A value dropped for lack of demand is not
    /// replayed by a later request (compatibility test `testUpstreamExceedsDemand`).
    @Test func limitedDemandDropsValuesButKeepsTheLatest() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<(Int, Int), Never>(log: log, initialDemand: .max(1))
        Publishers.CombineLatest(a, b).subscribe(subscriber)
        #expect(log.events.suffix(2) == ["a.request(max(1))", "b.request(max(1))"])
        log.events.removeAll()
        #expect(a.send(100) == .none)
        #expect(b.send(1) == .none)
        #expect(a.send(200) == .none)  // no demand: dropped, but kept as a's latest
        #expect(a.send(300) == .none)
        subscriber.subscription?.request(.max(1))
        #expect(log.events == ["down.value((100, 1))", "a.request(max(1))", "b.request(max(1))"])
        #expect(b.send(2) == .none)
        #expect(subscriber.values.map { [$0.0, $0.1] } == [[100, 1], [300, 2]])
    }

    /// The demand the subscriber returns from `receive(_:)` is counted and handed back to
    /// the upstream that produced the value.
    @Test func returnsTheSubscribersAdditionalDemandToTheProducingUpstream() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<(Int, Int), Never>(
            log: log, initialDemand: .max(1),
            demandPerValue: .max(1))
        Publishers.CombineLatest(a, b).subscribe(subscriber)
        #expect(a.send(1) == .none)  // no tuple yet
        #expect(b.send(2) == .max(1))  // tuple sent; the subscriber asked for one more
        #expect(a.send(3) == .max(1))  // and that one more was honoured
        #expect(subscriber.values.map { [$0.0, $0.1] } == [[1, 2], [3, 2]])
    }

    /// Apple: "All upstream publishers need to finish for this publisher to finish", even
    /// one that finished without a value (compatibility tests
    /// `testImmediateFinishWhenOneChildFinishesWithNoSurplus`,
    /// `testAValueAfterAChildFinishedWithoutSurplus`).
    @Test func finishesOnlyWhenEveryUpstreamHasFinished() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<(Int, Int), Never>(log: log, initialDemand: .unlimited)
        Publishers.CombineLatest(a, b).subscribe(subscriber)
        log.events.removeAll()
        a.send(completion: .finished)  // without ever producing a value
        #expect(log.events.isEmpty)
        b.send(1)  // no tuple can ever be made
        #expect(log.events.isEmpty)
        b.send(completion: .finished)
        #expect(log.events == ["down.finished"])
    }

    @Test func keepsCombiningAfterOneUpstreamFinishedWithAValue() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<(Int, Int), Never>(log: log, initialDemand: .unlimited)
        Publishers.CombineLatest(a, b).subscribe(subscriber)
        log.events.removeAll()
        a.send(100)
        b.send(1)
        a.send(completion: .finished)
        b.send(2)
        b.send(completion: .finished)
        #expect(log.events == ["down.value((100, 1))", "down.value((100, 2))", "down.finished"])
    }

    /// Apple: "If any of the combined publishers terminates with a failure, this publisher
    /// also fails"; the other upstreams are cancelled, the failed one is not
    /// (compatibility test `testBCancelledAfterAFailed`).
    @Test func failsAtTheFirstFailureAndCancelsTheOthers() {
        let log = EventLog()
        let a = ManualPublisher<Int, TestError>("a", log: log)
        let b = ManualPublisher<Int, TestError>("b", log: log)
        let c = ManualPublisher<Int, TestError>("c", log: log)
        let subscriber = RecordingSubscriber<(Int, Int, Int), TestError>(log: log, initialDemand: .unlimited)
        Publishers.CombineLatest3(a, b, c).subscribe(subscriber)
        log.events.removeAll()
        b.send(completion: .failure(.oops))
        #expect(log.events == ["a.cancel", "c.cancel", "down.failure(oops)"])
        a.send(1)
        b.send(2)
        c.send(3)
        a.send(completion: .failure(.oops))
        #expect(log.events.count == 3)
    }

    @Test func cancellingCancelsEveryUpstream() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<(Int, Int), Never>(log: log, initialDemand: .unlimited)
        Publishers.CombineLatest(a, b).subscribe(subscriber)
        log.events.removeAll()
        subscriber.subscription?.cancel()
        #expect(log.events == ["a.cancel", "b.cancel"])
        a.send(1)
        b.send(2)
        b.send(completion: .finished)
        a.send(completion: .finished)
        subscriber.subscription?.request(.max(1))
        #expect(log.events == ["a.cancel", "b.cancel"])
    }

    /// A value an upstream sends while a tuple is being delivered is stored, not sent
    /// (compatibility test `testUpstreamValueReceivedWhileSendingValue`).
    @Test func aValueSentWhileDeliveringIsStoredNotSent() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let log = EventLog()
        let subscriber = RecordingSubscriber<(Int, Int), Never>(log: log, initialDemand: .unlimited)
        var sentFromInside = false
        subscriber.onValue = { _ in
            if !sentFromInside {
                sentFromInside = true
                a.send(10)
            }
        }
        Publishers.CombineLatest(a, b).subscribe(subscriber)
        a.send(1)
        b.send(2)
        b.send(3)
        #expect(subscriber.values.map { [$0.0, $0.1] } == [[1, 2], [10, 3]])
    }

    /// A completion that happens while the subscriber receives its subscription reaches it
    /// right after: two `Just`s give one tuple, then `finished`.
    @Test func synchronousUpstreamsDeliverThenFinish() {
        let log = EventLog()
        let subscriber = RecordingSubscriber<(Int, String), Never>(log: log, initialDemand: .unlimited)
        Just(1).combineLatest(Just("a")).subscribe(subscriber)
        #expect(log.events == ["down.subscription(CombineLatest)", "down.value((1, \"a\"))", "down.finished"])

        let emptyLog = EventLog()
        let emptySubscriber = RecordingSubscriber<(Int, Int), Never>(log: emptyLog, initialDemand: nil)
        Publishers.CombineLatest(Empty<Int, Never>(), Empty<Int, Never>()).subscribe(emptySubscriber)
        #expect(emptyLog.events == ["down.subscription(CombineLatest)", "down.finished"])
    }

    @Test func threeAndFourUpstreamsWithAndWithoutTransform() {
        var tuples: [String] = []
        _ = Just(1).combineLatest(Just("b"), Just(2.5)).sink { tuples.append("\($0)") }
        _ = Publishers.CombineLatest4(Just(1), Just(2), Just(3), Just(4)).sink { tuples.append("\($0)") }
        _ = Just(1).combineLatest(Just(2), Just(3)) { $0 + $1 + $2 }.sink { tuples.append("\($0)") }
        _ = Just(1).combineLatest(Just(2), Just(3), Just(4)) { $0 * $1 * $2 * $3 }.sink { tuples.append("\($0)") }
        #expect(tuples == ["(1, \"b\", 2.5)", "(1, 2, 3, 4)", "6", "24"])
    }

    /// Apple's documentation of `combineLatest(_:_:_:_:)`: pub 1, pub 2, pub2 2, pub3 9,
    /// pub4 1, pub 3, pub2 12, pub 13, pub3 19 with a product prints 36, 54, 324, 1404, 2964.
    @Test func documentedFourWayExample() {
        let pub = PassthroughSubject<Int, Never>()
        let pub2 = PassthroughSubject<Int, Never>()
        let pub3 = PassthroughSubject<Int, Never>()
        let pub4 = PassthroughSubject<Int, Never>()
        var results: [Int] = []
        let cancellable = pub.combineLatest(pub2, pub3, pub4) { $0 * $1 * $2 * $3 }.sink { results.append($0) }
        pub.send(1)
        pub.send(2)
        pub2.send(2)
        pub3.send(9)
        pub4.send(1)
        pub.send(3)
        pub2.send(12)
        pub.send(13)
        pub3.send(19)
        #expect(results == [36, 54, 324, 1404, 2964])
        cancellable.cancel()
    }
}

// MARK: - Merge

@Suite struct MergePublisherTests {
    /// Apple's documentation of `merge(with:_:)`: pubA 1, pubB 40, pubC 90, pubA 2,
    /// pubB 50, pubC 100 prints "1 40 90 2 50 100".
    @Test func forwardsValuesInArrivalOrder() {
        let pubA = PassthroughSubject<Int, Never>()
        let pubB = PassthroughSubject<Int, Never>()
        let pubC = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let cancellable = pubA.merge(with: pubB, pubC).sink { values.append($0) }
        pubA.send(1)
        pubB.send(40)
        pubC.send(90)
        pubA.send(2)
        pubB.send(50)
        pubC.send(100)
        #expect(values == [1, 40, 90, 2, 50, 100])
        cancellable.cancel()
    }

    /// The subscriber gets its subscription first; each upstream is then asked for one
    /// value, or for `.unlimited` once the subscriber's demand is unlimited (compatibility
    /// tests `testChildDemand`, `testDownstreamDemandRequestedWhileSendingValue`).
    @Test func subscriptionOrderAndUpstreamDemand() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<Int, Never>(log: log, initialDemand: nil)
        a.merge(with: b).subscribe(subscriber)
        #expect(
            log.events == [
                "down.subscription(Merge)", "a.subscribed", "a.request(max(1))",
                "b.subscribed", "b.request(max(1))",
            ])
        log.events.removeAll()
        subscriber.subscription?.request(.unlimited)
        #expect(log.events == ["a.request(unlimited)", "b.request(unlimited)"])

        let log2 = EventLog()
        let c = ManualPublisher<Int, Never>("c", log: log2)
        let d = ManualPublisher<Int, Never>("d", log: log2)
        Publishers.Merge(c, d).subscribe(RecordingSubscriber<Int, Never>(log: log2, initialDemand: .unlimited))
        #expect(
            log2.events == [
                "down.subscription(Merge)", "c.subscribed", "c.request(unlimited)",
                "d.subscribed", "d.request(unlimited)",
            ])
    }

    /// With limited demand each upstream is asked for one value at a time; a value that
    /// arrives without demand waits (one per upstream) and is sent at the next request,
    /// after which its upstream is asked for the next (compatibility tests
    /// `testChildDemand`, `testUpstreamExceedsDemand`).
    @Test func limitedDemandBuffersOneValuePerUpstream() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<Int, Never>(log: log, initialDemand: .max(1))
        Publishers.Merge(a, b).subscribe(subscriber)
        log.events.removeAll()
        #expect(a.send(100) == .max(1))  // sent; a may send its next
        #expect(b.send(1) == .none)  // no demand left: waits
        #expect(log.events == ["down.value(100)"])
        log.events.removeAll()
        subscriber.subscription?.request(.max(2))
        #expect(log.events == ["down.value(1)", "b.request(max(1))"])
        #expect(a.send(200) == .max(1))
        #expect(subscriber.values == [100, 1, 200])
    }

    @Test func waitingValuesGoInUpstreamOrderAtTheNextRequest() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let c = ManualPublisher<Int, Never>("c", log: log)
        let subscriber = RecordingSubscriber<Int, Never>(log: log, initialDemand: nil)
        Publishers.Merge3(a, b, c).subscribe(subscriber)
        c.send(3)
        a.send(1)
        b.send(2)
        log.events.removeAll()
        subscriber.subscription?.request(.max(2))
        #expect(log.events == ["down.value(1)", "down.value(2)", "a.request(max(1))", "b.request(max(1))"])
        log.events.removeAll()
        subscriber.subscription?.request(.unlimited)
        #expect(
            log.events == [
                "down.value(3)", "a.request(unlimited)", "b.request(unlimited)",
                "c.request(unlimited)",
            ])
    }

    /// Apple: "The merged publisher continues to emit elements until all upstream
    /// publishers finish" (compatibility test `testMergeCompletesOnlyAfterAllChildrenComplete`).
    @Test func finishesWhenEveryUpstreamHasFinished() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<Int, Never>(log: log, initialDemand: .unlimited)
        a.merge(with: b).subscribe(subscriber)
        log.events.removeAll()
        a.send(1)
        a.send(completion: .finished)
        b.send(2)
        #expect(log.events == ["down.value(1)", "down.value(2)"])
        b.send(completion: .finished)
        #expect(log.events == ["down.value(1)", "down.value(2)", "down.finished"])
    }

    /// A value still waiting for demand delays the finish until it has been sent.
    @Test func aWaitingValueDelaysTheFinish() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<Int, Never>(log: log, initialDemand: nil)
        a.merge(with: b).subscribe(subscriber)
        a.send(7)
        a.send(completion: .finished)
        b.send(completion: .finished)
        #expect(!log.events.contains("down.finished"))
        log.events.removeAll()
        subscriber.subscription?.request(.max(1))
        #expect(log.events == ["down.value(7)", "down.finished"])
    }

    /// Apple: "If an upstream publisher produces an error, the merged publisher fails with
    /// that error." Every upstream subscription is cancelled, the failed one included
    /// (compatibility test `testBCancelledAfterAFailed`), and later events are ignored
    /// (`testValueAfterFailed`, `testFinishAfterFailed`).
    @Test func failsAtTheFirstFailure() {
        let log = EventLog()
        let a = ManualPublisher<Int, TestError>("a", log: log)
        let b = ManualPublisher<Int, TestError>("b", log: log)
        let subscriber = RecordingSubscriber<Int, TestError>(log: log, initialDemand: .unlimited)
        a.merge(with: b).subscribe(subscriber)
        log.events.removeAll()
        a.send(100)
        a.send(completion: .failure(.oops))
        b.send(1)
        b.send(completion: .finished)
        a.send(completion: .failure(.oops))
        #expect(log.events == ["down.value(100)", "a.cancel", "b.cancel", "down.failure(oops)"])
    }

    @Test func cancellingCancelsEveryUpstream() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<Int, Never>(log: log, initialDemand: .unlimited)
        a.merge(with: b).subscribe(subscriber)
        log.events.removeAll()
        subscriber.subscription?.cancel()
        a.send(1)
        b.send(completion: .finished)
        a.send(completion: .finished)
        #expect(log.events == ["a.cancel", "b.cancel"])
    }

    /// A request made while a value is being delivered takes effect once that delivery
    /// returns: the next waiting value follows, then the upstreams are asked for more.
    @Test func demandRequestedWhileReceivingSendsWaitingValues() {
        let log = EventLog()
        let a = ManualPublisher<Int, Never>("a", log: log)
        let b = ManualPublisher<Int, Never>("b", log: log)
        let subscriber = RecordingSubscriber<Int, Never>(log: log, initialDemand: nil)
        Publishers.Merge(a, b).subscribe(subscriber)
        subscriber.onValue = { value in
            if value == 9 { subscriber.subscription?.request(.max(1)) }
        }
        #expect(a.send(9) == .none)  // no demand: waits
        #expect(b.send(5) == .none)
        log.events.removeAll()
        subscriber.subscription?.request(.max(1))
        #expect(log.events == ["down.value(9)", "down.value(5)", "a.request(max(1))", "b.request(max(1))"])
    }

    @Test func sequencesAndJustsMergeCompletely() {
        var values: [Int] = []
        var finished = 0
        _ = [1, 2, 3].publisher.merge(with: [4, 5, 6].publisher)
            .sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { values.append($0) })
        #expect(values == [1, 2, 3, 4, 5, 6])
        values.removeAll()
        _ = Just(1).merge(with: Just(2), Just(3), Just(4), Just(5), Just(6), Just(7))
            .sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { values.append($0) })
        #expect(values == [1, 2, 3, 4, 5, 6, 7])
        #expect(finished == 2)

        // One at a time: each sequence is asked for one value, then one more per value sent.
        let log = EventLog()
        let subscriber = RecordingSubscriber<Int, Never>(log: log, initialDemand: .max(1), demandPerValue: .max(1))
        Publishers.Merge([1, 2].publisher, [3].publisher).subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3])
        #expect(log.events.last == "down.finished")
    }

    @Test func mergeManyTakesAnyNumber() {
        var values: [Int] = []
        _ = Publishers.MergeMany([Just(1), Just(2), Just(3)]).merge(with: Just(4)).sink { values.append($0) }
        _ = Publishers.MergeMany(Just(5), Just(6)).sink { values.append($0) }
        #expect(values == [1, 2, 3, 4, 5, 6])

        // No upstreams: finishes at the first request.
        let log = EventLog()
        let subscriber = RecordingSubscriber<Int, Never>(log: log, initialDemand: nil)
        Publishers.MergeMany([Just<Int>]()).subscribe(subscriber)
        #expect(log.events == ["down.subscription(Merge)"])
        subscriber.subscription?.request(.max(1))
        #expect(log.events == ["down.subscription(Merge)", "down.finished"])
    }

    /// As in Combine, merging into a `Merge` gives the next arity (`Merge.merge(with:)`
    /// returns `Merge3`), up to `Merge8`.
    @Test func chainedMergesGrowTheArity() {
        let merge3: Publishers.Merge3<Just<Int>, Just<Int>, Just<Int>> = Just(1).merge(with: Just(2)).merge(
            with: Just(3))
        let merge8:
            Publishers.Merge8<Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>> =
                merge3.merge(with: Just(4), Just(5), Just(6), Just(7), Just(8))
        var values: [Int] = []
        _ = merge8.sink { values.append($0) }
        #expect(values == Array(1...8))
        #expect(merge3 == Publishers.Merge3(Just(1), Just(2), Just(3)))
    }
}

// MARK: - Through the interpreter

@Suite struct CombiningScriptTests {
    /// Expected outputs written by hand (the oracle has no CombineLatest or Merge). The
    /// rules: a CombineLatest of two CurrentValueSubjects emits once both have delivered
    /// their current values on subscription, then on every send; Merge forwards values in
    /// arrival order; both finish when every upstream has finished.
    @Test func combineLatestOfSubjects() {
        let result = runScript(
            """
            import Combine
            var cancellables = Set<AnyCancellable>()
            let name = CurrentValueSubject<String, Never>("")
            let age = CurrentValueSubject<Int, Never>(0)
            Publishers.CombineLatest(name, age)
                .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print($0) })
                .store(in: &cancellables)
            name.send("Ada")
            age.send(36)
            name.send(completion: .finished)
            age.send(37)
            age.send(completion: .finished)
            """)
        #expect(result.error == nil)
        #expect(
            result.output == """
                ("", 0)
                ("Ada", 0)
                ("Ada", 36)
                ("Ada", 37)
                completion: finished

                """)
    }

    /// Each pipeline has subjects of its own: a subject with several subscribers delivers
    /// to them in an unspecified order.
    @Test func combineLatestMethodsAndTransforms() {
        let result = runScript(
            """
            import Combine
            var cancellables = Set<AnyCancellable>()
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            a.combineLatest(b) { $0 * $1 }.sink { print("product", $0) }.store(in: &cancellables)
            a.send(1)
            a.send(2)
            b.send(2)
            a.send(3)
            let x = PassthroughSubject<Int, Never>()
            let y = PassthroughSubject<Int, Never>()
            let z = PassthroughSubject<String, Never>()
            x.combineLatest(y, z).sink { p, q, r in print("triple", p, q, r) }.store(in: &cancellables)
            x.send(1)
            y.send(2)
            z.send("z")
            y.send(3)
            Just(1).combineLatest(Just(2), Just("c")) { "\\($0)-\\($1)-\\($2)" }.sink { print($0) }.store(in: &cancellables)
            Just(1).combineLatest(Just(2), Just(3), Just(4)).sink { print($0) }.store(in: &cancellables)
            Publishers.CombineLatest4(Just(1), Just(2), Just(3), Just(4)).map { $0 + $1 + $2 + $3 }
                .sink { print("sum", $0) }.store(in: &cancellables)
            Publishers.CombineLatest3(Just(1), Just(2.5), Just("three")).sink { print($0) }.store(in: &cancellables)
            """)
        #expect(result.error == nil)
        #expect(
            result.output == """
                product 4
                product 6
                triple 1 2 z
                triple 1 3 z
                1-2-c
                (1, 2, 3, 4)
                sum 10
                (1, 2.5, "three")

                """)
    }

    /// A Never-failing upstream is promoted when combined with one that can fail; the
    /// first failure ends the combined stream.
    @Test func mixedFailureTypesArePromoted() {
        let result = runScript(
            """
            import Combine
            enum Problem: Error { case broken }
            var cancellables = Set<AnyCancellable>()
            let failing = PassthroughSubject<Int, Problem>()
            let steady = CurrentValueSubject<Int, Never>(5)
            failing.combineLatest(steady)
                .sink(receiveCompletion: { print("combined:", $0) }, receiveValue: { print("combined", $0) })
                .store(in: &cancellables)
            failing.send(1)
            failing.send(completion: .failure(.broken))
            steady.send(6)
            let failing2 = PassthroughSubject<Int, Problem>()
            let steady2 = CurrentValueSubject<Int, Never>(5)
            Publishers.Merge(failing2, steady2)
                .sink(receiveCompletion: { print("merged:", $0) }, receiveValue: { print("merged", $0) })
                .store(in: &cancellables)
            failing2.send(1)
            failing2.send(completion: .failure(.broken))
            steady2.send(6)
            """)
        #expect(result.error == nil)
        #expect(
            result.output == """
                combined (1, 5)
                combined: failure(main.Problem.broken)
                merged 5
                merged 1
                merged: failure(main.Problem.broken)

                """)
    }

    @Test func mergeVariants() {
        let result = runScript(
            """
            import Combine
            var cancellables = Set<AnyCancellable>()
            let a = PassthroughSubject<String, Never>()
            let b = PassthroughSubject<String, Never>()
            let c = PassthroughSubject<String, Never>()
            a.merge(with: b).merge(with: c)
                .sink(receiveCompletion: { print("done:", $0) }, receiveValue: { print($0) })
                .store(in: &cancellables)
            a.send("a1")
            c.send("c1")
            b.send("b1")
            a.send(completion: .finished)
            b.send(completion: .finished)
            c.send("c2")
            c.send(completion: .finished)
            [1, 2].publisher.merge(with: [3].publisher, [4, 5].publisher).collect()
                .sink { print($0) }.store(in: &cancellables)
            Publishers.MergeMany([Just(1), Just(2)]).merge(with: Just(3)).sink { print("many", $0) }.store(in: &cancellables)
            Publishers.MergeMany(Just(7), Just(8)).sink { print("variadic", $0) }.store(in: &cancellables)
            Publishers.Merge8(Just(1), Just(2), Just(3), Just(4), Just(5), Just(6), Just(7), Just(8))
                .reduce(0, +).sink { print("sum", $0) }.store(in: &cancellables)
            """)
        #expect(result.error == nil)
        #expect(
            result.output == """
                a1
                c1
                b1
                c2
                done: finished
                [1, 2, 3, 4, 5]
                many 1
                many 2
                many 3
                variadic 7
                variadic 8
                sum 36

                """)
    }

    /// `.print()` shows the subscription each publisher hands its subscriber. The merge's
    /// subscriber asks for unlimited demand before any upstream is subscribed; the
    /// CombineLatest's upstreams are subscribed first and asked only once its subscriber
    /// requests, in order (so the first `Just` has finished before the second sends).
    @Test func printShowsTheCombiningSubscriptions() {
        let result = runScript(
            """
            import Combine
            let cancellable = Just(1).print("up").merge(with: Just(2)).print("down").sink { _ in }
            let combined = Just(1).print("left").combineLatest(Just(2)).print("out").sink { _ in }
            """)
        #expect(result.error == nil)
        #expect(
            result.output == """
                down: receive subscription: (Merge)
                down: request unlimited
                up: receive subscription: (Just)
                up: request unlimited
                up: receive value: (1)
                down: receive value: (1)
                down: request max: (0) (synchronous)
                up: request max: (0) (synchronous)
                up: receive finished
                down: receive value: (2)
                down: request max: (0) (synchronous)
                down: receive finished
                left: receive subscription: (Just)
                out: receive subscription: (CombineLatest)
                out: request unlimited
                left: request unlimited
                left: receive value: (1)
                left: request max: (0) (synchronous)
                left: receive finished
                out: receive value: ((1, 2))
                out: request max: (0) (synchronous)
                out: receive finished

                """)
    }
}
