import OpenCombine

/// A point in virtual time: nanoseconds since the clock started.
public struct VirtualTime: Strideable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public func distance(to other: VirtualTime) -> Stride {
        Stride(nanoseconds: other.nanoseconds.addingSaturated(nanoseconds == .min ? .max : -nanoseconds))
    }

    public func advanced(by stride: Stride) -> VirtualTime {
        VirtualTime(nanoseconds: nanoseconds.addingSaturated(stride.nanoseconds))
    }

    public var description: String { "VirtualTime(\(VirtualClock.format(.nanoseconds(nanoseconds))))" }

    /// A span of virtual time. Numeric literals are seconds, as for `DispatchQueue`'s and
    /// `RunLoop`'s strides.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
        Hashable, Sendable, CustomStringConvertible
    {
        public typealias FloatLiteralType = Double
        public typealias IntegerLiteralType = Int
        public typealias Magnitude = Int64

        public var nanoseconds: Int64

        public init(nanoseconds: Int64) {
            self.nanoseconds = nanoseconds
        }

        public var magnitude: Int64 { nanoseconds == .min ? .max : abs(nanoseconds) }
        public var description: String { VirtualClock.format(.nanoseconds(nanoseconds)) }

        public init(integerLiteral value: Int) { self = .seconds(value) }
        public init(floatLiteral value: Double) { self = .seconds(value) }

        public init?<Source: BinaryInteger>(exactly source: Source) {
            guard let seconds = Int(exactly: source) else { return nil }
            self = .seconds(seconds)
        }

        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
        public static func + (lhs: Stride, rhs: Stride) -> Stride {
            Stride(nanoseconds: lhs.nanoseconds.addingSaturated(rhs.nanoseconds))
        }
        public static func - (lhs: Stride, rhs: Stride) -> Stride {
            Stride(nanoseconds: lhs.nanoseconds.addingSaturated(rhs.nanoseconds == .min ? .max : -rhs.nanoseconds))
        }
        /// As `RunLoop`'s stride does: seconds times seconds.
        public static func * (lhs: Stride, rhs: Stride) -> Stride {
            .seconds(Double(lhs.nanoseconds) / 1_000_000_000 * (Double(rhs.nanoseconds) / 1_000_000_000))
        }
        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

        public static func seconds(_ value: Int) -> Stride { Stride(nanoseconds: scaled(value, 1_000_000_000)) }
        public static func seconds(_ value: Double) -> Stride { Stride(nanoseconds: nanoseconds(fromSeconds: value)) }
        public static func milliseconds(_ value: Int) -> Stride { Stride(nanoseconds: scaled(value, 1_000_000)) }
        public static func microseconds(_ value: Int) -> Stride { Stride(nanoseconds: scaled(value, 1_000)) }
        public static func nanoseconds(_ value: Int) -> Stride { Stride(nanoseconds: Int64(value)) }

        private static func scaled(_ value: Int, _ factor: Int64) -> Int64 {
            let (product, overflow) = Int64(value).multipliedReportingOverflow(by: factor)
            if overflow { return value < 0 ? .min : .max }
            return product
        }

        /// Seconds as a Double, rounded to the nearest nanosecond (0.3 s is 300 000 000 ns,
        /// not 299 999 999), saturating.
        static func nanoseconds(fromSeconds seconds: Double) -> Int64 {
            let value = (seconds * 1_000_000_000).rounded()
            if value.isNaN { return 0 }
            if value >= 9.2e18 { return .max }
            if value <= -9.2e18 { return .min }
            return Int64(value)
        }
    }
}

/// A scheduler a script can name, on the bridge's virtual clock. It conforms to
/// OpenCombine's `Scheduler`, so `delay`, `debounce`, `receive(on:)` and the other
/// operators are OpenCombine's own; only time is virtual.
public struct VirtualScheduler: Scheduler, CustomStringConvertible {
    public typealias SchedulerTimeType = VirtualTime
    /// Scripts pass `options: nil`; no scheduler here has options.
    public typealias SchedulerOptions = Never

    /// Which scheduler of the compiled program this one stands for.
    public enum Kind: Hashable, Sendable {
        case dispatchMain
        case dispatchGlobal(qos: String)
        /// `DispatchQueue(label:)`: `id` tells apart queues of the same label.
        case dispatchQueue(label: String, id: Int)
        case runLoopMain
        case operationQueueMain
        case operationQueue(id: Int)

        /// True for queues whose work runs off the main thread in the compiled program.
        public var isBackground: Bool { lane == .timer }

        /// Its place among work due at the same instant.
        public var lane: VirtualClock.Lane {
            switch self {
            case .dispatchMain, .operationQueueMain: return .mainQueue
            case .runLoopMain: return .runLoop
            case .dispatchGlobal, .dispatchQueue, .operationQueue: return .timer
            }
        }

        /// Whose stride type the compiled program would use (it prints differently).
        var family: SchedulerFamily {
            switch self {
            case .dispatchMain, .dispatchGlobal, .dispatchQueue: return .dispatchQueue
            case .runLoopMain: return .runLoop
            case .operationQueueMain, .operationQueue: return .operationQueue
            }
        }
    }

    public let kind: Kind
    /// Weak: pending work holds schedulers, and the bridge owns the clock.
    public private(set) weak var clock: VirtualClock?
    /// `OperationQueue.main`'s operations, shared by every copy of this scheduler.
    private let operations: OperationQueueState?

