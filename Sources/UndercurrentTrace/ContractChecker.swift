import OpenCombine

/// Checks the Publisher/Subscriber contract as the calls happen, and keeps the live demand
/// of every subscription (the numbers the trace's `demand a → b` column shows).
///
/// The tracer calls it at the start (`will…`) and end (`did…`) of every protocol call, with
/// the objects' trace names. Names are stable for as long as an object lives and new for a
/// new object at a reused address, so the state below never mixes two objects up.
///
/// Which subscriber's values spend a subscription's demand: only those delivered to its
/// *direct* subscriber, the first one it was handed to. Pass-through operators (`map`,
/// `filter`) hand their upstream subscription on, so a value passing through `map` to the
/// next subscriber is one value, not two.
///
/// Synchronous or asynchronous: a signal that reaches a subscriber after its subscription
/// was cancelled is *synchronous* when the outermost protocol call that was in progress at
/// the `cancel()` is still in progress (the signal comes from within `cancel()` itself, or
/// from the same call stack, such as the `request(_:)` loop whose subscriber cancelled in
/// `receive(_:)`): the subscription could have known, and that is an error. Otherwise the
/// call stack emptied in between, and the signal was on its way already (work scheduled on
/// a queue or timer): Reactive Streams §1.8 allows that ("eventually stop"), so it is a
/// warning — unless a `request(_:)` on the cancelled subscription is what delivers it: after
/// `cancel()`, requests must do nothing (§3.6), so that is an error. Script statements are not protocol calls: a script that calls `cancel()` and
/// then, in its next statement, `receive(_:)` makes two separate call stacks.
final class ContractChecker {
    /// Nested `request(_:)` calls on one subscription beyond this are unbounded re-entrancy.
    var reentrancyLimit = 16
    var isEnabled = true
    /// Spells out the names in the messages of broken rules.
    private let names: ObjectNames

    init(names: ObjectNames) {
        self.names = names
    }

    struct SubscriptionState {
        var demand: DemandCount = .count(0)
        /// Written in the script (not one of Combine's own).
        var isScript = false
        var directSubscriber: TraceName?
        var subscribers: [TraceName] = []
        var lastCancelSequence: Int?
        var reentrancyReported = false
    }

    struct SubscriberState {
        /// A publisher was asked to subscribe it (so a missing subscription is a fault).
        var wasSubscribed = false
        var subscription: TraceName?
        var completedAt: Int?
        /// Its subscription went away (deinitialized): a new one may take its place.
        var subscriptionGone = false
        var cancel: (sequence: Int, rootID: Int?, subscription: TraceName)?
        /// Every subscription it was handed, first first (several through pass-through
        /// operators, `retry` or `catch`).
        var handed: [TraceName] = []
    }

    // Unchecked, as the `Tracer`'s state: changed on every call, on the tracer's thread.
    @exclusivity(unchecked) private(set) var subscriptions = StatesByName<TraceName, SubscriptionState>()
    @exclusivity(unchecked) private(set) var subscribers = StatesByName<TraceName, SubscriberState>()
    @exclusivity(unchecked) var registry = SubscriberRegistry()

    /// What the last value's delivery found: the subscription it came from, and whether its
    /// subscriber's state could break a signal rule. Both depend only on the states (demand
    /// aside) and on the `request(_:)` calls in progress, so they hold while neither changed:
    /// a custom subscription's loop delivers every value to one subscriber from one request,
    /// and finding them again was a fifth of a traced value's cost.
    private struct Delivery {
        let subscriber: TraceName
        let subscription: TraceName?
        let mayBreakSignalRule: Bool
        let subscriptionChanges: Int
        let subscriberChanges: Int
        let requestChanges: Int
    }
    @exclusivity(unchecked) private var lastDelivery: Delivery?

    func reset() {
        subscriptions.removeAll()
        subscribers.removeAll()
        registry.removeAll()
        lastDelivery = nil
    }

    /// The direct subscriber of `subscription` and the subscription's outstanding demand,
    /// while that subscriber still holds it (not completed, cancelled or gone).
    func activeDelivery(of subscription: TraceName) -> (subscriber: TraceName, demand: DemandCount)? {
        // Read in place: copying the states out retained every name in them, on every send.
        guard
            let (subscriber, demand) = subscriptions.updateUncounted(
                subscription,
                { state in
                    state.directSubscriber.map { ($0, state.demand) }
                }) ?? nil,
            subscribers.updateUncounted(
                subscriber,
                { state in
                    state.subscription == subscription && state.completedAt == nil && state.cancel == nil
                        && !state.subscriptionGone
                }) == true
        else { return nil }
        return (subscriber, demand)
    }

    // MARK: - Subscribing

    func willSubscribe(_ subscriber: TraceName) {
        subscribers[subscriber, default: SubscriberState()].wasSubscribed = true
    }

