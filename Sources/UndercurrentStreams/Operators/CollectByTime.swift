import OpenCombine
import UndercurrentInterpreter

/// `collect(.byTime(scheduler, stride))` and `collect(.byTimeOrCount(scheduler, stride, count))`,
/// which OpenCombine 0.14.0 lacks. Written from Combine's documentation:
///
/// - On subscription a repeating timer starts on the scheduler, one stride from now. At
///   each tick the values collected since the last group go downstream as one array -
///   if there are any (an empty interval sends nothing) and if the downstream asked for a
///   group. Without demand the values wait and join the next group.
/// - `.byTimeOrCount` also sends a group as soon as it holds `count` values.
/// - When the upstream finishes, what was collected goes as a last group, then `.finished`;
///   without demand for it, both wait for the next request. A failure goes at once and
///   the collected values are dropped.
/// - Demand: `.byTime` cannot bound a group, so it asks the upstream for `.unlimited` once
///   the downstream asks for anything. `.byTimeOrCount` asks for `count` values per group
///   the downstream wants (less what it already holds), like `collect(_ count:)`.
extension Publishers {
    /// A publisher that buffers and periodically publishes its items.
    struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
        typealias Output = [Upstream.Output]
        typealias Failure = Upstream.Failure

        let upstream: Upstream
        let scheduler: Context
        let stride: Context.SchedulerTimeType.Stride
        /// nil for `.byTime`.
        let count: Int?

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
            upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, stride: stride, count: count))
        }
    }
}

extension Publishers.CollectByTime {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
        CustomReflectable
    where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription
            case subscribed(Subscription)
            /// The upstream finished; the last group waits for demand.
            case finishing
            case terminal
        }

        private let downstream: Downstream
        private let scheduler: Context
        private let stride: Context.SchedulerTimeType.Stride
        private let count: Int?
        private var state = State.awaitingSubscription
        private var buffer: [Upstream.Output] = []
        private var downstreamDemand = Subscribers.Demand.none
        /// Values asked of the upstream and not yet received (`.byTimeOrCount`).
        private var upstreamDemand = Subscribers.Demand.none
        private var timer: Cancellable?

        init(downstream: Downstream, scheduler: Context, stride: Context.SchedulerTimeType.Stride, count: Int?) {
            self.downstream = downstream
            self.scheduler = scheduler
            self.stride = stride
            self.count = count
        }

        var description: String { "CollectByTime" }

        var customMirror: Mirror {
            Mirror(self, children: ["buffer": buffer, "demand": downstreamDemand], displayStyle: .class)
        }

        // MARK: Subscriber (the upstream side)

        func receive(subscription: Subscription) {
            guard case .awaitingSubscription = state else {
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            timer = scheduler.schedule(
                after: scheduler.now.advanced(by: stride), interval: stride,
                tolerance: scheduler.minimumTolerance, options: nil
            ) { [weak self] in
                self?.tick()
            }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            guard case .subscribed = state else { return .none }
            buffer.append(input)
            if count != nil, let pending = upstreamDemand.max, pending > 0 {
                upstreamDemand -= 1
            }
            if let count, buffer.count >= count, downstreamDemand > .none {
                sendGroup()
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            guard case .subscribed = state else { return }
            stopTimer()
            switch completion {
            case .finished:
                if buffer.isEmpty || downstreamDemand > .none {
                    finish()
                } else {
                    state = .finishing
                }
            case .failure:
                state = .terminal
                buffer = []
                downstream.receive(completion: completion)
            }
        }

        // MARK: Subscription (the downstream side)

        func request(_ demand: Subscribers.Demand) {
            guard demand > .none else { return }
            switch state {
            case .subscribed(let subscription):
                downstreamDemand += demand
                if count == nil {
                    if upstreamDemand != .unlimited {
                        upstreamDemand = .unlimited
                        subscription.request(.unlimited)
                    }
                } else {
                    askUpstream(subscription)
                }
                if let count, buffer.count >= count, downstreamDemand > .none {
                    sendGroup()
                }
            case .finishing:
                downstreamDemand += demand
                finish()
            case .awaitingSubscription, .terminal:
                break
            }
        }

        func cancel() {
            guard case .subscribed(let subscription) = state else {
                if case .finishing = state { state = .terminal }
                return
            }
            state = .terminal
            stopTimer()
            buffer = []
            subscription.cancel()
        }

        // MARK: Groups

        private func tick() {
            guard case .subscribed = state, !buffer.isEmpty, downstreamDemand > .none else { return }
            sendGroup()
        }

        private func sendGroup() {
            let group = buffer
            buffer = []
            downstreamDemand -= 1
            let more = downstream.receive(group)
            downstreamDemand += more
            if case .subscribed(let subscription) = state, count != nil {
                askUpstream(subscription)
            }
        }

        /// Keeps `count` values asked for per group wanted, less what the buffer holds.
        private func askUpstream(_ subscription: Subscription) {
            guard let count, upstreamDemand != .unlimited else { return }
            guard let groups = downstreamDemand.max else {
                upstreamDemand = .unlimited
                subscription.request(.unlimited)
                return
            }
            let (wanted, overflow) = groups.multipliedReportingOverflow(by: count)
            if overflow {
                upstreamDemand = .unlimited
                subscription.request(.unlimited)
                return
            }
            let missing = wanted - buffer.count - (upstreamDemand.max ?? 0)
            if missing > 0 {
                upstreamDemand += .max(missing)
                subscription.request(.max(missing))
            }
        }

        private func finish() {
            state = .terminal
            if !buffer.isEmpty {
                let group = buffer
                buffer = []
                if downstreamDemand > .none { downstreamDemand -= 1 }
                _ = downstream.receive(group)
            }
            downstream.receive(completion: .finished)
        }

        private func stopTimer() {
            timer?.cancel()
            timer = nil
        }
    }
}

