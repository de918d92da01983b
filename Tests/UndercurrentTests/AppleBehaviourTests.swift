import OpenCombine
import Testing
import UndercurrentInterpreter
import UndercurrentStreams

// Where OpenCombine 0.14.0 departs from Apple's Combine, Undercurrent behaves as Apple's
// does. The oracle runs on OpenCombine, so it cannot produce these outputs: each
// expectation is written by hand and cites the documentation or published test (run
// against Apple's Combine) that asserts it.

// MARK: - Test doubles

/// One log for every event of a test, in order.
private final class Log {
    var events: [String] = []
    func record(_ event: String) { events.append(event) }
}

/// An upstream driven by hand: its subscription records `request` and `cancel`, and
/// `send` returns the demand the subscriber returned.
private final class HandDrivenPublisher<Output>: Publisher {
    typealias Failure = Never
    let log: Log
    private(set) var subscriber: AnySubscriber<Output, Never>?

    init(log: Log) { self.log = log }

    final class HandSubscription: Subscription {
        let log: Log
        init(log: Log) { self.log = log }
        func request(_ demand: Subscribers.Demand) { log.record("up.request(\(demand))") }
        func cancel() { log.record("up.cancel") }
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: HandSubscription(log: log))
    }

    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        let demand = subscriber?.receive(value) ?? .none
        log.record("up.sent(\(value)) → \(demand)")
        return demand
    }

    func finish() { subscriber?.receive(completion: .finished) }
}

/// Requests `initial` on subscription and `perValue` for each value; logs as `down.…`.
private final class LoggingSubscriber<Input>: Subscriber {
    typealias Failure = Never
    let log: Log
    let initial: Subscribers.Demand
    let perValue: Subscribers.Demand
    var cancelOnValue: Input?
    private(set) var subscription: Subscription?

    init(log: Log, initial: Subscribers.Demand, perValue: Subscribers.Demand = .none) {
        self.log = log
        self.initial = initial
        self.perValue = perValue
    }

    func receive(subscription: Subscription) {
        log.record("down.subscription(\(subscription))")
        self.subscription = subscription
        if initial > .none { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        log.record("down.value(\(input))")
        return perValue
    }

    func receive(completion: Subscribers.Completion<Never>) {
        log.record("down.\(completion)")
    }
}

// MARK: - prefix(_:), output(at:), output(in:)

@Suite struct ApplePrefixAndOutputTests {
    // The *Using Combine* book's tests run on Apple's Combine
    // (github.com/heckj/swiftui-notes, UsingCombineTests/SequentialOperatorTests.swift):
    // `testPrefix` sends "first-1", "second-1" into `prefix(2)` and asserts
    // `terminatedStream` is true right after the second send, before any third value.
    @Test func prefixFinishesRightAfterItsLastValueAndCancelsUpstream() {
        let log = Log()
        let upstream = HandDrivenPublisher<Int>(log: log)
        let subscriber = LoggingSubscriber<Int>(log: log, initial: .max(5), perValue: .max(1))
        upstream.eagerPrefix(2).subscribe(subscriber)
        upstream.send(10)
        upstream.send(20)
        #expect(
            log.events == [
                "down.subscription(Output)", "up.request(max(5))",
                "down.value(10)", "up.sent(10) → max(1)",
                "down.value(20)", "up.cancel", "down.finished", "up.sent(20) → max(0)",
            ])
        // Nothing more reaches the subscriber, and the upstream is not cancelled twice.
        upstream.send(30)
        upstream.finish()
        #expect(log.events.suffix(1) == ["up.sent(30) → max(0)"])
    }

