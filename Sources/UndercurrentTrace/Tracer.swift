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
    // The state written on every call is `@exclusivity(unchecked)`: the tracer works on its
    // owner thread only, in short accesses, and the dynamic checks (a thread-local access
    // set per access) were a tenth of a traced custom subscription's cost in a profile.
    @exclusivity(unchecked) private var recorded = TraceEventRing()
    /// The events kept, in the order they were recorded, each spelled out as it is read.
    ///
    /// The REPL reads them after every input, up to the cap of 200,000, and shows a few
    /// hundred: only those are spelled (`TraceEvents`).
    public var recordedEvents: TraceEvents {
        TraceEvents(recorded: RecordedTrace(ring: recorded, names: names.table))
    }

    /// The events kept, in the order they were recorded, all spelled out.
    public var events: [TraceEvent] { recordedEvents.spelledOut }

    /// How many bytes the tracer keeps for each event (its ring's stride): the bench's memory
    /// section shows it.
    public static var recordedEventStride: Int { MemoryLayout<RecordedEvent>.stride }
    /// Events beyond this are dropped (the oldest first) and counted in `droppedCount`.
    @exclusivity(unchecked) public var capacity = 200_000 {
        didSet { capacity = max(10, capacity) }
    }
    @exclusivity(unchecked) public private(set) var droppedCount = 0
    /// The lines the program printed among the dropped events, the first
    /// `droppedOutputCapacity` of them: what a learner printed is never lost from view.
    @exclusivity(unchecked) public private(set) var droppedOutput: [String] = []
    /// How many printed lines were dropped in all, kept or not.
    @exclusivity(unchecked) public private(set) var droppedOutputCount = 0
    public static let droppedOutputCapacity = 1_000
    /// Where virtual time comes from, when the session has a clock; each event's time is
    /// counted from `timeOrigin` (milliseconds).
    @exclusivity(unchecked) public var clock: VirtualClockReading? {
        didSet { clockReference = clock.map { Unmanaged.passUnretained($0) } }
    }
    /// `clock`, lent without counting on every recorded event (`clock` keeps it).
    @exclusivity(unchecked) private var clockReference: Unmanaged<VirtualClockReading>?
    @exclusivity(unchecked) public var timeOrigin: Double = 0
    /// The number of the task running now (0 outside any task): each event's lane, kept as
    /// the interpreter says it changes (`runningTaskChanged(to:)`), not asked per event.
    @exclusivity(unchecked) private var lane = 0
    /// Raised while the input is stopping on an error or Ctrl-C (`Interpreter.stopSignal`):
    /// calls the engine makes as it unwinds are not recorded.
    @exclusivity(unchecked) public var stopSignal: StopSignal? {
        didSet { stopSignalReference = stopSignal.map { Unmanaged.passUnretained($0) } }
    }
    /// `stopSignal`, lent without counting on every recorded event (`stopSignal` keeps it).
    @exclusivity(unchecked) private var stopSignalReference: Unmanaged<StopSignal>?
    /// What is releasing an object right now, as the cancel it causes should say: the
    /// variable whose scope is ending (`` `c` went out of scope (<input 2>:3:1) ``), or a
    /// value nothing kept (``discarded by `_ =` (<input 3>:1:1)``).
    @exclusivity(unchecked) public var releaseCause: (() -> String?)?
    /// Contract violations found since the events were last cleared (the first
    /// `violationCapacity` of them; `violationCount` counts them all).
    @exclusivity(unchecked) public private(set) var violations: [ContractViolation] = []
    @exclusivity(unchecked) public private(set) var violationCount = 0
    public var violationCapacity = 1_000
    /// Checks the Publisher/Subscriber contract at every call (on by default).
    public var checksContract: Bool {
        get { checker.isEnabled }
        set { checker.isEnabled = newValue }
    }
    /// Nested `request(_:)` calls on one subscription beyond this are reported (§3.3).
    public var reentrancyLimit: Int {
        get { checker.reentrancyLimit }
        set { checker.reentrancyLimit = max(1, newValue) }
    }

    private let names: ObjectNames
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var sequence = 0
    private var ownerThread: pthread_t?
    /// The demand of every subscription, and the contract's state.
    private let checker: ContractChecker
    /// The calls in progress.
    private let stack = CallStack()
    @exclusivity(unchecked) private var isRecording = false
    /// The subscriptions (conduits) each subject handed out, by the subject's trace name.
    @exclusivity(unchecked) private var subjectConduits: [TraceName: [TraceName]] = [:]
    /// The value each `debounce` holds, by the stage's name, until it delivers it or a newer
    /// value replaces it (OpenCombine's debounce, seen from its calls).
    @exclusivity(unchecked) private var debounced: [TraceName: RecordedArgument] = [:]
    /// What each `buffer` holds (by the stage's name), followed from its calls as
    /// OpenCombine's buffer keeps it: a queue of values, the oldest delivered first.
    @exclusivity(unchecked) private var buffered: [TraceName: BufferedValues] = [:]

    private struct BufferedValues {
        var capacity: Int
        var drops: BufferDrop
        var values: [RecordedArgument] = []
    }
    /// The `send`s in progress, innermost last.
    @exclusivity(unchecked) private var sends: [SendInProgress] = []

    private struct SendInProgress {
        var value: RecordedArgument
        var dropsWithoutDemand: Bool
        /// Whether the subject had a live conduit when the send began.
        var reachesAnyone: Bool
        /// The subject's live conduits that had no demand when the send began, with their
        /// demand then: only they can miss the value. Most sends have none, and no array is
        /// made for them (an array of every live conduit, made on every send, was a tenth of
        /// the tracer's cost of a send).
        var unfed: [(name: TraceName, subscriber: TraceName, demand: DemandCount)]
        /// Whether the send may drop the value for a conduit without demand, so that the
        /// conduits it delivers to must be noted: a `PassthroughSubject` one of whose conduits
        /// had none when the send began. Noting each delivery in a set, for every send in
        /// progress, was a tenth of a traced chain of subjects' time.
        var notesDeliveries: Bool
        var delivered: Set<TraceName> = []
    }
    private var partialLine = ""

    public init() {
        names = ObjectNames()
        checker = ContractChecker(names: names)
        bridgeLink = TracerBridgeLink()
        bridgeLink.tracerReference = Unmanaged.passUnretained(self)
    }

    deinit {
        bridgeLink.tracerReference = nil
    }

    /// What the stream bridge is given to report sends and drops to this tracer.
    public let bridgeLink: TracerBridgeLink

    /// Starts recording on the calling thread.
    public func start() {
        // Objects that went away while stopped were not heard of.
        names.forgetLastSubscriber()
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
        recorded.removeAll()
        droppedCount = 0
        droppedOutput.removeAll()
        droppedOutputCount = 0
        sequence = 0
        depth = 0
        stack.removeAll()
        sends.removeAll()
        violations.removeAll()
        violationCount = 0
    }

    /// Forgets everything, names included (`:reset`).
    public func reset() {
        clearEvents()
        names.reset()
        checker.reset()
        subjectConduits.removeAll()
        debounced.removeAll()
        buffered.removeAll()
    }

    private var onOwnerThread: Bool {
        guard isRecording, let ownerThread else { return false }
        // Compared as the numbers they are on Linux, without a call of `pthread_equal`, twice
        // per traced call.
        #if os(Linux)
            return ownerThread == pthread_self()
        #else
            return pthread_equal(ownerThread, pthread_self()) != 0
        #endif
    }

    /// Records an event and returns its absolute position (dropped events included); nil
    /// for a protocol call made while the input is stopping.
    @discardableResult
    private func record(
        _ kind: TraceEvent.Kind, target: TraceName?, argument: RecordedArgument,
        ledger change: DemandChange? = nil, subscription: TraceName? = nil,
        violations found: [ContractViolation]? = nil
    ) -> Int? {
        // Once an error or Ctrl-C stops the input, the engine unwinds: a sequence whose
        // iteration was cut short sends `.finished`, a loop offers its remaining values to
        // subscribers that no longer run. Compiled Swift would have stopped; those calls
        // are not the program's, and the error that follows the trace says where it stopped.
        if kind != .output && kind != .deinitialize,
            stopSignalReference?._withUnsafeGuaranteedRef({ $0.isRaised }) == true
        {
            return nil
        }
        // Printed lines are shown in place but are not calls: they take no number.
        if kind != .output { sequence += 1 }
        let number = kind == .output ? 0 : sequence
        // Most calls break no rule and have no list.
        let found = found?.map { violation in
            var numbered = violation
            numbered.sequence = number
            return numbered
        }
        let time = clockReference?._withUnsafeGuaranteedRef { $0.milliseconds - timeOrigin }
        let depth = depth
        let lane = lane
        let dropped = recorded.append(capacity: capacity) {
            $0.reset(
                sequence: number, kind: kind, depth: depth, target: target, argument: argument,
                ledger: change, time: time, subscription: subscription, violations: found, lane: lane)
        }
        if dropped.count > 0 {
            droppedCount += dropped.count
            if let lines = dropped.printedLinesIfAny {
                for line in lines {
                    droppedOutputCount += 1
                    if droppedOutput.count < Self.droppedOutputCapacity { droppedOutput.append(line) }
                }
            }
        }
        if let found { note(found) }
        return droppedCount + recorded.count - 1
    }

    private func note(_ found: [ContractViolation]) {
        for violation in found {
            violationCount += 1
            if violations.count < violationCapacity { violations.append(violation) }
        }
    }

    /// The stored event at an absolute position, if it was not dropped.
    private func update(at position: Int?, _ change: (inout RecordedEvent) -> Void) {
        guard let index = storedIndex(of: position) else { return }
        change(&recorded[index])
    }

    /// The index among the kept events of the event at an absolute position, if it was not dropped.
    private func storedIndex(of position: Int?) -> Int? {
        guard let position else { return nil }
        let index = position - droppedCount
        return index >= 0 && index < recorded.count ? index : nil
    }

    private func attach(_ found: [ContractViolation], at frame: CallStack.Frame) {
        guard !found.isEmpty else { return }
        var found = found
        for index in found.indices { found[index].sequence = frame.sequence }
        update(at: frame.position) { $0.violations = ($0.violations ?? []) + found }
        note(found)
    }

    private func push(_ kind: TraceEvent.Kind, position: Int?, configure: (inout CallStack.Frame) -> Void = { _ in }) {
        stack.push(kind, position: position, sequence: sequence, configure: configure)
        depth = stack.recordedDepth
    }

    private func pop() -> CallStack.Frame? {
        pop { copy $0 }
    }

    /// Ends the innermost call, reading what `read` needs of its frame where it lies.
    private func pop<Result>(_ read: (borrowing CallStack.Frame) -> Result) -> Result? {
        let result = stack.pop(read)
        depth = stack.recordedDepth
        return result
    }

    // MARK: - Hooks the interpreter calls

    /// Records what the program printed, a line at a time, in its place among the calls.
    public func recordOutput(_ text: String) {
        guard onOwnerThread else { return }
        // Only the new text is searched: a line printed a character at a time
        // (`terminator: ""`) would otherwise be scanned again on every piece.
        var rest = text[...]
        while let newline = rest.firstIndex(of: "\n") {
            partialLine += rest[..<newline]
            record(.output, target: nil, argument: .text(Self.bounded(partialLine)))
            partialLine = ""
            rest = rest[rest.index(after: newline)...]
        }
        partialLine += rest
    }

    private func flushOutput() {
        if !partialLine.isEmpty {
            record(.output, target: nil, argument: .text(Self.bounded(partialLine)))
            partialLine = ""
        }
    }

    /// Records that a script object went away (its `deinit` runs next).
    public func recordDeinit(of identity: ObjectIdentifier, type: TypeInfo) {
        guard onOwnerThread else { return }
        let name = names.name(ofDeinitializing: identity, type: type)
        record(.deinitialize, target: name, argument: .none)
        checker.didDeinitialize(name)
        names.forget(identity)
    }

    // MARK: - Buffers

    /// A buffer's size and what it drops when full, when `publisher` is a `buffer`.
    private static func bufferParameters<P>(of publisher: P) -> (capacity: Int, drops: BufferDrop)? {
        let base = OwnConformances(of: publisher).erasedPublisher?.basePublisher ?? publisher
        guard let buffer = OwnConformances(of: base).bufferParameters, let drops = buffer.dropsWhenFull else {
            return nil
        }
        return (buffer.capacity, drops)
    }

    /// The innermost `receive(subscriber:)` in progress that was recorded.
    private var enclosingSubscribe: CallStack.Frame? {
        stack.innermost { $0.kind == .subscribe && !$0.transparent }
    }

    /// The stage a `buffer` subscribes upstream is the buffer itself: its values are followed.
    private func noteBuffer(subscriber: TraceName) {
        guard let buffer = enclosingSubscribe?.buffer else { return }
        buffered[subscriber] = BufferedValues(capacity: buffer.capacity, drops: buffer.drops)
    }

    // MARK: - Subjects

    /// A subject's conduit handed to a subscriber: remembered under the subject, whose
    /// `receive(subscriber:)` is the call in progress.
    private func noteConduit(_ subscription: TraceName) {
        guard names.role(of: subscription) == .subjectConduit, let subject = enclosingSubscribe?.publisher
        else { return }
        if subjectConduits[subject]?.contains(subscription) != true {
            subjectConduits[subject, default: []].append(subscription)
        }
    }

    // MARK: - _Introspection

    public func willReceive<Upstream: Publisher, Downstream: Subscriber>(publisher: Upstream, subscriber: Downstream)
    where Upstream.Failure == Downstream.Failure, Upstream.Output == Downstream.Input {
        guard onOwnerThread else { return }
        // A bridge adapter that only converts types is no stage: the publisher it adapts reports.
        if OwnConformances(of: publisher).stagelessAdapter != nil {
            push(.subscribe, position: nil) { $0.transparent = true }
            return
        }
        let subscriberName = names.name(of: subscriber)
        checker.willSubscribe(subscriberName)
        noteBuffer(subscriber: subscriberName)
        let parameters = Self.bufferParameters(of: publisher)
        let publisher = publisherName(publisher)
        let position = record(.subscribe, target: publisher, argument: .name(subscriberName))
        push(.subscribe, position: position) {
            $0.publisher = publisher
            $0.buffer = parameters
        }
    }

    public func didReceive<Upstream: Publisher, Downstream: Subscriber>(publisher: Upstream, subscriber: Downstream)
    where Upstream.Failure == Downstream.Failure, Upstream.Output == Downstream.Input {
        guard onOwnerThread else { return }
        _ = pop()
    }

    public func willReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription) {
        guard onOwnerThread else { return }
        let subscriptionName = names.name(of: subscription)
        if stack.isForwarding(.receiveSubscription, to: subscriber.combineIdentifier, subscription: subscriptionName) {
            push(.receiveSubscription, position: nil) { $0.transparent = true }
            return
        }
        let subscriberName = names.name(of: subscriber)
        noteConduit(subscriptionName)
        let previous = checker.willReceive(
            subscription: subscriptionName, isScript: names.isScriptBacked(subscription),
            subscriber: subscriberName, subscriber, subscriberIsScript: names.isScriptBacked(subscriber))
        let position = record(
            .receiveSubscription, target: subscriberName, argument: .name(subscriptionName),
            subscription: subscriptionName)
        push(.receiveSubscription, position: position) {
            $0.subscriber = subscriberName
            $0.subscriberID = subscriber.combineIdentifier
            $0.subscription = subscriptionName
            $0.previousSubscription = previous
        }
    }

    public func didReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription) {
        guard onOwnerThread, let frame = pop(), !frame.transparent,
            let subscriberName = frame.subscriber, let subscriptionName = frame.subscription
        else { return }
        attach(
            checker.didReceive(
                subscription: subscriptionName, subscriber: subscriberName,
                previous: frame.previousSubscription, sequence: frame.sequence), at: frame)
    }

    public func willReceive<Downstream: Subscriber>(subscriber: Downstream, input: Downstream.Input) {
        guard onOwnerThread else { return }
        // Asked once: each ask is a call through the subscriber's conformance.
        let subscriberID = subscriber.combineIdentifier
        guard !notesForwardedValue(to: subscriberID) else { return }
        willReceiveValue(
            subscriberID: subscriberID, subscriberName: names.name(ofSubscriber: subscriber, identifier: subscriberID),
            value: Self.argument(input))
    }

    /// `willReceive(subscriber:input:)` for a script subscriber, told by the bridge without an
    /// adapter around it (`BridgeCallObserver`).
    fileprivate func willReceive(scriptSubscriber receiver: Value, identifier: CombineIdentifier, input: Value) {
        guard onOwnerThread, !notesForwardedValue(to: identifier) else { return }
        willReceiveValue(
            subscriberID: identifier, subscriberName: names.name(ofScriptSubscriber: receiver, identifier: identifier),
            value: Self.argument(input))
    }

    /// When the value is the one the innermost call is delivering to the same subscriber,
    /// forwarded by an adapter, notes its call (a transparent frame, nothing recorded) and
    /// returns true: the subscriber is then not named, nor the value described.
    private func notesForwardedValue(to subscriberID: CombineIdentifier) -> Bool {
        guard stack.isForwarding(.receiveValue, to: subscriberID) else { return false }
        push(.receiveValue, position: nil) { $0.transparent = true }
        return true
    }

    /// A value about to reach the subscriber `subscriberID`, named `subscriberName`.
    private func willReceiveValue(subscriberID: CombineIdentifier, subscriberName: TraceName, value: RecordedArgument) {
        let checked = checker.willReceiveValue(
            subscriber: subscriberName, value: value, sequence: sequence + 1,
            stack: stack)
        if !sends.isEmpty, let subscription = checked.subscription {
            for index in sends.indices where sends[index].notesDeliveries {
                sends[index].delivered.insert(subscription)
            }
        }
        // A debounce delivering its value no longer holds it; a buffer delivers its oldest.
        if !debounced.isEmpty, let subscription = checked.subscription, names.role(of: subscription) == .debounceInner {
            debounced[subscription] = nil
        }
        if !buffered.isEmpty, let subscription = checked.subscription, buffered[subscription]?.values.isEmpty == false {
            buffered[subscription]?.values.removeFirst()
        }
        let position = record(
            .receiveValue, target: subscriberName, argument: value,
            subscription: checked.subscription, violations: checked.violations)
        push(.receiveValue, position: position) {
            $0.subscriber = subscriberName
            $0.subscriberID = subscriberID
            $0.subscription = checked.subscription
            $0.demandBefore = checked.demandBefore
        }
        // A debounce keeps only the newest value until a pause: the one it held is let go.
        if names.role(of: subscriberName) == .debounceInner {
            if let held = debounced[subscriberName] { record(.discarded, target: subscriberName, argument: held) }
            debounced[subscriberName] = value
        }
        // A full buffer lets the newest or the oldest go.
        if !buffered.isEmpty, var buffer = buffered[subscriberName] {
            var kept = true
            if buffer.values.count >= buffer.capacity {
                switch buffer.drops {
                case .newest:
                    record(.discarded, target: subscriberName, argument: value)
                    kept = false
                case .oldest:
                    record(.discarded, target: subscriberName, argument: buffer.values.removeFirst())
                }
            }
            if kept { buffer.values.append(value) }
            buffered[subscriberName] = buffer
        }
    }

    public func didReceive<Downstream: Subscriber>(
        subscriber: Downstream, input: Downstream.Input,
        resultingDemand: Subscribers.Demand
    ) {
        didReceiveValue(resultingDemand: resultingDemand)
    }

    /// `didReceive(subscriber:input:resultingDemand:)`, which needs neither the subscriber nor
    /// the input: the frame `willReceiveValue` pushed says which call returns.
    fileprivate func didReceiveValue(resultingDemand: Subscribers.Demand) {
        guard onOwnerThread,
            let call = pop({ frame -> (position: Int?, subscription: TraceName?, demandBefore: DemandCount?)? in
                frame.transparent || frame.subscriber == nil
                    ? nil : (frame.position, frame.subscription, frame.demandBefore)
            }) ?? nil
        else { return }
        let change = checker.didReceiveValue(
            subscription: call.subscription, demandBefore: call.demandBefore, returned: resultingDemand)
        // Written in place rather than through `update(at:_:)`, whose closure would copy the change.
        guard let index = storedIndex(of: call.position) else { return }
        recorded[index].close(returning: resultingDemand, ledger: change)
    }

    public func willReceive<Downstream: Subscriber>(
        subscriber: Downstream,
        completion: Subscribers.Completion<Downstream.Failure>
    ) {
        guard onOwnerThread else { return }
        if stack.isForwarding(.receiveCompletion, to: subscriber.combineIdentifier) {
            push(.receiveCompletion, position: nil) { $0.transparent = true }
            return
        }
        let text: String
        switch completion {
        case .finished: text = ".finished"
        case .failure(let error): text = ".failure(\(String(reflecting: error)))"
        }
        let subscriberName = names.name(of: subscriber)
        let checked = checker.willReceiveCompletion(subscriber: subscriberName, sequence: sequence + 1, stack: stack)
        let position = record(
            .receiveCompletion, target: subscriberName, argument: .text(text),
            subscription: checked.subscription, violations: checked.violations)
        push(.receiveCompletion, position: position) {
            $0.subscriber = subscriberName
            $0.subscriberID = subscriber.combineIdentifier
            $0.subscription = checked.subscription
        }
    }

    public func didReceive<Downstream: Subscriber>(
        subscriber: Downstream,
        completion: Subscribers.Completion<Downstream.Failure>
    ) {
        guard onOwnerThread else { return }
        _ = pop()
    }

    public func willRequest(subscription: Subscription, _ demand: Subscribers.Demand) {
        guard onOwnerThread else { return }
        let name = names.name(of: subscription)
        let checked = checker.willRequest(demand, subscription: name, sequence: sequence + 1, stack: stack)
        let position = record(
            .request, target: name, argument: .text(Self.source(demand)), ledger: checked.change,
            subscription: name, violations: checked.violations)
        push(.request, position: position) { $0.subscription = name }
    }

    public func didRequest(subscription: Subscription, _ demand: Subscribers.Demand) {
        guard onOwnerThread else { return }
        _ = pop()
    }

    public func willCancel(subscription: Subscription) {
        guard onOwnerThread else { return }
        let name = names.name(of: subscription)
        debounced[name] = nil
        buffered[name] = nil
        // An `AnyCancellable` released with its variable cancels: the argument says which.
        let cause = releaseCause?() ?? ""
        let position = record(.cancel, target: name, argument: .text(cause), subscription: name)
        push(.cancel, position: position) { $0.subscription = name }
        checker.willCancel(subscription: name, sequence: sequence, stack: stack)
    }

    public func didCancel(subscription: Subscription) {
        guard onOwnerThread, let frame = pop(), let name = frame.subscription else { return }
        attach(checker.didCancel(subscription, name: name, sequence: frame.sequence), at: frame)
    }

    // MARK: - Text

    private func publisherName<P: Publisher>(_ publisher: P) -> TraceName {
        if names.isScriptBacked(publisher) { return names.name(of: publisher) }
        if let erased = OwnConformances(of: publisher).erasedPublisher { return names.name(of: erased.basePublisher) }
        return names.name(of: publisher)
    }

    /// A value as the argument of its event: an Int as the number, spelled out when read.
    static func argument<Input>(_ value: Input) -> RecordedArgument {
        if Input.self == Value.self, case .int(let number) = unsafeBitCast(value, to: Value.self) {
            return .integer(number)
        }
        if Input.self == Int.self { return .integer(unsafeBitCast(value, to: Int.self)) }
        return .text(describe(value))
    }

    static func describe<Input>(_ value: Input) -> String {
        // Script values are the engine's usual input: read as what they are, without
        // boxing them into an `Any` and casting back, once per traced value.
        if Input.self == Value.self { return bounded(unsafeBitCast(value, to: Value.self).debugDescription) }
        if let value = value as? Value { return bounded(value.debugDescription) }
        return bounded(String(reflecting: value))
    }

    /// The most characters of a value's text, or of a printed line, an event keeps: a
    /// hundred 3 MB strings sent through a traced `map` kept gigabytes.
    public static let maxArgumentLength = 1_000

    /// `text`, or its first `maxArgumentLength` characters and a note of how much is left out.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maxArgumentLength else { return text }
        let kept = text.prefix(maxArgumentLength)
        guard kept.endIndex < text.endIndex else { return text }
        return String(kept) + "… (\(text.utf8.count - kept.utf8.count) more bytes)"
    }

    /// A demand as Swift source writes it: `.max(3)`, `.unlimited`, `.none`.
    static func source(_ demand: Subscribers.Demand) -> String {
        guard let count = demand.max else { return ".unlimited" }
        if count < commonDemandSources.count { return commonDemandSources[count] }
        return ".max(\(count))"
    }

    /// `.none` to `.max(16)`, written once: every traced `receive(_:)` returns one.
    private static let commonDemandSources = [".none"] + (1...16).map { ".max(\($0))" }
}

