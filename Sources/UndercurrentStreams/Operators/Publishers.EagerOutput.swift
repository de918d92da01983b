import OpenCombine

/// `prefix(_:)`, `output(at:)` and `output(in:)` as Apple's Combine runs them: Combine's
/// `Publishers.Output`, which finishes *as soon as* the last element of its range has been
/// delivered. OpenCombine 0.14.0's `Publishers.Output` sends `.finished` (and cancels the
/// upstream) only when the *next* upstream value arrives, so a `prefix(2)` on a subject
/// that never sends a third value never finishes there; Apple's does, right after the
/// second. The rules, from Apple's documentation of `output(in:)` ("Publishes elements
/// specified by their range in the sequence of published elements") and `prefix(_:)`
/// ("Republishes elements up to the specified maximum count"), from the published tests
/// that run against Apple's Combine (the *Using Combine* book's `SequentialOperatorTests`:
/// `testPrefix`, `testOutput`, `testOutputWithRange` expect the completion right after the
/// last element), and from OpenCombine's compatibility tests (`OutputTests`, which run on
/// both engines) for demand:
///
/// - Subscribing: the downstream receives this subscription; requests and cancels are
///   passed upstream unchanged.
/// - Values before the range are dropped, and each is replaced by asking the upstream for
///   one more (`.max(1)`), so the downstream's demand is not spent on them.
/// - Values in the range go downstream; the downstream's returned demand goes upstream.
///   Once the last one in the range has been delivered, the upstream is cancelled and the
///   downstream receives `.finished`, in that order, before the call returns.
/// - An empty range (`prefix(0)`) has no last element: the first value the upstream sends
///   cancels it and finishes, as in OpenCombine.
/// - An upstream completion before the end of the range is passed on.
///
/// Everything runs on the interpreter's one thread, so there are no locks.
extension Publishers {
    /// A publisher that publishes elements specified by a range in the sequence of
    /// published elements (Combine's `Publishers.Output`).
    public struct EagerOutput<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let range: CountableRange<Int>

        public init(upstream: Upstream, range: CountableRange<Int>) {
            precondition(range.lowerBound >= 0, "lowerBound must not be negative")
            self.upstream = upstream
            self.range = range
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, range: range))
        }
    }
}

extension Publisher {
    /// Combine's `prefix(_:)`, finishing right after the last element.
    public func eagerPrefix(_ maxLength: Int) -> Publishers.EagerOutput<Self> {
        eagerOutput(in: 0..<maxLength)
    }

    /// Combine's `output(in:)`, finishing right after the last element.
    public func eagerOutput(in range: CountableRange<Int>) -> Publishers.EagerOutput<Self> {
        Publishers.EagerOutput(upstream: self, range: range)
    }
}

extension Publishers.EagerOutput {
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription(Downstream)
            case subscribed(Subscription, Downstream)
            case terminal
        }

        private var state: State
        private var remainingUntilStart: Int
        private var remainingCount: Int

        init(downstream: Downstream, range: CountableRange<Int>) {
            state = .awaitingSubscription(downstream)
            remainingUntilStart = range.lowerBound
            remainingCount = range.count
        }

        var description: String { "Output" }
        var playgroundDescription: Any { description }
        var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

        func receive(subscription: Subscription) {
            guard case .awaitingSubscription(let downstream) = state else {
                subscription.cancel()
                return
            }
            state = .subscribed(subscription, downstream)
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard case .subscribed(_, let downstream) = state else { return .none }
            if remainingUntilStart > 0 {
                remainingUntilStart -= 1
                return .max(1)
            }
            guard remainingCount > 0 else {
                cancelUpstreamAndFinish()
                return .none
            }
            remainingCount -= 1
            let demand = downstream.receive(input)
            if remainingCount == 0 {
                cancelUpstreamAndFinish()
                return .none
            }
            return demand
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard case .subscribed(_, let downstream) = state else { return }
            state = .terminal
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            guard case .subscribed(let subscription, _) = state else { return }
            subscription.request(demand)
        }

        func cancel() {
            guard case .subscribed(let subscription, _) = state else { return }
            state = .terminal
            subscription.cancel()
        }

        private func cancelUpstreamAndFinish() {
            guard case .subscribed(let subscription, let downstream) = state else { return }
            state = .terminal
            subscription.cancel()
            downstream.receive(completion: .finished)
        }
    }
}