    // `testOutput` (same file): `output(at: 3)` ignores "one", "two", "three", delivers
    // "four" and has finished right after it. The values before the index are replaced
    // upstream one for one (`.max(1)`), which OpenCombine's compatibility tests
    // (OutputTests, run against Apple's Combine) also expect.
    @Test func outputAtSkipsWithDemandForEachSkippedValueAndFinishesAfterTheOne() {
        let log = Log()
        let upstream = HandDrivenPublisher<String>(log: log)
        upstream.eagerOutput(in: 3..<4).subscribe(LoggingSubscriber<String>(log: log, initial: .max(1)))
        for word in ["one", "two", "three", "four", "five"] { upstream.send(word) }
        #expect(
            log.events == [
                "down.subscription(Output)", "up.request(max(1))",
                "up.sent(one) → max(1)", "up.sent(two) → max(1)", "up.sent(three) → max(1)",
                "down.value(four)", "up.cancel", "down.finished", "up.sent(four) → max(0)",
                "up.sent(five) → max(0)",
            ])
    }

    // `testOutputWithRange`: `output(in: 2...3)` delivers "three" without finishing, then
    // "four" and finishes at once.
    @Test func outputInFinishesAfterTheRangesLastValue() {
        let log = Log()
        let upstream = HandDrivenPublisher<String>(log: log)
        upstream.eagerOutput(in: 2..<4).subscribe(LoggingSubscriber<String>(log: log, initial: .unlimited))
        upstream.send("one")
        upstream.send("two")
        upstream.send("three")
        #expect(!log.events.contains("down.finished"))
        upstream.send("four")
        #expect(log.events.suffix(3) == ["up.cancel", "down.finished", "up.sent(four) → max(0)"])
    }

    @Test func anUpstreamThatFinishesEarlyFinishesTheOutputAndACancelGoesUpstream() {
        let log = Log()
        let upstream = HandDrivenPublisher<Int>(log: log)
        let subscriber = LoggingSubscriber<Int>(log: log, initial: .unlimited)
        upstream.eagerPrefix(3).subscribe(subscriber)
        upstream.send(1)
        upstream.finish()
        #expect(log.events.suffix(2) == ["up.sent(1) → max(0)", "down.finished"])

        let log2 = Log()
        let upstream2 = HandDrivenPublisher<Int>(log: log2)
        let subscriber2 = LoggingSubscriber<Int>(log: log2, initial: .unlimited)
        upstream2.eagerPrefix(3).subscribe(subscriber2)
        subscriber2.subscription?.cancel()
        subscriber2.subscription?.request(.max(1))
        upstream2.send(1)
        #expect(
            log2.events == ["down.subscription(Output)", "up.request(unlimited)", "up.cancel", "up.sent(1) → max(0)"])
    }

    @Test func prefixZeroFinishesAtTheFirstValueWithoutDeliveringIt() {
        let log = Log()
        let upstream = HandDrivenPublisher<Int>(log: log)
        upstream.eagerPrefix(0).subscribe(LoggingSubscriber<Int>(log: log, initial: .unlimited))
        upstream.send(1)
        #expect(
            log.events == [
                "down.subscription(Output)", "up.request(unlimited)", "up.cancel", "down.finished",
                "up.sent(1) → max(0)",
            ])
    }

    // The book's three tests as scripts: each "sent" line marks where its XCTAssert
    // checks `terminatedStream`. (One subject each: a subject's subscribers are served
    // in no particular order.)
    @Test func theBooksPrefixAndOutputTestsPassAsScripts() {
        expectOracleOutput(
            """
            import Combine
            func run(_ name: String, _ makePipeline: (PassthroughSubject<String, Error>) -> AnyPublisher<String, Error>) {
                let subject = PassthroughSubject<String, Error>()
                let cancellable = makePipeline(subject).sink(
                    receiveCompletion: { print(name, $0) }, receiveValue: { print(name, "got", $0) })
                for word in ["one", "two", "three", "four", "five"] {
                    subject.send(word)
                    print("sent", word)
                }
                subject.send(completion: .finished)
                _ = cancellable
            }
            run("prefix(2)") { $0.prefix(2).eraseToAnyPublisher() }
            run("output(at: 3)") { $0.output(at: 3).eraseToAnyPublisher() }
            run("output(in: 2...3)") { $0.output(in: 2...3).eraseToAnyPublisher() }
            """,
            """
            prefix(2) got one
            sent one
            prefix(2) got two
            prefix(2) finished
            sent two
            sent three
            sent four
            sent five
            sent one
            sent two
            sent three
            output(at: 3) got four
            output(at: 3) finished
            sent four
            sent five
            sent one
            sent two
            output(in: 2...3) got three
            sent three
            output(in: 2...3) got four
            output(in: 2...3) finished
            sent four
            sent five

            """)
    }

    @Test func outputInRefusesWhatSwiftWouldStopTheProgramOn() {
        expectScriptError(
            "import Combine\n_ = [1, 2].publisher.output(in: 1..<5).sink { _ in }",
            containing: "output(in:)'s range is outside the sequence's indices")
        expectScriptError(
            "import Combine\n_ = Optional(1).publisher.output(in: 0...).sink { _ in }",
            containing: "output(in:) on an Optional's publisher needs a range with an upper bound")
        expectScriptError(
            "import Combine\n_ = Just(1).output(in: 1).sink { _ in }",
            containing: "output(in:) takes a range of Ints")
    }
}

