import Foundation
import OpenCombine
import UndercurrentInterpreter
import UndercurrentStreams

/// Records every protocol call the Combine engine makes, through OpenCombine's
/// `_Introspection` hook, with the outstanding demand of each subscription.
///
/// The hook is global to the process; a tracer records only calls made on the thread
/// that started it, so sessions on other threads (parallel tests) do not mix.
public final class Tracer: _Introspection {
    public private(set) var events: [TraceEvent] = []
    /// Events beyond this are dropped (the oldest first) and counted in `droppedCount`.
    public var capacity = 200_000
    public private(set) var droppedCount = 0
    /// Where virtual time comes from, when the session has a clock.
    public var clock: (() -> Double?)?

    private let names = ObjectNames()
    private var depth = 0
    private var sequence = 0
    private var ownerThread: pthread_t?
    /// Outstanding demand per subscription (keyed by combine identifier).
    private var ledger: [CombineIdentifier: DemandCount] = [:]
    private var ledgerNames: [CombineIdentifier: String] = [:]
    /// The subscription each subscriber received, and whether it was that subscription's
    /// first (direct) subscriber: only deliveries to the direct one consume demand.
    private var subscriptionOf: [CombineIdentifier: (subscription: CombineIdentifier, isDirect: Bool)] = [:]
    private var directSubscriber: [CombineIdentifier: CombineIdentifier] = [:]
    /// Indices of value events waiting for their returned demand.
    private var pendingValues: [Int] = []
    private var isRecording = false
    private var partialLine = ""

    public init() {}

    /// Starts recording on the calling thread.
    public func start() {
        ownerThread = pthread_self()
        isRecording = true
        enable()
    }

    public func stop() {
        if onOwnerThread { flushOutput() }
        isRecording = false
        disable()
    }

    /// Forgets the recorded events (object names and demand stay known for the session).
    public func clearEvents() {
        events.removeAll()
        droppedCount = 0
        sequence = 0
        depth = 0
        pendingValues.removeAll()
    }

    /// Forgets everything, names included (`:reset`).
    public func reset() {
        clearEvents()
        names.reset()
        ledger.removeAll()
        ledgerNames.removeAll()
        subscriptionOf.removeAll()
        directSubscriber.removeAll()
    }

    private var onOwnerThread: Bool {
        guard isRecording, let ownerThread else { return false }
        return pthread_equal(ownerThread, pthread_self()) != 0
    }

    @discardableResult
    private func record(_ kind: TraceEvent.Kind, target: String, argument: String,
                        ledger change: LedgerChange? = nil) -> Int {
        // Printed lines are shown in place but are not calls: they take no number.
        if kind != .output { sequence += 1 }
        let event = TraceEvent(sequence: kind == .output ? 0 : sequence, kind: kind, depth: depth, target: target, argument: argument,
                               ledger: change, time: clock?())
        if events.count >= capacity {
            let drop = max(1, capacity / 10)
            events.removeFirst(drop)
            droppedCount += drop
            pendingValues = pendingValues.map { $0 - drop }.filter { $0 >= 0 }
        }
        events.append(event)
        return events.count - 1
    }

    // MARK: - Hooks the interpreter calls

    /// Records what the program printed, a line at a time, in its place among the calls.
    public func recordOutput(_ text: String) {
        guard onOwnerThread else { return }
        partialLine += text
        while let newline = partialLine.firstIndex(of: "\n") {
            record(.output, target: "", argument: String(partialLine[..<newline]))
            partialLine.removeSubrange(...newline)
        }
    }

    private func flushOutput() {
        if !partialLine.isEmpty {
            record(.output, target: "", argument: partialLine)
            partialLine = ""
        }
    }

    /// Records that a script object went away (its `deinit` runs next).
    public func recordDeinit(of identity: ObjectIdentifier, type: TypeInfo) {
        guard onOwnerThread else { return }
        record(.deinitialize, target: names.name(ofDeinitializing: identity, typeName: type.name), argument: "")
        names.forget(identity)
    }

    // MARK: - _Introspection

    public func willReceive<Upstream: Publisher, Downstream: Subscriber>(publisher: Upstream, subscriber: Downstream)
        where Upstream.Failure == Downstream.Failure, Upstream.Output == Downstream.Input {
        guard onOwnerThread else { return }
        record(.subscribe, target: publisherName(publisher), argument: names.name(of: subscriber))
        depth += 1
    }

    public func didReceive<Upstream: Publisher, Downstream: Subscriber>(publisher: Upstream, subscriber: Downstream)
        where Upstream.Failure == Downstream.Failure, Upstream.Output == Downstream.Input {
        guard onOwnerThread else { return }
        depth = max(0, depth - 1)
    }

