import OpenCombine
import UndercurrentInterpreter

/// A scheduler as a script value: `DispatchQueue.main`, `RunLoop.main`, `OperationQueue()`,
/// `ImmediateScheduler.shared`. It prints as the compiled program prints it.
final class SchedulerValue: NativeValue {
    let scheduler: any ScriptScheduler
    let family: SchedulerFamily
    /// `DispatchQueue(label:)`'s label; the main queue's is the one Dispatch gives it.
    let label: String

    init(_ scheduler: any ScriptScheduler, family: SchedulerFamily, label: String, type: TypeInfo) {
        self.scheduler = scheduler
        self.family = family
        self.label = label
        super.init(typeInfo: type)
    }

    /// The virtual scheduler, for dispatch-only members; nil for `ImmediateScheduler`.
    var virtual: VirtualScheduler? { scheduler as? VirtualScheduler }

    override var description: String {
        switch family {
        case .dispatchQueue: return "Dispatch.DispatchQueue"
        case .runLoop: return "<RunLoop: \(pointerText)>"
        case .operationQueue: return "<OperationQueue: \(pointerText)>"
        case .immediate: return "ImmediateScheduler()"
        }
    }

    override var debugDescription: String {
        family == .immediate ? "Combine.ImmediateScheduler()" : description
    }

    /// What a class instance's address looks like when printed (`0x00005586e20565b0`).
    private var pointerText: String {
        let digits = String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}

/// A duration of one scheduler's stride type, as a script sees it. `DispatchQueue`'s
/// counts nanoseconds, `RunLoop`'s and `OperationQueue`'s count seconds as a Double,
/// `ImmediateScheduler`'s is a plain count; each prints as the compiled program prints it.
struct StrideAmount: Equatable {
    enum Magnitude: Equatable {
        case nanoseconds(Int64)
        case seconds(Double)
        case count(Int)
    }

    let family: SchedulerFamily
    let magnitude: Magnitude

    init(family: SchedulerFamily, nanoseconds: Int64) {
        self.family = family
        switch family {
        case .dispatchQueue: magnitude = .nanoseconds(nanoseconds)
        case .runLoop, .operationQueue: magnitude = .seconds(Double(nanoseconds) / 1_000_000_000)
        case .immediate: magnitude = .count(Int(nanoseconds / 1_000_000_000))
        }
    }

    init(family: SchedulerFamily, seconds: Double) {
        self.family = family
        switch family {
        case .dispatchQueue: magnitude = .nanoseconds(VirtualTime.Stride.nanoseconds(fromSeconds: seconds))
        case .runLoop, .operationQueue: magnitude = .seconds(seconds)
        case .immediate: magnitude = .count(clampedInt(seconds))
        }
    }

    init(family: SchedulerFamily, count: Int) {
        self.family = family
        magnitude = .count(count)
    }

    /// The duration on the virtual clock. An `ImmediateScheduler` count is taken as seconds.
    var nanoseconds: Int64 {
        switch magnitude {
        case .nanoseconds(let value): return value
        case .seconds(let value): return VirtualTime.Stride.nanoseconds(fromSeconds: value)
        case .count(let value):
            let (product, overflow) = Int64(value).multipliedReportingOverflow(by: 1_000_000_000)
            return overflow ? (value < 0 ? .min : .max) : product
        }
    }

    var magnitudeValue: Value {
        switch magnitude {
        case .nanoseconds(let value): return .int(Int(value))
        case .seconds(let value): return .double(value)
        case .count(let value): return .int(value)
        }
    }

    var description: String {
        switch magnitude {
        case .nanoseconds(let value): return "Stride(_nanoseconds: \(value))"
        case .seconds(let value): return "Stride(magnitude: \(value))"
        case .count(let value): return "Stride(magnitude: \(value))"
        }
    }

    /// `debugPrint` and collections show the full type name, extension and all (OpenCombine's:
    /// how Apple's Dispatch and Foundation spell these is not recorded anywhere we can cite).
    var debugDescription: String {
        switch family {
        case .dispatchQueue:
            return "(extension in OpenCombineDispatch):Dispatch.DispatchQueue.OCombine.SchedulerTimeType." + description
        case .runLoop:
            return "(extension in OpenCombineFoundation):Foundation.RunLoop.OCombine.SchedulerTimeType." + description
        case .operationQueue:
            return "(extension in OpenCombineFoundation):Foundation.OperationQueue.OCombine.SchedulerTimeType."
                + description
        case .immediate:
            return "Combine.ImmediateScheduler.SchedulerTimeType." + description
        }
    }

    /// The same kind of stride with another amount (for arithmetic).
    func with(nanoseconds: Int64) -> StrideAmount {
        switch magnitude {
        case .nanoseconds: return StrideAmount(family: family, nanoseconds: nanoseconds)
        case .seconds: return StrideAmount(family: family, seconds: Double(nanoseconds) / 1_000_000_000)
        case .count: return StrideAmount(family: family, count: Int(nanoseconds / 1_000_000_000))
        }
    }
}

final class StrideValue: NativeValue {
    let amount: StrideAmount

    init(_ amount: StrideAmount, type: TypeInfo) {
        self.amount = amount
        super.init(typeInfo: type)
    }

    override var description: String { amount.description }
    override var debugDescription: String { amount.debugDescription }

    override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? StrideValue else { return false }
        return amount.nanoseconds == other.amount.nanoseconds
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(amount.nanoseconds) }

    override func isLess(than other: NativeValue) -> Bool? {
        guard let other = other as? StrideValue else { return nil }
        return amount.nanoseconds < other.amount.nanoseconds
    }
}