    /// Hands `subscription` to `subscriber`. Returns the subscription it already had and
    /// still uses (rule §2.5 is checked when the call returns). `isScript` and
    /// `subscriberIsScript`: whether the subscription and the subscriber stand in for script
    /// objects, as the tracer tells from their names, without a cast.
    func willReceive<S: Subscriber>(
        subscription: TraceName, isScript: Bool, subscriber name: TraceName, _ subscriber: S,
        subscriberIsScript: Bool
    ) -> TraceName? {
        var state = subscriptions[subscription] ?? SubscriptionState()
        state.isScript = isScript
        if state.directSubscriber == nil { state.directSubscriber = name }
        if !state.subscribers.contains(name) { state.subscribers.append(name) }
        subscriptions[subscription] = state
        registry.register(subscriber, named: name, for: subscription, isScriptBacked: subscriberIsScript)

        var subscriberState = subscribers[name] ?? SubscriberState()
        subscriberState.wasSubscribed = true
        if !subscriberState.handed.contains(subscription) { subscriberState.handed.append(subscription) }
        let active =
            subscriberState.subscription != nil && subscriberState.completedAt == nil
            && subscriberState.cancel == nil && !subscriberState.subscriptionGone
        if let current = subscriberState.subscription, current != subscription, active {
            // Still has an active subscription: it must cancel this one.
            subscribers[name] = subscriberState
            return current
        }
        // A new subscription, or the same one again after it ended (`retry` resubscribing
        // to `Subscriptions.empty`): a fresh start. The same one while active changes nothing.
        if subscriberState.subscription != subscription || !active {
            subscriberState.subscription = subscription
            subscriberState.completedAt = nil
            subscriberState.cancel = nil
            subscriberState.subscriptionGone = false
        }
        subscribers[name] = subscriberState
        return nil
    }

    func didReceive(subscription: TraceName, subscriber: TraceName, previous: TraceName?, sequence: Int)
        -> [ContractViolation]
    {
        guard isEnabled, let previous else { return [] }
        if let cancelled = subscriptions[subscription]?.lastCancelSequence, cancelled > sequence { return [] }
        return [
            ContractViolation(
                rule: .secondSubscription,
                message:
                    "\(text(subscriber)) already had \(text(previous)) and did not cancel the second subscription "
                    + "\(text(subscription)); "
                    + "a subscriber with an active subscription must cancel any other it receives",
                sequence: sequence)
        ]
    }

    // MARK: - Signals

    /// A value reaches `subscriber`. Spends one of the subscription's demand when the
    /// subscriber is its direct one, and returns the demand before. `value` is spelled out
    /// only for a broken rule's message.
    func willReceiveValue(subscriber: TraceName, value: RecordedArgument, sequence: Int, stack: CallStack)
        -> (demandBefore: DemandCount?, subscription: TraceName?, violations: [ContractViolation]?)
    {
        let delivery = delivery(to: subscriber, stack: stack)
        let subscription = delivery.subscription
        var before: DemandCount?
        if let subscription {
            before =
                subscriptions.updateUncounted(subscription) { state -> DemandCount? in
                    guard state.directSubscriber == subscriber else { return nil }
                    defer { state.demand = state.demand.consumingOne() }
                    return state.demand
                } ?? nil
        }
        guard isEnabled else { return (before, subscription, nil) }
        if delivery.mayBreakSignalRule,
            let violation = signalViolation(
                to: subscriber, what: "the value \(value.text(spell: names.text(of:)))", sequence: sequence,
                stack: stack)
        {
            return (before, subscription, [violation])
        }
        if let subscription, let before, case .count(let count) = before, count <= 0 {
            return (
                before, subscription,
                [
                    ContractViolation(
                        rule: .valueWithoutDemand,
                        message:
                            "\(text(subscription)) sent \(value.text(spell: names.text(of:))) to \(text(subscriber)), "
                            + "which had no outstanding demand "
                            + "(demand \(count)); a publisher sends only what was requested",
                        sequence: sequence)
                ]
            )
        }
        return (before, subscription, nil)
    }

    /// The value's call returned: the demand the subscriber returned is added (synchronous demand).
    func didReceiveValue(subscription: TraceName?, demandBefore: DemandCount?, returned: Subscribers.Demand)
        -> DemandChange?
    {
        guard let subscription, let demandBefore else { return nil }
        let credit = DemandCount(returned)
        subscriptions.updateUncounted(subscription) { $0.demand = $0.demand + credit }
        return DemandChange(
            subscription: subscription, before: demandBefore, after: demandBefore.consumingOne() + credit)
    }

