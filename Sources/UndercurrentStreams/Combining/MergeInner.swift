import OpenCombine

/// The subscription every `Merge` publisher (`Merge` … `Merge8`, `MergeMany`) gives its
/// subscriber. It subscribes to each upstream through a `MergeSide` and forwards their
/// values downstream as they arrive.
///
/// The rules follow Apple's documentation of `merge(with:)` ("The merged publisher
/// continues to emit elements until all upstream publishers finish. If an upstream
/// publisher produces an error, the merged publisher fails with that error.") and the
/// behaviour Apple's Combine shows in OpenCombine's compatibility tests (which run
/// against both engines):
///
/// - Subscribing: the subscriber receives this subscription first; then every upstream is
///   subscribed, in order.
/// - Demand: while the subscriber's demand is `.unlimited`, every upstream is asked for
///   `.unlimited` and values pass straight through. Otherwise each upstream is asked for
///   one value at a time (`.max(1)` when it is subscribed, and again each time one of its
///   values has been sent downstream), so the merge never holds more than one value per
///   upstream. A value that arrives while the subscriber's demand is zero waits in that
///   upstream's one-value buffer; when the subscriber requests more, waiting values are
///   sent first (in upstream order, as Apple does) and their upstreams are asked for the
///   next one.
/// - Finishing: once every upstream has finished and no value is waiting.
///   With no upstreams at all (`MergeMany` of an empty array) that happens at the first
///   request.
/// - Failing: at the first failure every upstream subscription is cancelled (Apple cancels
///   the failed one too), waiting values are dropped and the failure is sent downstream.
///
/// Everything runs on one thread (the interpreter's), so there are no locks; re-entrant
/// calls (the subscriber's code sends into an upstream subject, or requests more while
/// receiving) are handled by the state flags instead.
final class MergeInner<Output, Failure: Error, Downstream: Subscriber>
where Downstream.Input == Output, Downstream.Failure == Failure {
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var subscriptions: [Subscription?]
    private var buffers: [Output?]
    private var finished: [Bool]
    private var deliveryDepth = 0
    private var isTerminated = false
    private var askedForUnlimited = false

    init(downstream: Downstream, upstreamCount: Int) {
        self.downstream = downstream
        subscriptions = Array(repeating: nil, count: upstreamCount)
        buffers = Array(repeating: nil, count: upstreamCount)
        finished = Array(repeating: false, count: upstreamCount)
    }

    /// The subscriber for upstream number `index`.
    func side(_ index: Int) -> MergeSide<Output, Failure, Downstream> {
        MergeSide(index: index, inner: self)
    }

    /// Called before any upstream is subscribed.
    func sendSubscriptionDownstream() {
        downstream?.receive(subscription: self)
    }

    // MARK: - From the upstreams

    fileprivate func receive(subscription: Subscription, index: Int) {
        guard !isTerminated, subscriptions[index] == nil, !finished[index] else {
            subscription.cancel()
            return
        }
        subscriptions[index] = subscription
        subscription.request(demand == .unlimited ? .unlimited : .max(1))
    }

    fileprivate func receive(_ input: Output, index: Int) -> Subscribers.Demand {
        guard !isTerminated, !finished[index] else { return .none }
        if demand == .unlimited {
            _ = send(input)
            settleAfterDelivery()
            return .none
        }
        guard demand > 0 else {
            buffers[index] = input
            return .none
        }
        demand -= 1
        let additional = send(input)
        guard !isTerminated else { return .none }
        demand += additional
        settleAfterDelivery()
        return isTerminated || demand == .unlimited ? .none : .max(1)
    }

    fileprivate func receive(completion: Subscribers.Completion<Failure>, index: Int) {
        guard !isTerminated, !finished[index] else { return }
        switch completion {
        case .finished:
            finished[index] = true
            subscriptions[index] = nil
            finishIfDone()
        case .failure:
            let upstreams = subscriptions.compactMap { $0 }
            terminate()
            for subscription in upstreams { subscription.cancel() }
            let downstream = self.downstream
            self.downstream = nil
            downstream?.receive(completion: completion)
        }
    }

    // MARK: - Helpers

    private func send(_ input: Output) -> Subscribers.Demand {
        guard let downstream else { return .none }
        deliveryDepth += 1
        defer { deliveryDepth -= 1 }
        return downstream.receive(input)
    }

    /// Demand requested while a value was being delivered is acted on once it returns.
    private func settleAfterDelivery() {
        if deliveryDepth == 0, !isTerminated { settle() }
    }

    /// Sends waiting values while there is demand, then asks upstreams for more, or
    /// finishes when everything has finished.
    private func settle() {
        var replenish: [Int] = []
        while !isTerminated, demand > 0, let index = buffers.firstIndex(where: { $0 != nil }) {
            let input = buffers[index]!
            buffers[index] = nil
            demand -= 1
            let additional = send(input)
            if !isTerminated { demand += additional }
            replenish.append(index)
        }
        guard !isTerminated else { return }
        if finishIfDone() { return }
        if demand == .unlimited {
            guard !askedForUnlimited else { return }
            askedForUnlimited = true
            for index in subscriptions.indices {
                guard !isTerminated else { return }
                subscriptions[index]?.request(.unlimited)
            }
        } else {
            for index in replenish {
                guard !isTerminated else { return }
                subscriptions[index]?.request(.max(1))
            }
        }
    }

    @discardableResult
    private func finishIfDone() -> Bool {
        guard finished.allSatisfy({ $0 }), buffers.allSatisfy({ $0 == nil }) else { return false }
        terminate()
        let downstream = self.downstream
        self.downstream = nil
        downstream?.receive(completion: .finished)
        return true
    }

    private func terminate() {
        isTerminated = true
        subscriptions = Array(repeating: nil, count: subscriptions.count)
        buffers = Array(repeating: nil, count: buffers.count)
    }
}

extension MergeInner: Subscription {
    func request(_ demand: Subscribers.Demand) {
        // Apple's engine ignores `request(.none)` here too.
        guard !isTerminated, demand > 0 else { return }
        self.demand += demand
        if deliveryDepth > 0 { return }  // acted on when the delivery returns
        settle()
    }

    func cancel() {
        guard !isTerminated else { return }
        let upstreams = subscriptions.compactMap { $0 }
        terminate()
        downstream = nil
        for subscription in upstreams { subscription.cancel() }
    }
}

extension MergeInner: CustomStringConvertible, CustomPlaygroundDisplayConvertible, CustomReflectable {
    var description: String { "Merge" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "downstream": downstream as Any,
                "upstreamSubscriptions": subscriptions,
                "demand": demand,
                "buffers": buffers,
            ])
    }
}

/// What a `Merge` publisher subscribes to upstream number `index` with.
struct MergeSide<Output, Failure: Error, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, CustomPlaygroundDisplayConvertible
where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Output

    let index: Int
    let inner: MergeInner<Output, Failure, Downstream>
    let combineIdentifier = CombineIdentifier()

    var description: String { "Merge" }
    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        inner.receive(subscription: subscription, index: index)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
        inner.receive(input, index: index)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        inner.receive(completion: completion, index: index)
    }
}