extension DemandCount {
    init(_ demand: Subscribers.Demand) {
        if let max = demand.max { self = .count(max) } else { self = .unlimited }
    }
}

/// What the stream bridge tells the tracer (the script's sends, the values an operator lets
/// go).
///
/// An object of its own, which the bridge holds, rather than the tracer: OpenCombine's
/// introspection retains and releases the tracer around every call it reports, and the
/// bridge may outlive the tracer (a lesson's environment kept for the next step). The link
/// is told when its tracer goes, and from then on reports nothing.
public final class TracerBridgeLink: SubjectSendObserver, DiscardReporter, BridgeCallObserver {
    // Cleared by the tracer's `deinit`; read on the tracer's thread only. Not `weak`: a weak
    // reference would give the tracer a side table, and its retains and releases around
    // every reported call the runtime's slow path. Not `unowned(unsafe)` either: each use
    // of such a field makes a strong copy, a retain and a release per reported call;
    // `withTracer` lends it without counting.
    fileprivate var tracerReference: Unmanaged<Tracer>?

    @inline(__always)
    private func withTracer(_ body: (Tracer) -> Void) {
        tracerReference?._withUnsafeGuaranteedRef(body)
    }

    fileprivate init() {}

    public func willSend<Subject: AnyObject>(_ value: Value, to subject: Subject, dropsWithoutDemand: Bool) {
        withTracer { $0.willSend(value, to: subject, dropsWithoutDemand: dropsWithoutDemand) }
    }

