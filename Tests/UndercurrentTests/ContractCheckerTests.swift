import Testing
import UndercurrentSession
import UndercurrentTrace

/// For each contract rule: a script whose subscription or subscriber breaks it (the
/// violation, where it is in the trace, its message) and a well-behaved counterpart.
@Suite struct ContractCheckerTests {
    /// A publisher whose subscription respects demand and lets go on cancel, and a
    /// subscriber that asks for `demand` values.
    static let prelude = """
        import Combine
        import Foundation

        struct Numbers: Publisher {
            typealias Output = Int
            typealias Failure = Never
            let count: Int
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: NumbersSubscription(count: count, subscriber: subscriber))
            }
        }

        final class NumbersSubscription<S: Subscriber>: Subscription where S.Input == Int {
            private var subscriber: S?
            private var next = 1
            private let count: Int
            init(count: Int, subscriber: S) { self.count = count; self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                var remaining = demand
                while remaining > .none, next <= count, let subscriber {
                    remaining -= 1
                    let value = next
                    next += 1
                    remaining += subscriber.receive(value)
                }
                if next > count, let subscriber { self.subscriber = nil; subscriber.receive(completion: .finished) }
            }
            func cancel() { subscriber = nil }
        }

        final class Take: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            let demand: Int
            init(_ demand: Int) { self.demand = demand }
            func receive(subscription: Subscription) { subscription.request(.max(demand)) }
            func receive(_ input: Int) -> Subscribers.Demand { .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }

        /// Takes everything and cancels when it sees `stop`.
        final class Quitter: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            let stop: Int
            init(stop: Int) { self.stop = stop }
            func receive(subscription: Subscription) { self.subscription = subscription; subscription.request(.unlimited) }
            func receive(_ input: Int) -> Subscribers.Demand {
                if input == stop { subscription?.cancel(); subscription = nil }
                return .none
            }
            func receive(completion: Subscribers.Completion<Never>) {}
        }

        """

    static func check(_ body: String) -> CheckedRun {
        CheckedRun.run(prelude + body)
    }

    // MARK: - §1.1

    static let greedy = """
        final class GreedySubscription<S: Subscriber>: Subscription where S.Input == Int {
            private var subscriber: S?
            init(subscriber: S) { self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                guard let subscriber else { return }
                for value in 1...3 { _ = subscriber.receive(value) }
            }
            func cancel() { subscriber = nil }
        }
        struct Greedy: Publisher {
            typealias Output = Int
            typealias Failure = Never
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: GreedySubscription(subscriber: subscriber))
            }
        }
        Greedy().subscribe(Take(1))
        """

