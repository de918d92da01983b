import OpenCombine

/// `throttle(for:scheduler:latest:)` as Apple's Combine runs it. OpenCombine 0.14.0's
/// `Publishers.Throttle` asks its upstream for `.unlimited` *before* handing its
/// subscription downstream, so a value the upstream sends at once on that request (a
/// `@Published` property's current value, a `CurrentValueSubject`'s) arrives while the
/// downstream has demanded nothing, and is dropped. Apple's sends it: the *Using Combine*
/// book's `testThrottleLatestFalse` and `testThrottleLatestTrue`
/// (UsingCombineTests/DebounceAndRemoveDuplicatesPublisherTests.swift, run on Apple's
/// Combine) expect `[-1, 1, 3, 6]` and `[-1, 2, 5, 6]` from `$intValue` starting at -1.
///
/// The rules are OpenCombine's, which its compatibility tests (ThrottleTests, run against
/// Apple's Combine too) pin down, with that one order changed:
///
/// - Subscribing: the downstream receives this subscription first; then the upstream is
///   asked for `.unlimited` (Apple asks for it even when the downstream requests nothing).
/// - A value that arrives while the downstream has no demand is dropped.
/// - Otherwise, when no emission is scheduled, the value is scheduled: at once if the last
///   emission was at least `interval` ago (or there was none), else at the last emission
///   plus `interval`. One unit of demand is spent when it is scheduled.
/// - While an emission is scheduled, a value replaces the scheduled one when `latest` is
///   true and is dropped when it is false.
/// - A completion is sent with the scheduled value if there is one, else scheduled at once.
/// - The demand the downstream returns for a value is added to its demand.
///
/// Everything runs on the interpreter's one thread, so there are no locks.
extension Publishers {
    /// A publisher that publishes either the most-recent or first element published by the
    /// upstream publisher in a specified time interval (Combine's `Publishers.Throttle`).
    public struct SubscribedThrottle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool
        /// Told of each value the throttle lets go, for the trace.
        public weak var reporter: DiscardReporter?

        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool,
            reporter: DiscardReporter? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
            self.reporter = reporter
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let inner = Inner(downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest)
            inner.reporter = reporter
            upstream.subscribe(inner)
        }
    }
}

extension Publisher {
    /// Combine's `throttle(for:scheduler:latest:)`, handing its subscription downstream
    /// before asking the upstream for values.
    public func subscribedThrottle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool, reporter: DiscardReporter? = nil
    ) -> Publishers.SubscribedThrottle<Self, S> {
        Publishers.SubscribedThrottle(
            upstream: self, interval: interval, scheduler: scheduler, latest: latest, reporter: reporter)
    }
}

extension Publishers.SubscribedThrottle {
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription(Downstream)
            case subscribed(Subscription, Downstream)
            /// The upstream completed; the completion waits for its scheduled emission.
            case pendingTerminal(Subscription, Downstream)
            case terminal
        }

        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let latest: Bool
        private var state: State
        private var demand = Subscribers.Demand.none
        private var lastEmissionTime: Context.SchedulerTimeType?
        private var pendingInput: Input?
        private var pendingCompletion: Subscribers.Completion<Failure>?
        weak var reporter: DiscardReporter?

        init(downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            state = .awaitingSubscription(downstream)
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        var description: String { "Throttle" }
        var playgroundDescription: Any { description }
        var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

        func receive(subscription: Subscription) {
            guard case .awaitingSubscription(let downstream) = state else {
                subscription.cancel()
                return
            }
            state = .subscribed(subscription, downstream)
            downstream.receive(subscription: self)
            // The downstream may have cancelled from within receive(subscription:).
            guard case .subscribed = state else { return }
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard case .subscribed = state else { return .none }
            let now = scheduler.now
            guard demand > .none else { return .none }
            let hasScheduledOutput = pendingInput != nil || pendingCompletion != nil
            if hasScheduledOutput {
                // One value per interval: the newer replaces the waiting one, or is let go.
                if latest {
                    if let replaced = pendingInput { reporter?.discarded(replaced, by: self) }
                    pendingInput = input
                } else {
                    reporter?.discarded(input, by: self)
                }
                return .none
            }
            let earliest = lastEmissionTime.map { $0.advanced(by: interval) }
            let emissionTime = earliest.map { Swift.max(now, $0) } ?? now
            demand -= 1
            pendingInput = input
            if emissionTime == now {
                scheduler.schedule { [weak self] in self?.scheduledEmission() }
            } else {
                scheduler.schedule(after: emissionTime) { [weak self] in self?.scheduledEmission() }
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard case .subscribed(let subscription, let downstream) = state else { return }
            state = .pendingTerminal(subscription, downstream)
            let hasScheduledOutput = pendingInput != nil || pendingCompletion != nil
            guard !hasScheduledOutput else {
                if pendingCompletion == nil { pendingCompletion = completion }
                return
            }
            pendingCompletion = completion
            scheduler.schedule { [weak self] in self?.scheduledEmission() }
        }

        private func scheduledEmission() {
            let downstream: Downstream
            switch state {
            case .awaitingSubscription, .terminal:
                return
            case .subscribed(_, let found), .pendingTerminal(_, let found):
                downstream = found
            }
            if pendingInput != nil && pendingCompletion == nil {
                lastEmissionTime = scheduler.now
            }
            let input = pendingInput
            let completion = pendingCompletion
            pendingInput = nil
            pendingCompletion = nil
            if completion != nil { state = .terminal }
            let additional = input.map { downstream.receive($0) } ?? .none
            if let completion { downstream.receive(completion: completion) }
            if additional > .none { demand += additional }
        }

        func request(_ demand: Subscribers.Demand) {
            guard demand > .none, case .subscribed = state else { return }
            self.demand += demand
        }

        func cancel() {
            let subscription: Subscription?
            switch state {
            case .subscribed(let existing, _), .pendingTerminal(let existing, _): subscription = existing
            case .awaitingSubscription, .terminal: subscription = nil
            }
            state = .terminal
            pendingInput = nil
            pendingCompletion = nil
            subscription?.cancel()
        }
    }
}