    public func didSend<Subject: AnyObject>(to subject: Subject) {
        withTracer { $0.didSend(to: subject) }
    }

    public func discarded<Stage: AnyObject>(_ value: Any, by stage: Stage) {
        withTracer { $0.discarded(value, by: stage) }
    }

    // The calls the bridge makes in place of OpenCombine's introspection wrappers
    // (`StreamBridge.callObserver`), passed on as the wrappers would pass them to the hook.

    public func willReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription) {
        withTracer { $0.willReceive(subscriber: subscriber, subscription: subscription) }
    }

    public func didReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription) {
        withTracer { $0.didReceive(subscriber: subscriber, subscription: subscription) }
    }

    public func willReceive<Downstream: Subscriber>(subscriber: Downstream, input: Downstream.Input) {
        withTracer { $0.willReceive(subscriber: subscriber, input: input) }
    }

    public func didReceive<Downstream: Subscriber>(
        subscriber: Downstream, input: Downstream.Input, resultingDemand: Subscribers.Demand
    ) {
        withTracer { $0.didReceive(subscriber: subscriber, input: input, resultingDemand: resultingDemand) }
    }

    public func willReceive(scriptSubscriber receiver: Value, identifier: CombineIdentifier, input: Value) {
        withTracer { $0.willReceive(scriptSubscriber: receiver, identifier: identifier, input: input) }
    }

    public func didReceive(scriptSubscriberValue resultingDemand: Subscribers.Demand) {
        withTracer { $0.didReceiveValue(resultingDemand: resultingDemand) }
    }

    public func willReceive<Downstream: Subscriber>(
        subscriber: Downstream, completion: Subscribers.Completion<Downstream.Failure>
    ) {
        withTracer { $0.willReceive(subscriber: subscriber, completion: completion) }
    }

    public func didReceive<Downstream: Subscriber>(
        subscriber: Downstream, completion: Subscribers.Completion<Downstream.Failure>
    ) {
        withTracer { $0.didReceive(subscriber: subscriber, completion: completion) }
    }

    public func willRequest(subscription: Subscription, _ demand: Subscribers.Demand) {
        withTracer { $0.willRequest(subscription: subscription, demand) }
    }

    public func didRequest(subscription: Subscription, _ demand: Subscribers.Demand) {
        withTracer { $0.didRequest(subscription: subscription, demand) }
    }

    public func willCancel(subscription: Subscription) {
        withTracer { $0.willCancel(subscription: subscription) }
    }

    public func didCancel(subscription: Subscription) {
        withTracer { $0.didCancel(subscription: subscription) }
    }
}

