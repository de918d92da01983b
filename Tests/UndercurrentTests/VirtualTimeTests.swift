import OpenCombine
import Testing
import UndercurrentInterpreter
import UndercurrentSession
import UndercurrentStreams

/// Virtual time: the clock itself, each scheduler-based operator run through the
/// interpreter (expected output made by `scripts/oracle`, the snippet compiled
/// natively, pasted unchanged), ordering across schedulers, and the REPL's controls.
/// Nothing here sleeps or reads the wall clock.
@Suite struct VirtualTimeTests {
    // MARK: - The clock

    /// Records the order actions run in.
    final class Log {
        var entries: [String] = []
    }

    @Test func clockRunsWorkInTimeOrder() {
        let clock = VirtualClock()
        let log = Log()
        clock.schedule(at: 300_000_000) { log.entries.append("300ms") }
        clock.schedule(at: 100_000_000) { log.entries.append("100ms") }
        clock.schedule(at: 200_000_000) { log.entries.append("200ms") }
        let report = clock.advance(by: .seconds(1))
        #expect(log.entries == ["100ms", "200ms", "300ms"])
        #expect(report.actionsRun == 3)
        #expect(report.pending == 0)
        #expect(clock.now == .seconds(1))
    }

    @Test func sameInstantIsFirstScheduledFirstRun() {
        let clock = VirtualClock()
        let log = Log()
        for name in ["a", "b", "c"] {
            clock.schedule(at: 50_000_000) { log.entries.append(name) }
        }
        clock.schedule(at: 0, lane: .mainQueue) { log.entries.append("main 1") }
        clock.schedule(at: 0, lane: .mainQueue) { log.entries.append("main 2") }
        clock.advance(by: .milliseconds(50))
        #expect(log.entries == ["main 1", "main 2", "a", "b", "c"])
    }

    /// Same instant, different lanes: background and timers, then run loop blocks, then the main queue.
    @Test func lanesOrderWorkDueAtTheSameInstant() {
        let clock = VirtualClock()
        let log = Log()
        clock.schedule(at: 0, lane: .mainQueue) { log.entries.append("main") }
        clock.schedule(at: 0, lane: .runLoop) { log.entries.append("run loop") }
        clock.schedule(at: 0, lane: .timer) {
            log.entries.append("background")
            // Scheduled while running: after what was already due, in its own lane's place.
            clock.schedule(at: clock.nowNanoseconds, lane: .runLoop) { log.entries.append("run loop 2") }
        }
        clock.runDue()
        #expect(log.entries == ["background", "run loop", "run loop 2", "main"])
        #expect(clock.now == .zero)
    }

    @Test func advanceStopsAtItsTargetAndCanContinue() {
        let clock = VirtualClock()
        let log = Log()
        clock.schedule(after: .milliseconds(100)) { log.entries.append("100") }
        clock.schedule(after: .milliseconds(150)) { log.entries.append("150") }
        clock.schedule(after: .milliseconds(151)) { log.entries.append("151") }
        var report = clock.advance(by: .milliseconds(150))
        #expect(log.entries == ["100", "150"])
        #expect(clock.now == .milliseconds(150))
        #expect(clock.nowMilliseconds == 150)
        #expect(report.pending == 1)
        #expect(report.nextDue == .milliseconds(151))
        report = clock.advance(by: .milliseconds(1))
        #expect(log.entries == ["100", "150", "151"])
        #expect(report.pending == 0)
    }

    @Test func workScheduledInsideAnActionRunsIfDueWithinTheAdvance() {
        let clock = VirtualClock()
        let log = Log()
        clock.schedule(after: .milliseconds(100)) {
            log.entries.append("outer")
            clock.schedule(after: .milliseconds(100)) { log.entries.append("inner at 200") }
            clock.schedule(after: .milliseconds(300)) { log.entries.append("inner at 400") }
        }
        clock.advance(by: .milliseconds(300))
        #expect(log.entries == ["outer", "inner at 200"])
        #expect(clock.pendingCount == 1)
    }

    @Test func repeatingWorkRunsUntilCancelled() {
        let clock = VirtualClock()
        let log = Log()
        var token: VirtualClock.Token?
        var count = 0
        token = clock.schedule(at: 100_000_000, interval: 100_000_000) {
            count += 1
            log.entries.append("tick \(count) at \(clock.nowMilliseconds)")
            if count == 3, let token { clock.cancel(token) }
        }
        clock.schedule(at: 200_000_000) { log.entries.append("one-shot at 200") }
        clock.advance(by: .seconds(1))
        // A repeating action keeps its first place among same-instant work, as a timer keeps its deadline.
        #expect(log.entries == ["tick 1 at 100.0", "tick 2 at 200.0", "one-shot at 200", "tick 3 at 300.0"])
        #expect(clock.pendingCount == 0)
    }