    func willReceiveCompletion(subscriber: TraceName, sequence: Int, stack: CallStack)
        -> (subscription: TraceName?, violations: [ContractViolation]?)
    {
        let subscription = deliveringSubscription(to: subscriber, stack: stack)
        guard isEnabled else { return (subscription, nil) }
        if let completedAt = subscribers[subscriber]?.completedAt {
            return (
                subscription,
                [
                    ContractViolation(
                        rule: .completionTwice,
                        message: "\(text(subscriber)) received a second completion (the first was #\(completedAt)); "
                            + "a publisher completes at most once",
                        sequence: sequence)
                ]
            )
        }
        let violation = signalViolation(
            to: subscriber, what: "a completion", isCompletion: true, sequence: sequence,
            stack: stack)
        // Completed from the start of the call: what it does next (such as `catch`
        // subscribing it to another publisher) starts afresh.
        if subscribers[subscriber] != nil { subscribers[subscriber]?.completedAt = sequence }
        return (subscription, violation.map { [$0] })
    }

    /// `deliveringSubscription(to:stack:)`, and whether `signalViolation` may find a broken
    /// rule, as the last value's delivery found them when nothing they depend on changed since.
    private func delivery(to subscriber: TraceName, stack: CallStack)
        -> (subscription: TraceName?, mayBreakSignalRule: Bool)
    {
        // Fields read in place: a copy of the whole record retained each name in it.
        if lastDelivery?.subscriptionChanges == subscriptions.changeCount,
            lastDelivery?.subscriberChanges == subscribers.changeCount,
            lastDelivery?.requestChanges == stack.requestChangeCount, lastDelivery?.subscriber == subscriber
        {
            return (lastDelivery?.subscription ?? nil, lastDelivery?.mayBreakSignalRule == true)
        }
        let subscription = deliveringSubscription(to: subscriber, stack: stack)
        let mayBreak = mayBreakSignalRule(subscriber)
        lastDelivery = Delivery(
            subscriber: subscriber, subscription: subscription, mayBreakSignalRule: mayBreak,
            subscriptionChanges: subscriptions.changeCount, subscriberChanges: subscribers.changeCount,
            requestChanges: stack.requestChangeCount)
        return (subscription, mayBreak)
    }

    /// Whether the subscriber's state is one `signalViolation` looks further at: without a
    /// subscription, completed or cancelled. Nearly every signal's is not.
    private func mayBreakSignalRule(_ subscriber: TraceName) -> Bool {
        subscribers.updateUncounted(subscriber, { $0.subscription == nil || $0.completedAt != nil || $0.cancel != nil })
            == true
    }

    /// The subscription a signal comes from: the innermost `request(_:)` in progress on a
    /// subscription the subscriber was handed (a delivery made from within `request`), or
    /// else the subscriber's subscription.
    ///
    /// Found from the subscriptions the subscriber was handed, not by walking the stack: in a
    /// chain of hundreds of operators each signal is made hundreds of calls deep.
    private func deliveringSubscription(to subscriber: TraceName, stack: CallStack) -> TraceName? {
        if stack.hasRequestsInProgress, let handed = subscribers.updateUncounted(subscriber, { $0.handed }) {
            var innermost: (index: Int, name: TraceName)?
            for name in handed {
                guard let index = stack.innermostRequest(on: name), index > (innermost?.index ?? -1),
                    subscriptions.updateUncounted(name, { $0.subscribers.contains(subscriber) }) == true
                else { continue }
                innermost = (index, name)
            }
            if let innermost { return innermost.name }
        }
        return subscribers.updateUncounted(subscriber) { $0.subscription } ?? nil
    }