extension Tracer {
    func willSend<Subject: AnyObject>(_ value: Value, to subject: Subject, dropsWithoutDemand: Bool) {
        guard onOwnerThread else { return }
        let name = names.name(of: subject)
        var unfed: [(name: TraceName, subscriber: TraceName, demand: DemandCount)] = []
        var liveCount = 0
        let conduits = subjectConduits[name] ?? []
        for conduit in conduits {
            guard let delivery = checker.activeDelivery(of: conduit) else { continue }
            liveCount += 1
            if case .count(let count) = delivery.demand, count <= 0 {
                unfed.append((conduit, delivery.subscriber, delivery.demand))
            }
        }
        // Written back only when a conduit ended: on most sends none did.
        if liveCount != conduits.count {
            subjectConduits[name] = conduits.filter { checker.activeDelivery(of: $0) != nil }
        }
        let argument = Self.argument(value)
        let position = record(.send, target: name, argument: argument)
        push(.send, position: position)
        sends.append(
            SendInProgress(
                value: argument, dropsWithoutDemand: dropsWithoutDemand, reachesAnyone: liveCount > 0,
                unfed: unfed, notesDeliveries: dropsWithoutDemand && !unfed.isEmpty))
    }

    /// What the subject did not deliver is recorded under the send: each subscriber that had
    /// no demand, or the lack of any subscriber.
    func didSend<Subject: AnyObject>(to subject: Subject) {
        guard onOwnerThread, let send = sends.popLast() else { return }
        if send.dropsWithoutDemand {
            if !send.reachesAnyone { record(.dropped, target: nil, argument: send.value) }
            for conduit in send.unfed where !send.delivered.contains(conduit.name) {
                record(
                    .dropped, target: conduit.subscriber, argument: send.value,
                    ledger: DemandChange(subscription: conduit.name, before: conduit.demand, after: conduit.demand),
                    subscription: conduit.name)
            }
        }
        _ = pop()
    }