    public func willReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription) {
        guard onOwnerThread else { return }
        let subscriptionID = subscription.combineIdentifier
        let subscriberID = subscriber.combineIdentifier
        let isDirect = directSubscriber[subscriptionID] == nil
        if isDirect { directSubscriber[subscriptionID] = subscriberID }
        subscriptionOf[subscriberID] = (subscriptionID, isDirect || directSubscriber[subscriptionID] == subscriberID)
        let subscriptionName = names.name(of: subscription)
        ledgerNames[subscriptionID] = subscriptionName
        if ledger[subscriptionID] == nil { ledger[subscriptionID] = .count(0) }
        record(.receiveSubscription, target: names.name(of: subscriber), argument: subscriptionName)
        depth += 1
    }

    public func didReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription) {
        guard onOwnerThread else { return }
        depth = max(0, depth - 1)
    }

    public func willReceive<Downstream: Subscriber>(subscriber: Downstream, input: Downstream.Input) {
        guard onOwnerThread else { return }
        let index = record(.receiveValue, target: names.name(of: subscriber), argument: Self.describe(input))
        pendingValues.append(index)
        depth += 1
    }

    public func didReceive<Downstream: Subscriber>(subscriber: Downstream, input: Downstream.Input,
                                                  resultingDemand: Subscribers.Demand) {
        guard onOwnerThread else { return }
        depth = max(0, depth - 1)
        guard let index = pendingValues.popLast(), events.indices.contains(index) else { return }
        events[index].returnedDemand = Self.source(resultingDemand)
        if let (subscriptionID, isDirect) = subscriptionOf[subscriber.combineIdentifier], isDirect {
            let before = ledger[subscriptionID] ?? .count(0)
            let after = before.consumingOne() + DemandCount(resultingDemand)
            ledger[subscriptionID] = after
            events[index].ledger = LedgerChange(subscription: ledgerNames[subscriptionID] ?? "", before: before, after: after)
        }
    }

    public func willReceive<Downstream: Subscriber>(subscriber: Downstream,
                                                    completion: Subscribers.Completion<Downstream.Failure>) {
        guard onOwnerThread else { return }
        let text: String
        switch completion {
        case .finished: text = ".finished"
        case .failure(let error): text = ".failure(\(String(reflecting: error)))"
        }
        record(.receiveCompletion, target: names.name(of: subscriber), argument: text)
        depth += 1
    }

    public func didReceive<Downstream: Subscriber>(subscriber: Downstream,
                                                   completion: Subscribers.Completion<Downstream.Failure>) {
        guard onOwnerThread else { return }
        depth = max(0, depth - 1)
    }

    public func willRequest(subscription: Subscription, _ demand: Subscribers.Demand) {
        guard onOwnerThread else { return }
        let id = subscription.combineIdentifier
        let before = ledger[id] ?? .count(0)
        let after = before + DemandCount(demand)
        ledger[id] = after
        let name = names.name(of: subscription)
        ledgerNames[id] = name
        record(.request, target: name, argument: Self.source(demand),
               ledger: LedgerChange(subscription: name, before: before, after: after))
        depth += 1
    }

    public func didRequest(subscription: Subscription, _ demand: Subscribers.Demand) {
        guard onOwnerThread else { return }
        depth = max(0, depth - 1)
    }

    public func willCancel(subscription: Subscription) {
        guard onOwnerThread else { return }
        record(.cancel, target: names.name(of: subscription), argument: "")
        depth += 1
    }

    public func didCancel(subscription: Subscription) {
        guard onOwnerThread else { return }
        depth = max(0, depth - 1)
    }

    // MARK: - Text

    private func publisherName<P: Publisher>(_ publisher: P) -> String {
        if let backed = publisher as? ScriptBacked { return names.name(of: backed) }
        if let erased = publisher as? AnyValuePublisherBase { return names.name(of: erased.basePublisher) }
        return names.name(of: publisher)
    }

    static func describe(_ value: Any) -> String {
        if let value = value as? Value { return value.debugDescription }
        return String(reflecting: value)
    }

    /// A demand as Swift source writes it: `.max(3)`, `.unlimited`, `.none`.
    static func source(_ demand: Subscribers.Demand) -> String {
        if demand == .unlimited { return ".unlimited" }
        if demand == .none { return ".none" }
        return ".max(\(demand.max ?? 0))"
    }
}

extension DemandCount {
    init(_ demand: Subscribers.Demand) {
        if let max = demand.max { self = .count(max) } else { self = .unlimited }
    }
}