    public init(_ kind: Kind, clock: VirtualClock) {
        self.kind = kind
        self.clock = clock
        operations = kind == .operationQueueMain ? OperationQueueState() : nil
    }

    public var description: String { "\(kind)" }

    public var now: VirtualTime { VirtualTime(nanoseconds: clock?.nowNanoseconds ?? 0) }
    public var minimumTolerance: VirtualTime.Stride { .nanoseconds(0) }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        guard let clock else { return }
        if let operations {
            operations.add(action, clock: clock, lane: kind.lane)
        } else {
            clock.schedule(at: clock.nowNanoseconds, lane: kind.lane, inBackground: kind.isBackground, action)
        }
    }

    public func schedule(
        after date: VirtualTime, tolerance: VirtualTime.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) {
        guard let clock else { return }
        // A deadline already passed behaves like `async`: it waits its turn in its queue.
        guard date.nanoseconds > clock.nowNanoseconds else { return schedule(options: nil, action) }
        clock.schedule(at: date.nanoseconds, lane: .timer, inBackground: kind.isBackground, deliver(action))
    }

    public func schedule(
        after date: VirtualTime, interval: VirtualTime.Stride, tolerance: VirtualTime.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) -> Cancellable {
        guard let clock else { return AnyCancellable {} }
        // A timer with an interval of 0 or less fires once, as Foundation's does; one due
        // already first fires in its queue's turn, like `async`.
        let lane = date.nanoseconds > clock.nowNanoseconds ? VirtualClock.Lane.timer : kind.lane
        let token = clock.schedule(
            at: date.nanoseconds, interval: interval.nanoseconds > 0 ? interval.nanoseconds : nil,
            lane: lane, inBackground: kind.isBackground, deliver(action))
        return AnyCancellable { [weak clock] in clock?.cancel(token) }
    }

    /// What a deadline runs: the action itself, or for `OperationQueue.main` an operation
    /// that becomes ready then and waits its turn (as OpenCombine's `DelayReadyOperation`).
    private func deliver(_ action: @escaping () -> Void) -> () -> Void {
        guard let operations else { return action }
        return { [weak clock, lane = kind.lane] in
            guard let clock else { return }
            operations.add(action, clock: clock, lane: lane)
        }
    }
}

/// `OperationQueue.main` runs one operation per turn of the main queue: an operation added
/// while others wait runs after the main-queue work added meanwhile. This is what the
/// compiled program shows (swift-corelibs-foundation dispatches one block per operation
/// when the previous one starts), e.g. `addOperation(a); main.async(b); addOperation(c);
/// main.async(e)` prints a b e c.
final class OperationQueueState {
    private var pending: [() -> Void] = []
    private var turnScheduled = false

    func add(_ operation: @escaping () -> Void, clock: VirtualClock, lane: VirtualClock.Lane) {
        pending.append(operation)
        scheduleTurn(clock: clock, lane: lane)
    }

    private func scheduleTurn(clock: VirtualClock, lane: VirtualClock.Lane) {
        guard !turnScheduled, !pending.isEmpty else { return }
        turnScheduled = true
        clock.schedule(at: clock.nowNanoseconds, lane: lane) { [weak self, weak clock] in
            guard let self, let clock else { return }
            self.turnScheduled = false
            guard !self.pending.isEmpty else { return }
            let operation = self.pending.removeFirst()
            self.scheduleTurn(clock: clock, lane: lane)
            operation()
        }
    }
}

/// The scheduler types of the compiled program whose strides print differently.
enum SchedulerFamily: Sendable {
    case dispatchQueue, runLoop, operationQueue, immediate
}

/// A scheduler the bridge hands to OpenCombine's operators: the virtual ones, and
/// OpenCombine's own `ImmediateScheduler`.
protocol ScriptScheduler: Scheduler {
    /// The scheduler's stride for a duration in nanoseconds.
    func stride(nanoseconds: Int64) -> SchedulerTimeType.Stride
    /// The scheduler's time at a virtual instant.
    func time(nanoseconds: Int64) -> SchedulerTimeType
    /// A stride of this scheduler as a script sees it (what `measureInterval` emits).
    func strideAmount(_ stride: SchedulerTimeType.Stride) -> StrideAmount
}

extension VirtualScheduler: ScriptScheduler {
    func stride(nanoseconds: Int64) -> VirtualTime.Stride { .init(nanoseconds: nanoseconds) }
    func time(nanoseconds: Int64) -> VirtualTime { VirtualTime(nanoseconds: nanoseconds) }

    func strideAmount(_ stride: VirtualTime.Stride) -> StrideAmount {
        switch kind.family {
        case .dispatchQueue, .immediate: return StrideAmount(family: .dispatchQueue, nanoseconds: stride.nanoseconds)
        case .runLoop, .operationQueue:
            return StrideAmount(family: kind.family, seconds: Double(stride.nanoseconds) / 1_000_000_000)
        }
    }
}

extension ImmediateScheduler: ScriptScheduler {
    func stride(nanoseconds: Int64) -> SchedulerTimeType.Stride { .init(Int(nanoseconds / 1_000_000_000)) }
    /// ImmediateScheduler has one instant only.
    func time(nanoseconds: Int64) -> SchedulerTimeType { now }

    func strideAmount(_ stride: SchedulerTimeType.Stride) -> StrideAmount {
        StrideAmount(family: .immediate, count: stride.magnitude)
    }
}
