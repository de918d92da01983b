import OpenCombine

/// The subscription every `CombineLatest` publisher (of two, three or four upstreams)
/// gives its subscriber. It subscribes to each upstream through a `CombineLatestSide`,
/// keeps the latest value of each, and sends the combined tuple downstream.
///
/// The rules follow Apple's documentation of `combineLatest(_:)` and the behaviour Apple's
/// Combine shows in OpenCombine's compatibility tests (which run against both engines):
///
/// - Subscribing: every upstream is subscribed first, in order; then the subscriber
///   receives this subscription. No upstream is asked for anything until the subscriber
///   requests.
/// - Demand: "The combined publisher passes through any requests to *all* upstream
///   publishers" — each `request(n)` is forwarded unchanged to every upstream that has
///   not finished. Downstream demand is counted here as well: "it still obeys the
///   demand-fulfilling rule of only sending the request amount downstream. If the demand
///   isn't `.unlimited`, it drops values from upstream publishers. It implements this by
///   using a buffer size of 1 for each upstream, and holds the most recent value in each
///   buffer." A value that arrives when the subscriber's demand is zero only replaces
///   that upstream's latest value: no tuple is sent for it, now or later.
/// - Values: nothing is sent until every upstream has produced a value; after that,
///   every upstream value (while demand remains) sends the tuple of latest values. The
///   demand the subscriber returns from `receive(_:)` is added to the count and handed
///   back to the upstream that produced the value.
/// - Re-entrancy: a value that an upstream sends while a tuple is being delivered
///   (the subscriber's code made it send) is stored as the latest but not sent.
/// - Finishing: "All upstream publishers need to finish for this publisher to finish."
///   An upstream that finishes without ever producing a value means no tuple can ever
///   be sent, but the publisher still waits for the others to finish (Apple does the
///   same: see `testAValueAfterAChildFinishedWithoutSurplus`).
/// - Failing: "If any of the combined publishers terminates with a failure, this
///   publisher also fails": at the first failure the other upstreams are cancelled (the
///   failed one is not) and the failure is sent downstream.
/// - A completion that happens while the subscriber is still receiving its subscription
///   is delivered right after `receive(subscription:)` returns.
///
/// Everything runs on one thread (the interpreter's), so there are no locks; re-entrant
/// calls are handled by the state flags instead.
final class CombineLatestInner<Output, Failure: Error, Downstream: Subscriber>
where Downstream.Input == Output, Downstream.Failure == Failure {
    private var downstream: Downstream?
    private let combine: ([Any]) -> Output
    private var latest: [Any?]
    private var subscriptions: [Subscription?]
    private var finished: [Bool]
    private var demand = Subscribers.Demand.none
    private var isSendingValue = false
    private var isTerminated = false
    private var hasSentSubscription = false
    private var pendingCompletion: Subscribers.Completion<Failure>?

    /// `combine` receives one latest value per upstream, in upstream order.
    init(downstream: Downstream, upstreamCount: Int, combine: @escaping ([Any]) -> Output) {
        self.downstream = downstream
        self.combine = combine
        latest = Array(repeating: nil, count: upstreamCount)
        subscriptions = Array(repeating: nil, count: upstreamCount)
        finished = Array(repeating: false, count: upstreamCount)
    }

    /// The subscriber for upstream number `index`.
    func side<Input>(_ index: Int, receiving: Input.Type = Input.self)
        -> CombineLatestSide<Input, Output, Failure, Downstream>
    {
        CombineLatestSide(index: index, inner: self)
    }

    /// Called once every upstream has been subscribed.
    func sendSubscriptionDownstream() {
        downstream?.receive(subscription: self)
        hasSentSubscription = true
        if let completion = pendingCompletion {
            pendingCompletion = nil
            deliver(completion)
        }
    }

    // MARK: - From the upstreams

    fileprivate func receive(subscription: Subscription, index: Int) {
        guard !isTerminated, subscriptions[index] == nil, !finished[index] else {
            subscription.cancel()
            return
        }
        subscriptions[index] = subscription
    }

    fileprivate func receive(_ input: Any, index: Int) -> Subscribers.Demand {
        guard !isTerminated, !finished[index] else { return .none }
        latest[index] = input
        guard !isSendingValue, demand > 0, let downstream else { return .none }
        var values: [Any] = []
        values.reserveCapacity(latest.count)
        for value in latest {
            guard let value else { return .none }
            values.append(value)
        }
        demand -= 1
        isSendingValue = true
        let additional = downstream.receive(combine(values))
        isSendingValue = false
        guard !isTerminated else { return .none }
        demand += additional
        return additional
    }

    fileprivate func receive(completion: Subscribers.Completion<Failure>, index: Int) {
        guard !isTerminated, !finished[index] else { return }
        switch completion {
        case .finished:
            finished[index] = true
            subscriptions[index] = nil
            guard finished.allSatisfy({ $0 }) else { return }
            terminate()
            deliver(.finished)
        case .failure:
            let others = subscriptions.enumerated().filter { $0.offset != index }.compactMap(\.element)
            terminate()
            for subscription in others { subscription.cancel() }
            deliver(completion)
        }
    }

    // MARK: - Helpers

    private func terminate() {
        isTerminated = true
        subscriptions = Array(repeating: nil, count: subscriptions.count)
        latest = Array(repeating: nil, count: latest.count)
    }

    private func deliver(_ completion: Subscribers.Completion<Failure>) {
        guard hasSentSubscription else {
            pendingCompletion = completion
            return
        }
        let downstream = self.downstream
        self.downstream = nil
        downstream?.receive(completion: completion)
    }
}

extension CombineLatestInner: Subscription {
    func request(_ demand: Subscribers.Demand) {
        // Apple's engine stops the program on `request(.none)`; here it is ignored (the
        // bridge reports that contract violation to the learner before it gets here).
        guard !isTerminated, demand > 0 else { return }
        self.demand += demand
        for index in subscriptions.indices {
            guard !isTerminated else { return }
            subscriptions[index]?.request(demand)
        }
    }

    func cancel() {
        guard !isTerminated else { return }
        let upstreams = subscriptions.compactMap { $0 }
        terminate()
        downstream = nil
        pendingCompletion = nil
        for subscription in upstreams { subscription.cancel() }
    }
}

extension CombineLatestInner: CustomStringConvertible, CustomPlaygroundDisplayConvertible, CustomReflectable {
    var description: String { "CombineLatest" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "downstream": downstream as Any,
                "upstreamSubscriptions": subscriptions,
                "demand": demand,
                "buffers": latest,
            ])
    }
}

/// What a `CombineLatest` publisher subscribes to upstream number `index` with.
struct CombineLatestSide<Input, Output, Failure: Error, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, CustomPlaygroundDisplayConvertible
where Downstream.Input == Output, Downstream.Failure == Failure {
    let index: Int
    let inner: CombineLatestInner<Output, Failure, Downstream>
    let combineIdentifier = CombineIdentifier()

    var description: String { "CombineLatest" }
    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        inner.receive(subscription: subscription, index: index)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        inner.receive(input, index: index)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        inner.receive(completion: completion, index: index)
    }
}