// MARK: - throttle

@Suite struct AppleThrottleTests {
    /// An upstream that, like a `CurrentValueSubject` or a `@Published` property, sends its
    /// current value from within the first `request`.
    private final class CurrentValuePublisher: Publisher {
        typealias Output = Int
        typealias Failure = Never
        let log: Log
        init(log: Log) { self.log = log }

        final class CurrentSubscription: Subscription {
            let log: Log
            var subscriber: AnySubscriber<Int, Never>?
            init(log: Log, subscriber: AnySubscriber<Int, Never>) {
                self.log = log
                self.subscriber = subscriber
            }
            func request(_ demand: Subscribers.Demand) {
                log.record("up.request(\(demand))")
                let returned = subscriber?.receive(-1) ?? .none
                log.record("up.sent(-1) → \(returned)")
            }
            func cancel() {
                log.record("up.cancel")
                subscriber = nil
            }
        }

        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            subscriber.receive(subscription: CurrentSubscription(log: log, subscriber: AnySubscriber(subscriber)))
        }
    }

    // The *Using Combine* book's testThrottleLatestFalse / testThrottleLatestTrue
    // (UsingCombineTests/DebounceAndRemoveDuplicatesPublisherTests.swift, run on Apple's
    // Combine) receive `@Published`'s initial -1 first. So the downstream must hold its
    // subscription, and have asked for values, before the upstream is asked for any.
    @Test func theDownstreamIsSubscribedBeforeTheUpstreamIsAskedForValues() {
        let log = Log()
        let subscriber = LoggingSubscriber<Int>(log: log, initial: .unlimited)
        CurrentValuePublisher(log: log)
            .subscribedThrottle(for: .seconds(1), scheduler: ImmediateScheduler.shared, latest: false)
            .subscribe(subscriber)
        #expect(
            log.events == [
                "down.subscription(Throttle)", "up.request(unlimited)", "down.value(-1)", "up.sent(-1) → max(0)",
            ])
    }

    // OpenCombine's compatibility tests (ThrottleTests.testRequest, run on Apple's Combine)
    // expect the upstream to be asked for `.unlimited` even when the downstream requests
    // nothing; a value that arrives without demand is not delivered.
    @Test func theUpstreamIsAskedForEverythingEvenWithoutDownstreamDemand() {
        let log = Log()
        let subscriber = LoggingSubscriber<Int>(log: log, initial: .none)
        CurrentValuePublisher(log: log)
            .subscribedThrottle(for: .seconds(1), scheduler: ImmediateScheduler.shared, latest: true)
            .subscribe(subscriber)
        #expect(log.events == ["down.subscription(Throttle)", "up.request(unlimited)", "up.sent(-1) → max(0)"])
    }

    @Test func aDownstreamThatCancelsOnSubscriptionIsNeverSentValues() {
        final class CancellingSubscriber: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var values: [Int] = []
            func receive(subscription: Subscription) { subscription.cancel() }
            func receive(_ input: Int) -> Subscribers.Demand {
                values.append(input)
                return .none
            }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let log = Log()
        let subscriber = CancellingSubscriber()
        CurrentValuePublisher(log: log)
            .subscribedThrottle(for: .seconds(1), scheduler: ImmediateScheduler.shared, latest: true)
            .subscribe(subscriber)
        #expect(log.events == ["up.cancel"])
        #expect(subscriber.values.isEmpty)
    }

    /// The book's test as a script: `$intValue` starts at -1 and is set on a queue at
    /// 0.1, 0.2, 0.6, 0.7, 0.9 and 1.2 s, through `throttle(for: 0.5, …)`.
    private func throttledPublished(latest: Bool) -> String {
        """
        import Combine
        import Foundation
        class HoldingClass {
            @Published var intValue: Int = -1
        }
        let q = DispatchQueue(label: "throttle")
        let foo = HoldingClass()
        var received: [Int] = []
        let cancellable = foo.$intValue
            .throttle(for: 0.5, scheduler: q, latest: \(latest))
            .sink {
                received.append($0)
                if received.count == 4 { print(received) }
            }
        for (delay, value) in [(0.1, 1), (0.2, 2), (0.6, 3), (0.7, 4), (0.9, 5), (1.2, 6)] {
            q.asyncAfter(deadline: .now() + delay) { foo.intValue = value }
        }
        """
    }

    // XCTAssertEqual(receivedList, [-1, 1, 3, 6]) // iOS 14.1 (OpenCombine: [1, 2, 4, …])
    @Test func theBooksThrottleLatestFalseTestPasses() {
        expectOracleOutput(throttledPublished(latest: false), "[-1, 1, 3, 6]\n")
    }

    // XCTAssertEqual(receivedList, [-1, 2, 5, 6]) // iOS 14.1
    @Test func theBooksThrottleLatestTrueTestPasses() {
        expectOracleOutput(throttledPublished(latest: true), "[-1, 2, 5, 6]\n")
    }
}