extension StreamBridge {
    func installCollectByTime() {
        let strategy = timeTypes.timeGrouping
        strategy.addNativeMethod(
            NativeFunction("byTime(_:_:)", types: [nil, TimeTypes.strideParameter]) {
                [unowned self] arguments in
                try self.timeGrouping(arguments, count: nil)
            }, isStatic: true)
        strategy.addNativeMethod(
            NativeFunction(
                "byTimeOrCount(_:_:_:)",
                types: [nil, TimeTypes.strideParameter, .simple("Int")]
            ) {
                [unowned self] arguments in
                guard case .int(let count) = arguments[2] else {
                    throw ScriptError.runtime("byTimeOrCount's count must be an Int", at: arguments.location)
                }
                guard count > 0 else {
                    throw ScriptError.runtime(
                        "byTimeOrCount's count must be at least 1 (got \(count))",
                        at: arguments.location)
                }
                return try self.timeGrouping(arguments, count: count)
            }, isStatic: true)

        // `collect(3)` and `collect(.byTime(...))` share a name and a label; this one goes
        // first so that `.byTime` finds its type, and hands a count to the `collect(_:)`
        // registered beside it (or OpenCombine's `collect(_:)` when there is none).
        let function = NativeFunction(
            "collect(_:options:)", defaults: ["options"],
            types: [.named(["Publishers", "TimeGroupingStrategy"], [])]
        ) {
            [unowned self] arguments in
            let upstream = try self.publisher(from: arguments.receiver ?? .void, at: arguments.location)
            guard case .native(let grouping as TimeGroupingValue) = arguments[0].loaded else {
                return try self.collectByCount(upstream, arguments)
            }
            let scheduler = grouping.scheduler.scheduler
            let result = upstream.with(
                { self.collect($0, grouping, scheduler) },
                { self.collect($0, grouping, scheduler) })
            try self.interpreter.throwPendingError(at: arguments.location)
            return result
        }
        types.publisher.instanceMembers["collect", default: []].insert(.method(.native(function)), at: 0)
    }

    private func timeGrouping(_ arguments: NativeArguments, count: Int?) throws -> Value {
        let scheduler = try schedulerArgument(arguments[0], at: arguments.location)
        let nanoseconds = try strideNanoseconds(arguments[1], "the collection interval", at: arguments.location)
        guard nanoseconds > 0 || scheduler.family == .immediate else {
            throw ScriptError.runtime(
                "collect's interval must be longer than zero", at: arguments.location,
                notes: ["A zero interval would start the next group at once, forever."])
        }
        var stride: StrideValue?
        if case .native(let value as StrideValue) = arguments[1].loaded { stride = value }
        return .native(
            TimeGroupingValue(
                scheduler: scheduler, nanoseconds: nanoseconds, stride: stride, count: count,
                type: timeTypes.timeGrouping))
    }

    private func collect<P: Publisher, S: ScriptScheduler>(
        _ upstream: P, _ grouping: TimeGroupingValue,
        _ scheduler: S
    ) -> Value where P.Output == Value {
        arrayValues(
            Publishers.CollectByTime(
                upstream: upstream, scheduler: scheduler,
                stride: scheduler.stride(nanoseconds: grouping.nanoseconds),
                count: grouping.count))
    }

    /// `collect(3)`: the other `collect(_:)` if one is registered, else OpenCombine's.
    private func collectByCount(_ upstream: AnyScriptPublisher, _ arguments: NativeArguments) throws -> Value {
        for entry in types.publisher.instanceMembers["collect"] ?? [] {
            guard case .method(.native(let other)) = entry, other.signature.labels == [nil] else { continue }
            return try other.body(
                NativeArguments(
                    interpreter: interpreter, receiver: arguments.receiver,
                    receiverCell: nil, values: [arguments[0]], inoutCells: [:],
                    location: arguments.location))
        }
        let count = try integer(arguments[0], "collect's count", at: arguments.location)
        guard count > 0 else {
            throw ScriptError.runtime("collect's count must be at least 1", at: arguments.location)
        }
        let result = upstream.with({ arrayValues($0.collect(count)) }, { arrayValues($0.collect(count)) })
        try interpreter.throwPendingError(at: arguments.location)
        return result
    }
}