    /// Recorded under the call the stage is in (the `receive(_:)` that brought the value).
    func discarded<Stage: AnyObject>(_ value: Any, by stage: Stage) {
        guard onOwnerThread else { return }
        record(.discarded, target: names.name(of: stage), argument: .text(Self.describe(value)))
    }
}

// MARK: - Tasks

/// Each task is a lane of the trace: its start, each wait and resumption, and its end are
/// events among the Combine calls, in the order they happened.
extension Tracer: TaskObserver {
    public func runningTaskChanged(to number: Int) {
        lane = number
    }

    public func taskStarted(_ task: ScriptTask) {
        guard onOwnerThread else { return }
        record(.taskStart, target: names.name(forText: task.name), argument: .none)
    }

    public func taskWillWait(_ task: ScriptTask, for awaited: AwaitedCall) {
        guard onOwnerThread else { return }
        var what = awaited.call
        if let other = awaited.object as? ScriptTask {
            what = "\(other.name).\(awaited.call)"
        } else if let object = awaited.object {
            what = "\(names.text(of: names.name(of: object))).\(awaited.call)"
        }
        record(.taskAwait, target: laneTarget(task), argument: .text(what))
    }

    public func taskResumed(_ task: ScriptTask, with value: Value?) {
        guard onOwnerThread else { return }
        // A wait for a Void (a task that returns nothing, a `resume()`) gives nothing to show.
        var given = ""
        if let value, case .void = value {} else if let value { given = Self.describe(value) }
        record(.taskResume, target: laneTarget(task), argument: .text(given))
    }

    public func taskEnded(_ task: ScriptTask, result: Result<Value, ThrownValue>) {
        guard onOwnerThread else { return }
        let outcome: String
        switch result {
        case .success(.void): outcome = "returns"
        case .success(let value): outcome = "returns \(Self.describe(value))"
        case .failure(let thrown): outcome = "throws \(Self.describe(thrown.value))"
        }
        record(.taskEnd, target: names.name(forText: task.name), argument: .text(outcome))
    }

    /// A task's name; the top level, when it is the one that waits.
    private func laneTarget(_ task: ScriptTask) -> TraceName {
        names.name(forText: task.isMain ? "top level" : task.name)
    }
}