// MARK: - objectWillChange without @Published

@Suite struct AppleObjectWillChangeTests {
    // Apple's synthesized `objectWillChange` is one publisher per instance, also when the
    // class has no `@Published` property: `ObjectIdentifier(testObject.objectWillChange)` is
    // the same on each read of `class Test: ObservableObject {}` (forums.swift.org/t/58223,
    // "How is the Published property wrapper implemented?"), which is what makes the common
    // `willSet { objectWillChange.send() }` reach its subscribers. OpenCombine's is a new
    // publisher on each read, and this printed nothing.
    @Test func aSendFromWillSetReachesTheSubscribersOfTheSameInstance() {
        expectOracleOutput(
            """
            import Combine
            final class Thermostat: ObservableObject {
                let name: String
                var target = 20 {
                    willSet { objectWillChange.send() }
                }
                init(name: String) { self.name = name }
                deinit { print(name, "gone") }
            }
            var first: Thermostat? = Thermostat(name: "first")
            let watchFirst = first!.objectWillChange.sink { print("first will change from", first!.target) }
            first!.target = 22
            first!.target = 23
            first = nil
            // A new object (perhaps at the same address) has a publisher of its own.
            let second = Thermostat(name: "second")
            let watchSecond = second.objectWillChange.sink { print("second will change") }
            second.target = 1
            """,
            """
            first will change from 20
            first will change from 22
            first gone
            second will change

            """)
    }

    @Test func eachInstanceHasItsOwnPublisher() {
        expectOracleOutput(
            """
            import Combine
            final class Model: ObservableObject {
                func touch() { objectWillChange.send() }
            }
            let a = Model()
            let b = Model()
            let watchA = a.objectWillChange.sink { print("a") }
            let watchB = b.objectWillChange.sink { print("b") }
            b.touch()
            a.touch()
            b.touch()
            """,
            "b\na\nb\n")
    }
}

// MARK: - Type names

/// A qualified type name shows the module Combine's types are in. Apple's: `dump` of a
/// `PassthroughSubject` on Apple's Combine begins `▿ Combine.PassthroughSubject<Swift.Int, …>`
/// (gist.github.com/jasdev/ed05f69fd1426022736b3b7ff091855a); `print` of an instance of a
/// class with no description shows the same name. OpenCombine's say `OpenCombine.`.
@Suite struct AppleModuleNameTests {
    @Test func qualifiedNamesAreInTheCombineModule() {
        expectOracleOutput(
            """
            import Combine
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.sink { _ in }
            print(subject)
            print(cancellable)
            print(CurrentValueSubject<String, Never>("a"))
            debugPrint(Just(1))
            debugPrint(type(of: subject.first()))
            print(Just(1), type(of: subject.first()))
            """,
            """
            Combine.PassthroughSubject<Swift.Int, Swift.Never>
            Combine.AnyCancellable
            Combine.CurrentValueSubject<Swift.String, Swift.Never>
            Combine.Just<Swift.Int>(output: 1)
            Combine.Publishers.First<Combine.PassthroughSubject<Swift.Int, Swift.Never>>
            Just<Int>(output: 1) First<PassthroughSubject<Int, Never>>

            """)
    }
}