    /// Rules every signal shares: a subscription first (§1.9), nothing after completion
    /// (§1.7), nothing after cancel (§1.8).
    private func signalViolation(
        to subscriber: TraceName, what: @autoclosure () -> String, isCompletion: Bool = false,
        sequence: Int, stack: CallStack
    )
        -> ContractViolation?
    {
        // Looked at in place first: nearly every signal breaks none of these rules, and
        // copying the state out retains each string in it.
        guard mayBreakSignalRule(subscriber), let state = subscribers[subscriber]
        else { return nil }
        if state.subscription == nil {
            guard state.wasSubscribed else { return nil }
            return ContractViolation(
                rule: .signalBeforeSubscription,
                message: "\(text(subscriber)) received \(what()) before receive(subscription:); "
                    + "a publisher hands over the subscription first",
                sequence: sequence)
        }
        if let completedAt = state.completedAt {
            return ContractViolation(
                rule: .signalAfterCompletion,
                message: "\(text(subscriber)) received \(what()) after its completion (#\(completedAt)); "
                    + "nothing may follow a completion",
                sequence: sequence)
        }
        if let cancel = state.cancel {
            // Combine's own subscriptions (OpenCombine's, as Apple's) may send the completion
            // right after a value whose subscriber cancelled: `Just` does. Only the script's
            // own subscriptions are held to the letter for completions.
            if isCompletion, subscriptions[cancel.subscription]?.isScript != true { return nil }
            let synchronous = cancel.rootID != nil && cancel.rootID == stack.rootID
            // A request(_:) made on the subscription after it was cancelled is serving the
            // signal, synchronously: once cancelled, requests must do nothing (§3.6).
            if !synchronous, stack.requestsInProgress(on: cancel.subscription) > 0 {
                return ContractViolation(
                    rule: .signalAfterCancel, severity: .error,
                    message:
                        "\(text(subscriber)) received \(what()) after \(text(cancel.subscription)) was cancelled (#\(cancel.sequence)), "
                        + "from a request(_:) made after the cancel: once cancelled, a subscription must ignore requests",
                    sequence: sequence)
            }
            if synchronous {
                return ContractViolation(
                    rule: .signalAfterCancel, severity: .error,
                    message:
                        "\(text(subscriber)) received \(what()) after \(text(cancel.subscription)) was cancelled (#\(cancel.sequence)), "
                        + "in the same call stack: the subscription must stop sending once cancel() is called",
                    sequence: sequence)
            }
            return ContractViolation(
                rule: .signalAfterCancel, severity: .warning,
                message:
                    "\(text(subscriber)) received \(what()) after \(text(cancel.subscription)) was cancelled (#\(cancel.sequence)); "
                    + "it came in a later call stack (as work already scheduled on a queue does), which the "
                    + "contract tolerates for signals already on their way, but the subscription should drop them",
                sequence: sequence)
        }
        return nil
    }

    /// A script object went away: its state goes too (names are never reused), and a
    /// subscriber whose subscription it was may take another.
    func didDeinitialize(_ name: TraceName) {
        if let state = subscriptions.removeValue(forKey: name) {
            for subscriber in state.subscribers where subscribers[subscriber]?.subscription == name {
                subscribers[subscriber]?.subscriptionGone = true
            }
            registry.forget(name)
        }
        subscribers[name] = nil
    }

    // MARK: - Demand and cancellation

    func willRequest(_ demand: Subscribers.Demand, subscription: TraceName, sequence: Int, stack: CallStack)
        -> (change: DemandChange, violations: [ContractViolation]?)
    {
        var state = subscriptions[subscription] ?? SubscriptionState()
        let before = state.demand
        state.demand = before + DemandCount(demand)
        var violations: [ContractViolation]?
        if isEnabled {
            if demand == .none {
                violations.add(
                    ContractViolation(
                        rule: .requestNone,
                        message: "\(text(subscription)) was asked for .none; a subscriber asks for at least one value "
                            + "(Combine stops the program on request(.none))",
                        sequence: sequence))
            }
            let nested = stack.requestsInProgress(on: subscription)
            if nested >= reentrancyLimit, !state.reentrancyReported {
                state.reentrancyReported = true
                violations.add(
                    ContractViolation(
                        rule: .unboundedReentrancy,
                        message: "request(_:) on \(text(subscription)) is re-entered \(nested + 1) calls deep "
                            + "(request → receive → request …); a subscription must not call back into its subscriber "
                            + "from within request without bound: note the new demand and let the running loop deliver it",
                        sequence: sequence))
            }
        }
        subscriptions[subscription] = state
        return (DemandChange(subscription: subscription, before: before, after: state.demand), violations)
    }

    func willCancel(subscription: TraceName, sequence: Int, stack: CallStack) {
        subscriptions[subscription, default: SubscriptionState()].lastCancelSequence = sequence
        for name in subscriptions[subscription]?.subscribers ?? [] where subscribers[name]?.subscription == subscription
        {
            if subscribers[name]?.cancel == nil {
                subscribers[name]?.cancel = (sequence, stack.rootID, subscription)
            }
        }
    }

    func didCancel(_ subscription: Subscription, name: TraceName, sequence: Int) -> [ContractViolation] {
        guard isEnabled, let (subscriber, property) = registry.holder(of: subscription, named: name) else { return [] }
        return [
            ContractViolation(
                rule: .subscriberKeptAfterCancel,
                message:
                    "\(text(name)) still holds its subscriber \(text(subscriber)) in `\(property)` after cancel(); "
                    + "let go of it in cancel() (for example `\(property) = nil`) so it can go away",
                sequence: sequence)
        ]
    }

    /// A name as the messages show it.
    private func text(_ name: TraceName) -> String {
        names.text(of: name)
    }
}

extension Optional where Wrapped == [ContractViolation] {
    /// Adds a broken rule to a list that is nil while there is none (an empty array is
    /// retained and released wherever it goes, on every call checked).
    fileprivate mutating func add(_ violation: ContractViolation) {
        self = (self ?? []) + [violation]
    }
}