    @Test func valueWithNoOutstandingDemandIsFlagged() {
        let run = Self.check(Self.greedy)
        #expect(run.diagnostic == nil)
        #expect(run.violations.map(\.sequence) == [5, 6])
        let first = run.violations.first
        #expect(first?.rule == .valueWithoutDemand)
        #expect(first?.rule.section == "§1.1")
        #expect(first?.severity == .error)
        #expect(
            first?.message == "GreedySubscription#1 sent 2 to Take#1, which had no outstanding demand (demand 0); "
                + "a publisher sends only what was requested")
        #expect(run.event(5)?.argument == "2")
        #expect(run.event(5)?.violations == [first].compactMap { $0 })
        #expect(run.event(6)?.violations.first?.message.contains("(demand -1)") == true)
        #expect(run.event(4)?.violations.isEmpty == true)
    }

    @Test func valuesWithinDemandAreNotFlagged() {
        let run = Self.check("Numbers(count: 3).subscribe(Take(1))\nNumbers(count: 2).subscribe(Take(5))")
        #expect(run.diagnostic == nil)
        #expect(run.violations.isEmpty)
        #expect(run.calls.contains { $0.kind == .receiveCompletion })
    }

    // MARK: - §1.7

    static let sloppy = """
        struct Sloppy: Publisher {
            typealias Output = Int
            typealias Failure = Never
            let completeTwice: Bool
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                if completeTwice {
                    subscriber.receive(completion: .finished)
                } else {
                    _ = subscriber.receive(1)
                }
            }
        }

        """

    @Test func valueAfterCompletionIsFlagged() {
        let run = Self.check(Self.sloppy + "Sloppy(completeTwice: false).subscribe(Take(5))")
        #expect(run.diagnostic == nil)
        #expect(run.violations.count == 1)
        let violation = run.violations.first
        #expect(violation?.rule == .signalAfterCompletion)
        #expect(violation?.sequence == 5)
        #expect(run.event(5)?.kind == .receiveValue)
        #expect(
            violation?.message
                == "Take#1 received the value 1 after its completion (#4); nothing may follow a completion")
        #expect(violation?.headline.hasPrefix("§1.7 a signal after completion: ") == true)
    }

    /// The checker reuses what it found for a value for the next one to the same subscriber
    /// while nothing but demand changed (`ContractChecker.delivery`); a completion in between
    /// changes the subscriber's state, and the value after it is still flagged.
    static let talkative = """
        final class TalkativeSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
            private let subscriber: S
            init(subscriber: S) { self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                _ = subscriber.receive(1)
                _ = subscriber.receive(2)
                subscriber.receive(completion: .finished)
                _ = subscriber.receive(3)
            }
            func cancel() {}
        }
        struct Talkative: Publisher {
            typealias Output = Int
            typealias Failure = Never
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: TalkativeSubscription(subscriber: subscriber))
            }
        }
        Talkative().subscribe(Take(5))
        """

    @Test func valueAfterCompletionInOneRequestLoopIsFlagged() {
        let run = Self.check(Self.talkative)
        #expect(run.diagnostic == nil)
        // #3 request, #4 receive(1), #5 receive(2), #6 completion, #7 receive(3).
        #expect(run.event(6)?.kind == .receiveCompletion)
        #expect(run.violations.map(\.sequence) == [7])
        #expect(run.violations.first?.rule == .signalAfterCompletion)
        #expect(
            run.violations.first?.message
                == "Take#1 received the value 3 after its completion (#6); nothing may follow a completion")
        // Each value before it spent one of the five requested.
        #expect(run.event(4)?.ledger?.after == .count(4))
        #expect(run.event(5)?.ledger?.after == .count(3))
    }

    @Test func secondCompletionIsFlagged() {
        let run = Self.check(Self.sloppy + "Sloppy(completeTwice: true).subscribe(Take(5))")
        #expect(run.violations.count == 1)
        let violation = run.violations.first
        #expect(violation?.rule == .completionTwice)
        #expect(violation?.sequence == 5)
        #expect(run.event(5)?.kind == .receiveCompletion)
        #expect(
            violation?.message
                == "Take#1 received a second completion (the first was #4); a publisher completes at most once")
    }

    @Test func oneCompletionIsNotFlagged() {
        let run = Self.check("Numbers(count: 2).subscribe(Take(3))")
        #expect(run.calls.filter { $0.kind == .receiveCompletion }.count == 1)
        #expect(run.violations.isEmpty)
    }

    // MARK: - §1.8

    static let leaky = """
        final class LeakySubscription<S: Subscriber>: Subscription where S.Input == Int {
            private var subscriber: S?
            init(subscriber: S) { self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                guard let subscriber else { return }
                for value in 1...3 { _ = subscriber.receive(value) }
            }
            func cancel() { subscriber = nil }
        }
        struct Leaky: Publisher {
            typealias Output = Int
            typealias Failure = Never
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: LeakySubscription(subscriber: subscriber))
            }
        }
        Leaky().subscribe(Quitter(stop: 2))
        """

    @Test func valueInTheSameCallStackAfterCancelIsAnError() {
        let run = Self.check(Self.leaky)
        #expect(run.diagnostic == nil)
        // #3 request, #4 receive(1), #5 receive(2), #6 cancel, #7 receive(3).
        #expect(run.event(6)?.kind == .cancel)
        #expect(run.violations.map(\.sequence) == [7])
        let violation = run.violations.first
        #expect(violation?.rule == .signalAfterCancel)
        #expect(violation?.rule.section == "§1.8")
        #expect(violation?.severity == .error)
        #expect(
            violation?.message == "Quitter#1 received the value 3 after LeakySubscription#1 was cancelled (#6), "
                + "in the same call stack: the subscription must stop sending once cancel() is called")
    }

    static let late = """
        final class LateSubscription<S: Subscriber>: Subscription where S.Input == Int {
            private var subscriber: S?
            init(subscriber: S) { self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                guard let subscriber else { return }
                for value in 1...3 {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.01 * Double(value)) { _ = subscriber.receive(value) }
                }
            }
            func cancel() { subscriber = nil }
        }
        struct Late: Publisher {
            typealias Output = Int
            typealias Failure = Never
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: LateSubscription(subscriber: subscriber))
            }
        }
        Late().subscribe(Quitter(stop: 1))
        """

    @Test func valueScheduledBeforeCancelIsAWarning() {
        let run = Self.check(Self.late)
        #expect(run.diagnostic == nil)
        // #3 request; later #4 receive(1), #5 cancel, #6 the subscription's deinit;
        // #7 receive(2) and #8 receive(3), each on its own.
        #expect(run.event(5)?.kind == .cancel)
        #expect(run.violations.map(\.sequence) == [7, 8])
        #expect(run.violations.allSatisfy { $0.rule == .signalAfterCancel && $0.severity == .warning })
        #expect(run.event(7)?.depth == 0)
        #expect(
            run.violations.first?.message
                == "Quitter#1 received the value 2 after LateSubscription#1 was cancelled (#5); "
                + "it came in a later call stack (as work already scheduled on a queue does), which the contract "
                + "tolerates for signals already on their way, but the subscription should drop them")
    }

    /// A request made after the cancel, which the subscription still serves: synchronous,
    /// and an error (a cancelled subscription must ignore requests), not "later".
    @Test func aValueServedByARequestAfterCancelIsAnError() {
        let run = Self.check(
            """
            final class Deaf<S: Subscriber>: Subscription where S.Input == Int {
                private var subscriber: S?
                private var next = 1
                init(subscriber: S) { self.subscriber = subscriber }
                func request(_ demand: Subscribers.Demand) {
                    guard let subscriber else { return }
                    _ = subscriber.receive(next)
                    next += 1
                }
                func cancel() {}
            }
            struct Ignoring: Publisher {
                typealias Output = Int
                typealias Failure = Never
                func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                    subscriber.receive(subscription: Deaf(subscriber: subscriber))
                }
            }
            final class Holder: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                var subscription: Subscription?
                func receive(subscription: Subscription) { self.subscription = subscription }
                func receive(_ input: Int) -> Subscribers.Demand { .none }
                func receive(completion: Subscribers.Completion<Never>) {}
            }
            let holder = Holder()
            Ignoring().subscribe(holder)
            holder.subscription?.request(.max(1))
            holder.subscription?.cancel()
            holder.subscription?.request(.max(1))
            """)
        let afterCancel = run.violations.filter { $0.rule == .signalAfterCancel }
        #expect(afterCancel.count == 1)
        #expect(afterCancel.first?.severity == .error)
        #expect(
            afterCancel.first?.message
                == "Holder#1 received the value 2 after Deaf#1 was cancelled (#5), from a request(_:) made after the cancel: "
                + "once cancelled, a subscription must ignore requests")
    }

    @Test func subscriptionThatStopsOnCancelIsNotFlagged() {
        let run = Self.check("Numbers(count: 5).subscribe(Quitter(stop: 2))")
        #expect(run.calls.contains { $0.kind == .cancel })
        #expect(run.calls.filter { $0.kind == .receiveValue }.count == 2)
        #expect(run.violations.isEmpty)
    }

    // MARK: - §1.9

    @Test func valueBeforeTheSubscriptionIsFlagged() {
        let run = Self.check(
            """
            struct Hasty: Publisher {
                typealias Output = Int
                typealias Failure = Never
                func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                    _ = subscriber.receive(0)
                    subscriber.receive(subscription: NumbersSubscription(count: 1, subscriber: subscriber))
                }
            }
            Hasty().subscribe(Take(1))
            """)
        #expect(run.diagnostic == nil)
        #expect(run.violations.count == 1)
        let violation = run.violations.first
        #expect(violation?.rule == .signalBeforeSubscription)
        #expect(violation?.rule.section == "§1.9")
        #expect(violation?.sequence == 2)
        #expect(run.event(2)?.kind == .receiveValue)
        #expect(
            violation?.message == "Take#1 received the value 0 before receive(subscription:); "
                + "a publisher hands over the subscription first")
    }

    @Test func subscriptionFirstIsNotFlagged() {
        let run = Self.check("Numbers(count: 1).subscribe(Take(1))")
        #expect(run.calls.map(\.kind).prefix(3) == [.subscribe, .receiveSubscription, .request])
        #expect(run.violations.isEmpty)
    }

    // MARK: - §2.5

    static let twice = """
        struct Twice: Publisher {
            typealias Output = Int
            typealias Failure = Never
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: NumbersSubscription(count: 2, subscriber: subscriber))
                subscriber.receive(subscription: NumbersSubscription(count: 2, subscriber: subscriber))
            }
        }
        /// Keeps the last subscription it was given and asks it for a value.
        final class Naive: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            func receive(subscription: Subscription) {
                self.subscription = subscription
                subscription.request(.max(1))
            }
            func receive(_ input: Int) -> Subscribers.Demand { .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        final class Careful: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            func receive(subscription: Subscription) {
                if self.subscription != nil {
                    subscription.cancel()
                    return
                }
                self.subscription = subscription
                subscription.request(.max(1))
            }
            func receive(_ input: Int) -> Subscribers.Demand { .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }

        """

    @Test func secondSubscriptionNotCancelledIsFlagged() {
        let run = Self.check(Self.twice + "Twice().subscribe(Naive())")
        #expect(run.diagnostic == nil)
        // #2 first subscription, #3 request, #4 receive(1), #5 second subscription.
        #expect(run.event(5)?.kind == .receiveSubscription)
        #expect(run.violations.map(\.sequence) == [5])
        let violation = run.violations.first
        #expect(violation?.rule == .secondSubscription)
        #expect(violation?.rule.section == "§2.5")
        #expect(
            violation?.message
                == "Naive#1 already had NumbersSubscription#1 and did not cancel the second subscription "
                + "NumbersSubscription#2; a subscriber with an active subscription must cancel any other it receives")
    }

    @Test func subscriberWhoseFirstSubscriptionWentAwayMayTakeASecond() {
        // Take keeps no subscription: the first one is gone (deinit) before the second comes.
        let run = Self.check(Self.twice + "Twice().subscribe(Take(1))")
        #expect(
            run.calls.map(\.kind).prefix(6) == [
                .subscribe, .receiveSubscription, .request, .receiveValue,
                .deinitialize, .receiveSubscription,
            ])
        #expect(run.violations.isEmpty)
    }

    @Test func subscriberThatCancelsTheSecondSubscriptionIsNotFlagged() {
        let run = Self.check(Self.twice + "Twice().subscribe(Careful())")
        #expect(run.diagnostic == nil)
        #expect(run.calls.contains { $0.kind == .cancel && $0.target == "NumbersSubscription#2" })
        #expect(run.violations.isEmpty)
    }

    // MARK: - §3.3

    static let eager = """
        /// Delivers a value from within each request: the subscriber's next request recurses.
        final class EagerSubscription<S: Subscriber>: Subscription where S.Input == Int {
            private var subscriber: S?
            private var next = 1
            init(subscriber: S) { self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                guard let subscriber, next <= 30 else { return }
                let value = next
                next += 1
                _ = subscriber.receive(value)
            }
            func cancel() { subscriber = nil }
        }
        /// Notes demand while it delivers, so a request from within receive(_:) does not recurse.
        final class LoopingSubscription<S: Subscriber>: Subscription where S.Input == Int {
            private var subscriber: S?
            private var next = 1
            private var pending = Subscribers.Demand.none
            private var delivering = false
            init(subscriber: S) { self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                pending += demand
                if delivering { return }
                delivering = true
                while pending > .none, next <= 30, let subscriber {
                    pending -= 1
                    let value = next
                    next += 1
                    let more = subscriber.receive(value)
                    pending += more
                }
                delivering = false
            }
            func cancel() { subscriber = nil }
        }
        struct Source: Publisher {
            typealias Output = Int
            typealias Failure = Never
            let eager: Bool
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                if eager {
                    subscriber.receive(subscription: EagerSubscription(subscriber: subscriber))
                } else {
                    subscriber.receive(subscription: LoopingSubscription(subscriber: subscriber))
                }
            }
        }
        /// Asks for one more value from within receive(_:).
        final class OneByOne: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            func receive(subscription: Subscription) { self.subscription = subscription; subscription.request(.max(1)) }
            func receive(_ input: Int) -> Subscribers.Demand { subscription?.request(.max(1)); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }

        """

    @Test func unboundedReentrancyIsFlaggedOnce() {
        let run = Self.check(Self.eager + "Source(eager: true).subscribe(OneByOne())")
        #expect(run.diagnostic == nil)
        // request k is event 2k + 1; the 17th is 16 requests deep.
        #expect(run.violations.map(\.sequence) == [35])
        let violation = run.violations.first
        #expect(violation?.rule == .unboundedReentrancy)
        #expect(violation?.rule.section == "§3.3")
        #expect(run.event(35)?.kind == .request)
        #expect(run.event(35)?.depth == 34)
        #expect(
            violation?.message.hasPrefix(
                "request(_:) on EagerSubscription#1 is re-entered 17 calls deep "
                    + "(request → receive → request …)") == true)
    }

    @Test func demandNotedWhileDeliveringIsNotFlagged() {
        let run = Self.check(Self.eager + "Source(eager: false).subscribe(OneByOne())")
        #expect(run.diagnostic == nil)
        #expect(run.calls.filter { $0.kind == .receiveValue }.count == 30)
        #expect(run.violations.isEmpty)
        // Combine's own sequence publisher does the same.
        let engine = Self.check(Self.eager + "(1...30).publisher.subscribe(OneByOne())")
        #expect(engine.calls.filter { $0.kind == .receiveValue }.count == 30)
        #expect(engine.violations.isEmpty)
    }

    // MARK: - §3.9

    static let asksForNothing = """
        final class AsksForNothing: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            func receive(subscription: Subscription) {
                subscription.request(.none)
                subscription.request(.max(1))
            }
            func receive(_ input: Int) -> Subscribers.Demand { .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }

        """

    @Test func requestNoneOnAScriptSubscriptionIsFlagged() {
        let run = Self.check(Self.asksForNothing + "Numbers(count: 2).subscribe(AsksForNothing())")
        #expect(run.diagnostic == nil)
        #expect(run.event(3)?.kind == .request)
        #expect(run.event(3)?.argument == ".none")
        #expect(run.violations.map(\.sequence) == [3])
        let violation = run.violations.first
        #expect(violation?.rule == .requestNone)
        #expect(violation?.rule.section == "§3.9")
        #expect(
            violation?.message == "NumbersSubscription#1 was asked for .none; a subscriber asks for at least one value "
                + "(Combine stops the program on request(.none))")
        // The request after it is fine.
        #expect(run.event(4)?.argument == ".max(1)")
        #expect(run.event(4)?.violations.isEmpty == true)
    }

    @Test func requestNoneOnAnEngineSubscriptionStaysAnError() {
        let run = Self.check(Self.asksForNothing + "[1, 2].publisher.subscribe(AsksForNothing())")
        #expect(run.diagnostic?.contains("request(.none) is not allowed") == true)
    }

    @Test func requestingSomethingIsNotFlagged() {
        let run = Self.check("Numbers(count: 2).subscribe(Take(1))")
        #expect(run.calls.filter { $0.kind == .request }.map(\.argument) == [".max(1)"])
        #expect(run.violations.isEmpty)
    }

    // MARK: - §3.13

    static let clingy = """
        final class ClingySubscription<S: Subscriber>: Subscription where S.Input == Int {
            private var subscriber: S?
            private var next = 1
            init(subscriber: S) { self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                var remaining = demand
                while remaining > .none, next <= 5, let subscriber {
                    remaining -= 1
                    let value = next
                    next += 1
                    remaining += subscriber.receive(value)
                    if cancelled { return }
                }
            }
            private var cancelled = false
            func cancel() { cancelled = true }
        }
        struct Clingy: Publisher {
            typealias Output = Int
            typealias Failure = Never
            func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: ClingySubscription(subscriber: subscriber))
            }
        }
        Clingy().subscribe(Quitter(stop: 2))
        """

    @Test func subscriptionKeepingItsSubscriberAfterCancelIsFlagged() {
        let run = Self.check(Self.clingy)
        #expect(run.diagnostic == nil)
        #expect(run.event(6)?.kind == .cancel)
        #expect(run.violations.map(\.sequence) == [6])
        let violation = run.violations.first
        #expect(violation?.rule == .subscriberKeptAfterCancel)
        #expect(violation?.rule.section == "§3.13")
        #expect(
            violation?.message
                == "ClingySubscription#1 still holds its subscriber Quitter#1 in `subscriber` after cancel(); "
                + "let go of it in cancel() (for example `subscriber = nil`) so it can go away")
        #expect(run.event(6)?.violations == [violation].compactMap { $0 })
    }

    @Test func subscriptionLettingGoOnCancelIsNotFlagged() {
        let run = Self.check("Numbers(count: 5).subscribe(Quitter(stop: 2))")
        #expect(run.violations.isEmpty)
        // The check holds nothing: the subscriber goes away as it would untraced.
        #expect(run.calls.contains { $0.kind == .deinitialize && $0.target == "Quitter#1" })
    }

    // MARK: - The trace and the summary

    @Test func violationsAppearUnderTheirCallAndInTheSummary() {
        let lines = TraceRenderer().render(Self.check(Self.greedy).events)
        let index = lines.firstIndex { $0.hasPrefix("#5 ") }
        #expect(index != nil)
        if let index {
            #expect(
                lines[index + 1].trimmingCharacters(in: .whitespaces)
                    .hasPrefix("│     │  ✗ §1.1 more values than requested: GreedySubscription#1 sent 2 to Take#1"))
        }
        let summary = ContractSummary.render(Self.check(Self.greedy).violations)
        #expect(summary.first == "Contract check: 2 errors")
        #expect(summary[1].hasPrefix("  #5    error    §1.1 more values than requested: "))
    }

    @Test func checkerCanBeTurnedOff() {
        let shown = runSession([":check off", Self.prelude + Self.greedy], trace: true)
        #expect(!shown[1].contains("§1.1"))
        let on = runSession([Self.prelude + Self.greedy, ":check"], trace: true)
        #expect(on[0].contains("Contract check: 2 errors"))
        #expect(on[1].hasPrefix("Contract check: 2 errors"))
    }
}