    @Test func anAdvanceIsBoundedByTheActionLimit() {
        let clock = VirtualClock()
        clock.maxActionsPerAdvance = 50
        var count = 0
        clock.schedule(at: 1, interval: 1) { count += 1 }
        let report = clock.advance(by: .seconds(10))
        #expect(count == 50)
        #expect(report.stopped == .actionLimit(50))
        #expect(report.note?.contains("stopped running scheduled work after 50 actions") == true)
        #expect(clock.lastNote == report.note)
        // Time stops where the work stopped.
        #expect(clock.now == .nanoseconds(50))
    }

    @Test func aStopRequestEndsTheAdvance() {
        let clock = VirtualClock()
        var stop = false
        clock.shouldStop = { stop }
        let log = Log()
        clock.schedule(after: .milliseconds(1)) {
            log.entries.append("first")
            stop = true
        }
        clock.schedule(after: .milliseconds(2)) { log.entries.append("second") }
        let report = clock.advance(by: .seconds(1))
        #expect(log.entries == ["first"])
        #expect(report.stopped == .aborted)
        #expect(clock.pendingCount == 1)
    }

    /// After an input: 1.5 s of virtual time, as the oracle's run loop; what is left is noted, not run.
    @Test func endOfInputRunsWhatIsDueWithinOnePointFiveSeconds() {
        let clock = VirtualClock()
        let log = Log()
        clock.schedule(after: .milliseconds(1500)) { log.entries.append("at 1.5 s") }
        clock.schedule(after: .milliseconds(1510)) { log.entries.append("at 1.51 s") }
        let report = clock.runAfterInput()
        #expect(log.entries == ["at 1.5 s"])
        #expect(clock.now == .milliseconds(1500))
        #expect(report.pending == 1)
        #expect(
            report.note == "1 scheduled action is still waiting at 1.5s of virtual time (the next at 1.51s); "
                + "the compiled program's run loop stops here too")
        clock.endOfInput = .runDueOnly
        clock.schedule(after: .zero) { log.entries.append("due now") }
        clock.runAfterInput()
        #expect(log.entries == ["at 1.5 s", "due now"])
        #expect(clock.now == .milliseconds(1500))
    }

    @Test func durationsParseAndFormatForTheREPL() {
        #expect(VirtualClock.parseDuration("300ms") == .milliseconds(300))
        #expect(VirtualClock.parseDuration("1.5s") == .milliseconds(1500))
        #expect(VirtualClock.parseDuration(" 250us ") == .microseconds(250))
        #expect(VirtualClock.parseDuration("100ns") == .nanoseconds(100))
        #expect(VirtualClock.parseDuration("2min") == .seconds(120))
        #expect(VirtualClock.parseDuration("2") == .seconds(2))
        #expect(VirtualClock.parseDuration("soon") == nil)
        #expect(VirtualClock.parseDuration("-1s") == nil)
        #expect(VirtualClock.format(.zero) == "0s")
        #expect(VirtualClock.format(.milliseconds(300)) == "300ms")
        #expect(VirtualClock.format(.milliseconds(1500)) == "1.5s")
        #expect(VirtualClock.format(.microseconds(250)) == "250µs")
        #expect(VirtualClock.format(.seconds(125)) == "2m 5s")
    }

    /// The scheduler is an OpenCombine `Scheduler`: OpenCombine's own `delay` runs on it.
    @Test func virtualSchedulerDrivesOpenCombineOperators() {
        let clock = VirtualClock()
        let scheduler = VirtualScheduler(.dispatchMain, clock: clock)
        let log = Log()
        let cancellable = Just(7)
            .delay(for: .milliseconds(100), scheduler: scheduler)
            .sink { log.entries.append("value \($0) at \(clock.nowMilliseconds)") }
        #expect(log.entries.isEmpty)
        clock.advance(by: .milliseconds(99))
        #expect(log.entries.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(log.entries == ["value 7 at 100.0"])
        #expect(scheduler.now.distance(to: scheduler.now.advanced(by: .seconds(0.25))) == .milliseconds(250))
        #expect(VirtualTime.Stride.seconds(0.3).nanoseconds == 300_000_000)
        cancellable.cancel()
    }

    // MARK: - Operators through the interpreter (oracle-made expected output)

    /// delay: values and the completion arrive 0.2 s after they were sent, on the main queue.
    @Test func delayMovesValuesAndCompletionLater() {
        expectOracleOutput(
            #"""
            import Combine
            import Foundation
            var bag = Set<AnyCancellable>()
            let subject = PassthroughSubject<String, Never>()
            subject
                .delay(for: .milliseconds(200), scheduler: DispatchQueue.main)
                .sink(receiveCompletion: { print("delayed:", $0) }, receiveValue: { print("delayed", $0) })
                .store(in: &bag)
            subject.send("a")
            print("sent a")
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { print("at 0.1"); subject.send("b") }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { print("at 0.25"); subject.send(completion: .finished) }
            """#,
            #"""
            sent a
            at 0.1
            delayed a
            at 0.25
            delayed b
            delayed: finished

            """#)
    }

    /// debounce on RunLoop.main with a numeric stride (seconds): only values followed by a 0.25 s pause pass.
    @Test func debounceWaitsForAPause() {
        expectOracleOutput(
            #"""
            import Combine
            import Foundation
            var bag = Set<AnyCancellable>()
            let subject = PassthroughSubject<Int, Never>()
            subject
                .debounce(for: 0.25, scheduler: RunLoop.main)
                .sink(receiveCompletion: { print("debounced:", $0) }, receiveValue: { print("debounced", $0) })
                .store(in: &bag)
            for (time, value) in [(0.0, 1), (0.1, 2), (0.5, 3), (0.9, 4), (1.0, 5)] {
                DispatchQueue.main.asyncAfter(deadline: .now() + time) { subject.send(value) }
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + 1.1) { subject.send(completion: .finished) }
            """#,
            #"""
            debounced 2
            debounced 3
            debounced: finished

            """#)
    }

    /// throttle(latest: true): the first value at once, then the last of each 0.4 s window.
    @Test func throttleLatestKeepsTheLastOfEachWindow() {
        expectOracleOutput(
            #"""
            import Combine
            import Foundation
            var bag = Set<AnyCancellable>()
            let subject = PassthroughSubject<Int, Never>()
            subject
                .throttle(for: .milliseconds(400), scheduler: DispatchQueue.main, latest: true)
                .sink { print("throttled", $0) }
                .store(in: &bag)
            for (time, value) in [(0.0, 1), (0.05, 2), (0.1, 3), (0.6, 4), (0.65, 5)] {
                DispatchQueue.main.asyncAfter(deadline: .now() + time) { subject.send(value) }
            }
            """#,
            #"""
            throttled 1
            throttled 3
            throttled 5

            """#)
    }

    /// timeout with a trailing customError closure: each value restarts the 0.3 s clock.
    @Test func timeoutFailsWithTheCustomError() {
        expectOracleOutput(
            #"""
            import Combine
            import Foundation
            enum LoadError: Error { case tooSlow }
            var bag = Set<AnyCancellable>()
            let subject = PassthroughSubject<Int, LoadError>()
            subject
                .timeout(.milliseconds(300), scheduler: DispatchQueue.main) { .tooSlow }
                .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print("value", $0) })
                .store(in: &bag)
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { subject.send(1) }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.4) { subject.send(2) }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { subject.send(3) }
            """#,
            #"""
            value 1
            value 2
            completion: failure(main.LoadError.tooSlow)

            """#)
    }

    /// receive(on:) delivers after the script; subscribe(on:) subscribes on the scheduler.
    @Test func receiveOnAndSubscribeOnHopSchedulers() {
        expectOracleOutput(
            #"""
            import Combine
            import Foundation
            var bag = Set<AnyCancellable>()
            Just(1)
                .receive(on: DispatchQueue.main)
                .print("main")
                .sink { _ in }
                .store(in: &bag)
            [1, 2].publisher
                .subscribe(on: DispatchQueue.global())
                .receive(on: OperationQueue.main)
                .sink(receiveCompletion: { print("on operation queue:", $0) }, receiveValue: { print("on operation queue", $0) })
                .store(in: &bag)
            print("end of script")
            """#,
            #"""
            main: receive subscription: (ReceiveOn)
            main: request unlimited
            end of script
            main: receive value: (1)
            main: request max: (0) (synchronous)
            main: receive finished
            on operation queue 1
            on operation queue 2
            on operation queue: finished

            """#)
    }

    /// Strides of each scheduler type print as OpenCombine's do; measureInterval on ImmediateScheduler is Stride(magnitude: 0).
    @Test func stridesPrintAsTheCompiledProgramPrintsThem() {
        expectOracleOutput(
            #"""
            import Combine
            import Foundation
            let a: DispatchQueue.SchedulerTimeType.Stride = .milliseconds(250)
            let b: RunLoop.SchedulerTimeType.Stride = .milliseconds(250)
            let c: OperationQueue.SchedulerTimeType.Stride = .seconds(2)
            print(a, b, c)
            print(a.magnitude, b.magnitude, a.timeInterval, b.timeInterval)
            print([a])
            let d = a + .milliseconds(50)
            print(d, d > a)
            print(DispatchTimeInterval.milliseconds(5), DispatchTimeInterval.seconds(2))
            var bag = Set<AnyCancellable>()
            Just(1).measureInterval(using: ImmediateScheduler.shared).sink { print($0) }.store(in: &bag)
            """#,
            #"""
            Stride(_nanoseconds: 250000000) Stride(magnitude: 0.25) Stride(magnitude: 2.0)
            250000000 0.25 nanoseconds(250000000) 0.25
            [(extension in OpenCombineDispatch):Dispatch.DispatchQueue.OCombine.SchedulerTimeType.Stride(_nanoseconds: 250000000)]
            Stride(_nanoseconds: 300000000) true
            milliseconds(5) seconds(2)
            Stride(magnitude: 0)

            """#)
    }

    /// Timer.publish(every: 0.5): the oracle's run loop runs 1.5 s, so three ticks.
    @Test func timerTicksThreeTimesInTheOraclesRunLoopWindow() {
        expectOracleOutput(
            #"""
            import Combine
            import Foundation
            var bag = Set<AnyCancellable>()
            var ticks = 0
            Timer.publish(every: 0.5, on: .main, in: .common)
                .autoconnect()
                .sink { _ in ticks += 1; print("tick", ticks) }
                .store(in: &bag)
            DispatchQueue.main.asyncAfter(deadline: .now() + 1.2) { print("ticks so far:", ticks) }
            """#,
            #"""
            tick 1
            tick 2
            ticks so far: 2
            tick 3

            """#)
    }

    /// asyncAfter with `.now() + 0.1`, `.now() + .milliseconds(300)`, global and serial queues: deadline order.
    @Test func asyncAfterRunsInDeadlineOrderAcrossQueues() {
        expectOracleOutput(
            #"""
            import Combine
            import Foundation
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { print("300 ms") }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { print("0.1 s") }
            DispatchQueue.main.asyncAfter(deadline: DispatchTime.now() + .seconds(1)) { print("1 s") }
            DispatchQueue.main.async { print("async") }
            DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + 0.2) { print("global 0.2 s") }
            let queue = DispatchQueue(label: "worker")
            queue.asyncAfter(deadline: .now() + 0.5) {
                print("worker 0.5 s")
                DispatchQueue.main.async { print("back on main") }
            }
            print("scheduled")
            """#,
            #"""
            scheduled
            async
            0.1 s
            global 0.2 s
            300 ms
            worker 0.5 s
            back on main
            1 s

            """#)
    }

    /// Work queued during the script: run loop blocks before the main queue, each in order.
    @Test func sameInstantWorkFollowsTheMainRunLoopsOrder() {
        expectOracleOutput(
            #"""
            import Combine
            import Foundation
            var bag = Set<AnyCancellable>()
            DispatchQueue.main.async { print("main queue") }
            RunLoop.main.perform { print("run loop block") }
            Just("x").receive(on: RunLoop.main).sink { print("receive(on: RunLoop.main)", $0) }.store(in: &bag)
            Just("y").receive(on: DispatchQueue.main).sink { print("receive(on: DispatchQueue.main)", $0) }.store(in: &bag)
            print("end of script")
            """#,
            #"""
            end of script
            run loop block
            receive(on: RunLoop.main) x
            main queue
            receive(on: DispatchQueue.main) y

            """#)
    }

    /// Background queues run on threads of their own in the compiled program, so their
    /// order against the script's main thread varies from run to run there. Here they run
    /// after the script, first among work due at the same instant, as if they had started
    /// at once; later work on any queue runs in deadline order.
    @Test func backgroundQueuesRunFirstAmongSameInstantWork() {
        expectDocumentedOutput(
            #"""
            import Combine
            import Foundation
            var bag = Set<AnyCancellable>()
            DispatchQueue.main.async { print("main queue") }
            RunLoop.main.perform { print("run loop block") }
            DispatchQueue.global().async { print("global queue") }
            let worker = DispatchQueue(label: "worker")
            worker.async { print("worker queue") }
            print("value from worker.sync:", worker.sync { 42 })
            Just("z").receive(on: DispatchQueue.global(qos: .background)).sink { print("received on a global queue", $0) }.store(in: &bag)
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { print("global at 0.2") }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { print("main at 0.1") }
            print("end of script")
            """#,
            #"""
            value from worker.sync: 42
            end of script
            global queue
            worker queue
            received on a global queue z
            run loop block
            main queue
            main at 0.1
            global at 0.2

            """#)
    }

    // MARK: - collect(.byTime) and collect(.byTimeOrCount)
    // OpenCombine 0.14.0 has no collect(byTime), so the oracle cannot compile these: the
    // expected output follows Combine's documentation (see Operators/CollectByTime.swift).

    @Test func collectByTimeSendsWhatEachIntervalCollected() {
        expectDocumentedOutput(
            #"""
            import Combine
            import Foundation
            var bag = Set<AnyCancellable>()
            let subject = PassthroughSubject<Int, Never>()
            subject
                .collect(.byTime(DispatchQueue.main, .milliseconds(250)))
                .sink(receiveCompletion: { print("byTime:", $0) }, receiveValue: { print("byTime", $0) })
                .store(in: &bag)
            for (time, value) in [(0.1, 1), (0.2, 2), (0.3, 3), (0.4, 4), (0.6, 5)] {
                DispatchQueue.main.asyncAfter(deadline: .now() + time) { print("send", value); subject.send(value) }
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.7) { subject.send(completion: .finished) }
            """#,
            #"""
            send 1
            send 2
            byTime [1, 2]
            send 3
            send 4
            byTime [3, 4]
            send 5
            byTime [5]
            byTime: finished

            """#)
    }

    /// A full buffer goes at once; the tick sends a partial one; an unlimited sink makes
    /// the operator ask its upstream for unlimited values.
    @Test func collectByTimeOrCountSendsFullGroupsAtOnce() {
        expectDocumentedOutput(
            #"""
            import Combine
            import Foundation
            var bag = Set<AnyCancellable>()
            let subject = PassthroughSubject<Int, Never>()
            subject
                .print("upstream")
                .collect(.byTimeOrCount(RunLoop.main, .seconds(1), 2))
                .sink(receiveCompletion: { print("byTimeOrCount:", $0) }, receiveValue: { print("byTimeOrCount", $0) })
                .store(in: &bag)
            for (time, value) in [(0.1, 1), (0.2, 2), (0.3, 3), (1.2, 4), (1.3, 5)] {
                DispatchQueue.main.asyncAfter(deadline: .now() + time) { subject.send(value) }
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + 1.4) { subject.send(completion: .finished) }
            """#,
            #"""
            upstream: receive subscription: (PassthroughSubject)
            upstream: request unlimited
            upstream: receive value: (1)
            upstream: request max: (0) (synchronous)
            upstream: receive value: (2)
            byTimeOrCount [1, 2]
            upstream: request max: (0) (synchronous)
            upstream: receive value: (3)
            upstream: request max: (0) (synchronous)
            byTimeOrCount [3]
            upstream: receive value: (4)
            upstream: request max: (0) (synchronous)
            upstream: receive value: (5)
            byTimeOrCount [4, 5]
            upstream: request max: (0) (synchronous)
            upstream: receive finished
            byTimeOrCount: finished

            """#)
    }

    /// Demand is honoured: `count` values asked per group wanted; a group (and the
    /// completion behind it) waits for demand.
    @Test func collectByTimeHonoursDemand() {
        expectDocumentedOutput(
            #"""
            import Combine
            import Foundation
            final class OneGroupAtATime: Subscriber {
                typealias Input = [Int]
                typealias Failure = Never
                var subscription: Subscription?
                func receive(subscription: Subscription) {
                    self.subscription = subscription
                    subscription.request(.max(1))
                }
                func receive(_ input: [Int]) -> Subscribers.Demand {
                    print("group", input)
                    return .none
                }
                func receive(completion: Subscribers.Completion<Never>) {
                    print("completion", completion)
                }
            }
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = OneGroupAtATime()
            subject
                .print("upstream")
                .collect(.byTimeOrCount(DispatchQueue.main, .milliseconds(500), 3))
                .subscribe(subscriber)
            subject.send(1)
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { subject.send(2); subject.send(3); subject.send(4) }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { print("upstream finishes"); subject.send(completion: .finished) }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.9) {
                print("asking for another group")
                subscriber.subscription?.request(.max(1))
            }
            """#,
            #"""
            upstream: receive subscription: (PassthroughSubject)
            upstream: request max: (3)
            upstream: receive value: (1)
            upstream: request max: (0) (synchronous)
            group [1]
            upstream: receive value: (2)
            upstream: request max: (0) (synchronous)
            upstream: receive value: (3)
            upstream: request max: (0) (synchronous)
            upstream finishes
            upstream: receive finished
            asking for another group
            group [2, 3]
            completion finished

            """#)
    }

    @Test func collectCountStillWorksBesideCollectByTime() {
        expectDocumentedOutput(
            #"""
            import Combine
            let c = [1, 2, 3, 4, 5].publisher.collect(2).sink { print($0) }
            """#,
            #"""
            [1, 2]
            [3, 4]
            [5]

            """#)
    }

    func expectDocumentedOutput(
        _ source: String, _ expected: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        expectOracleOutput(source, expected, sourceLocation: sourceLocation)
    }

    // MARK: - Mistakes become script errors

    @Test func mistakesAreScriptErrorsNotCrashes() {
        let zeroCount = runScript(
            """
            import Combine
            import Foundation
            let p = PassthroughSubject<Int, Never>()
            let c = p.collect(.byTimeOrCount(DispatchQueue.main, .seconds(1), 0)).sink { print($0) }
            """)
        #expect(zeroCount.error?.message == "byTimeOrCount's count must be at least 1 (got 0)")
        let zeroInterval = runScript(
            """
            import Combine
            import Foundation
            let p = PassthroughSubject<Int, Never>()
            let c = p.collect(.byTime(RunLoop.main, 0)).sink { print($0) }
            """)
        #expect(zeroInterval.error?.message == "collect's interval must be longer than zero")
        let deadlock = runScript(
            """
            import Foundation
            print("before")
            DispatchQueue.main.sync { print("never") }
            """)
        #expect(deadlock.output == "before\n")
        #expect(deadlock.error?.message == "DispatchQueue.main.sync from the main thread never returns")
        let notAScheduler = runScript(
            """
            import Combine
            let c = Just(1).delay(for: .seconds(1), scheduler: "main").sink { print($0) }
            """)
        #expect(notAScheduler.error?.message == "String is not a scheduler this interpreter can run")
    }

    /// An error in scheduled work stops the input, with what was printed before it.
    @Test func anErrorInScheduledWorkStopsTheRun() {
        let result = runScript(
            """
            import Foundation
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
                print("first")
                let items = [1]
                print(items[2])
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { print("second") }
            """)
        #expect(result.output == "first\n")
        #expect(result.error?.message == "index out of range: 2 is not in 0..<1")
    }

    // MARK: - The REPL's controls

    /// `:advance`: with the end-of-input drain off, time moves only when asked, and the
    /// tracer can read it.
    @Test func theREPLStepsTimeByHand() {
        let steps = LargeStack.run { () -> [String] in
            var output = ""
            let environment = ScriptEnvironment { output += $0 }
            environment.bridge.clock.endOfInput = .runDueOnly
            var steps: [String] = []
            do {
                try environment.interpreter.run(
                    source: """
                        import Combine
                        import Foundation
                        var bag = Set<AnyCancellable>()
                        Just(1).delay(for: .milliseconds(300), scheduler: DispatchQueue.main)
                            .sink { print("delayed", $0) }.store(in: &bag)
                        Just(2).receive(on: RunLoop.main).sink { print("received", $0) }.store(in: &bag)
                        print("script")
                        """)
                steps.append(output)
                try environment.bridge.advanceTime(by: .milliseconds(299))
                steps.append("\(output)| now \(environment.bridge.clock.nowMilliseconds)")
                let report = try environment.bridge.advanceTime(by: try #require(VirtualClock.parseDuration("1ms")))
                steps.append(
                    "\(output)| now \(VirtualClock.format(environment.bridge.virtualNow)), ran \(report.actionsRun)")
                try environment.interpreter.run(source: "bag.removeAll()\nprint(\"later\")")
                steps.append(output)
            } catch {
                steps.append("error: \(error)")
            }
            return steps
        }
        #expect(
            steps == [
                "script\nreceived 2\n",
                "script\nreceived 2\n| now 299.0",
                "script\nreceived 2\ndelayed 1\n| now 300ms, ran 2",
                "script\nreceived 2\ndelayed 1\nlater\n",
            ])
    }
}