/// An instant: a scheduler's `now`, or a `DispatchTime` (`.now() + 0.2`).
final class TimeValue: NativeValue {
    enum Kind: Equatable {
        /// `DispatchTime`
        case dispatchTime
        /// A scheduler's `SchedulerTimeType`.
        case schedulerTime(SchedulerFamily)
    }

    let kind: Kind
    /// Virtual nanoseconds since the clock started.
    let nanoseconds: Int64
    /// Seconds since 1970 at virtual time zero, for instants that print as dates.
    let epoch: Int64

    init(_ kind: Kind, nanoseconds: Int64, epoch: Int64, type: TypeInfo) {
        self.kind = kind
        self.nanoseconds = nanoseconds
        self.epoch = epoch
        super.init(typeInfo: type)
    }

    override var description: String {
        switch kind {
        case .dispatchTime:
            return "DispatchTime(rawValue: \(nanoseconds))"
        case .schedulerTime(.dispatchQueue):
            return "SchedulerTimeType(dispatchTime: Dispatch.DispatchTime(rawValue: \(nanoseconds)))"
        case .schedulerTime(.runLoop), .schedulerTime(.operationQueue):
            return
                "SchedulerTimeType(date: \(DateValue.format(secondsSince1970: Double(epoch) + Double(nanoseconds) / 1e9)))"
        case .schedulerTime(.immediate):
            return "SchedulerTimeType()"
        }
    }

    override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? TimeValue else { return false }
        return nanoseconds == other.nanoseconds
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(nanoseconds) }

    override func isLess(than other: NativeValue) -> Bool? {
        guard let other = other as? TimeValue else { return nil }
        return nanoseconds < other.nanoseconds
    }
}

/// `DispatchTimeInterval`: `.milliseconds(200)`, `.seconds(1)`, `.never`.
final class IntervalValue: NativeValue {
    let unit: String
    let count: Int
    let nanoseconds: Int64

    init(unit: String, count: Int, type: TypeInfo) {
        self.unit = unit
        self.count = count
        let factor: Int64
        switch unit {
        case "seconds": factor = 1_000_000_000
        case "milliseconds": factor = 1_000_000
        case "microseconds": factor = 1_000
        case "nanoseconds": factor = 1
        default: factor = 0
        }
        if unit == "never" {
            nanoseconds = .max
        } else {
            let (product, overflow) = Int64(count).multipliedReportingOverflow(by: factor)
            nanoseconds = overflow ? (count < 0 ? .min : .max) : product
        }
        super.init(typeInfo: type)
    }

    override var description: String { unit == "never" ? "never" : "\(unit)(\(count))" }

    override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? IntervalValue else { return false }
        return nanoseconds == other.nanoseconds
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(nanoseconds) }
}

/// A value that only has a name: `DispatchQoS.userInitiated`, `RunLoop.Mode.common`,
/// `DispatchQueue.Attributes.concurrent`.
final class NamedValue: NativeValue {
    let name: String
    let text: String

    init(name: String, text: String, type: TypeInfo) {
        self.name = name
        self.text = text
        super.init(typeInfo: type)
    }

    override var description: String { text }

    override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? NamedValue else { return false }
        return typeInfo === other.typeInfo && name == other.name
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A `Date` on the virtual clock: what timers publish, `Date()` inside scheduled work.
final class DateValue: NativeValue {
    let secondsSince1970: Double

    init(secondsSince1970: Double, type: TypeInfo) {
        self.secondsSince1970 = secondsSince1970
        super.init(typeInfo: type)
    }

    override var description: String { Self.format(secondsSince1970: secondsSince1970) }

    override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? DateValue else { return false }
        return secondsSince1970 == other.secondsSince1970
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(secondsSince1970) }

    override func isLess(than other: NativeValue) -> Bool? {
        guard let other = other as? DateValue else { return nil }
        return secondsSince1970 < other.secondsSince1970
    }

    /// As Foundation prints a `Date`: `2026-11-22 00:13:55 +0000`.
    static func format(secondsSince1970 seconds: Double) -> String {
        // Years 0001 to 9999, as far as the format goes.
        guard seconds.isFinite, seconds > -62_135_596_800, seconds < 253_402_300_800 else {
            return seconds < 0 ? "0001-01-01 00:00:00 +0000" : "9999-12-31 23:59:59 +0000"
        }
        let whole = Int64(seconds.rounded(.down))
        var days = whole / 86_400
        var rest = whole % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ number: Int64) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let yearText = String(year)
        let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
        return
            "\(paddedYear)-\(two(month))-\(two(day)) \(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60)) +0000"
    }
}

/// `.byTime(scheduler, stride)` / `.byTimeOrCount(scheduler, stride, count)`.
final class TimeGroupingValue: NativeValue {
    let scheduler: SchedulerValue
    let nanoseconds: Int64
    let stride: StrideValue?
    let count: Int?

    init(scheduler: SchedulerValue, nanoseconds: Int64, stride: StrideValue?, count: Int?, type: TypeInfo) {
        self.scheduler = scheduler
        self.nanoseconds = nanoseconds
        self.stride = stride
        self.count = count
        super.init(typeInfo: type)
    }

    override var description: String {
        let interval = stride?.description ?? VirtualClock.format(.nanoseconds(nanoseconds))
        if let count { return "byTimeOrCount(\(scheduler.description), \(interval), \(count))" }
        return "byTime(\(scheduler.description), \(interval))"
    }
}

/// A Double as an Int without trapping: NaN is 0, and out-of-range values saturate.
func clampedInt(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    if value >= 9.2e18 { return .max }
    if value <= -9.2e18 { return .min }
    return Int(value)
}
