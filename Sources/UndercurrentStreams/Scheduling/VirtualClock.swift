// Virtual time: why our own clock and not pointfreeco/combine-schedulers.
//
// combine-schedulers 1.2.2 was evaluated. Its `TestScheduler` does work with OpenCombine
// on Linux (through OpenCombineShim; `DispatchQueue.test` drove OpenCombine's `delay` here),
// and its queue discipline - run what is due in (date, sequence) order, set `now` to each
// action's date before running it, keep a repeating action's sequence number - is the one
// this clock copies, because a Combine expert trusts it. We still write the clock, because:
// - One clock must drive every scheduler a script names (DispatchQueue, RunLoop,
//   OperationQueue) and interleave them by time. A TestScheduler is one clock per time
//   type (`DispatchQueue.test` and `RunLoop.test` each keep their own `now` and queue); we
//   need our own time type and scheduler values anyway, so the library would add only its
//   ~40-line queue.
// - The drain must be bounded and interruptible (an action limit, Ctrl-C, a script error
//   in a callback) and must order same-instant work as the oracle's run loop does (below).
//   `TestScheduler.run()` loops forever on a timer and has no lanes.
// - Dependencies: it brings swift-concurrency-extras and xctest-dynamic-overlay
//   (IssueReporting: test-support code that looks XCTest up at run time) into a shipped
//   CLI. 1.2.2's main manifest needs tools 6.4 and names swift-issue-reporting; on our
//   Swift 6.3.1 it resolves only through its Package@swift-6.1.swift fallback. The build
//   cost is modest (a clean debug build with OpenCombine took ~25 s of CPU instead of ~19 s),
//   so that was not the reason.
// - It is built for threads (locks, @unchecked Sendable, async `advance`); we have one.
// Project rule: add a dependency only when a well-kept library does the job better than
// code we would write. Here the job differs, so the code is ours, and tested
// (Tests/UndercurrentTests/VirtualTimeTests.swift).

/// The virtual clock of one stream bridge. Every scheduler a script can name puts its work
/// here; nothing happens in real time and nothing runs on another thread. Work runs when
/// time is advanced: after each input (see `endOfInput`) or when the REPL steps time.
///
/// Order, measured against the oracle (the snippet compiled, its main run loop spinning):
/// - Work runs in time order. Work with a deadline (`asyncAfter`, `delay`, timers, on any
///   queue) runs, at one instant, in the order it was scheduled - a repeating timer keeps
///   its first place - and before the immediate work of that instant.
/// - Immediate work at one instant goes by lane: background queues first (in the compiled
///   program they start at once on their own threads), then run loop blocks
///   (`RunLoop.main.schedule`, `receive(on: RunLoop.main)`), then the main queue
///   (`DispatchQueue.main.async`, `receive(on: DispatchQueue.main)`): the main run loop
///   performs its blocks before it drains the main queue. Within a lane, first come first.
/// - `OperationQueue.main` runs one operation per turn of the main queue (see
///   `OperationQueueState`).
/// Where the oracle itself varies (a background queue racing the main thread; two deadlines
/// a few microseconds apart) this is one fixed choice.
public final class VirtualClock {
    /// Where same-instant work goes in line.
    public enum Lane: Int, Comparable, Sendable {
        /// Work with a deadline, and work on background queues.
        case timer = 0
        /// Blocks performed by the main run loop.
        case runLoop = 1
        /// The main dispatch queue (and `OperationQueue.main`, which runs on it).
        case mainQueue = 2

        public static func < (lhs: Lane, rhs: Lane) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Names one scheduled action, to cancel it.
    public struct Token: Hashable, Sendable {
        let id: UInt64
    }

    /// What the clock does after each top-level input.
    public enum EndOfInput: Equatable, Sendable {
        /// Run the work due within this much virtual time, then stop with time advanced by
        /// exactly that much. The default, 1.5 s, is what the oracle does: the compiled
        /// program's main run loop runs on for 1.5 s after the top-level code, so
        /// `undercurrent run` prints the same. The end is included: in the oracle a
        /// `Timer.publish(every: 0.5)` ticks three times and an `asyncAfter(.now() + 1.5)`
        /// runs (its run loop starts a little after the script scheduled them). Work due
        /// later stays pending, with a note in `Report.note` / `lastNote`.
        case run(for: Duration)
        /// Run only work due now (`receive(on:)`, `async`), leave time where it is.
        case runDueOnly
        /// Leave everything pending; time moves only through `advance`.
        case nothing
    }

    /// Why an advance stopped before reaching its target time.
    public enum StopReason: Equatable, Sendable {
        /// More actions than `maxActionsPerAdvance` were due (a very fast timer?).
        case actionLimit(Int)
        /// A script error is waiting, or the learner pressed Ctrl-C.
        case aborted
    }

    /// The result of running scheduled work.
    public struct Report: Equatable, Sendable {
        public var actionsRun = 0
        public var stopped: StopReason?
        /// Actions still scheduled afterwards.
        public var pending = 0
        /// When the next of them is due.
        public var nextDue: Duration?
        /// A sentence for the learner (on standard error, never in the program's output)
        /// when work was left undone; nil when everything due has run.
        public var note: String?
    }

    private struct Entry {
        var time: Int64
        let lane: Lane
        let sequence: UInt64
        let id: UInt64
        /// Nanoseconds between runs of a repeating action.
        let interval: Int64?
        /// Work of a background queue: `Thread.isMainThread` is false while it runs.
        let inBackground: Bool
        let action: () -> Void

        func precedes(_ other: Entry) -> Bool {
            if time != other.time { return time < other.time }
            if lane != other.lane { return lane < other.lane }
            return sequence < other.sequence
        }
    }

    /// Virtual nanoseconds since the clock started.
    public private(set) var nowNanoseconds: Int64 {
        get { reading.nanoseconds }
        set { reading.nanoseconds = newValue }
    }
    /// The clock's time, for a reader that must not keep the clock (and what it has scheduled) alive.
    public let reading = VirtualClockReading()
    private var entries: [Entry] = []
    private var lastSequence: UInt64 = 0
    private var isAdvancing = false
    /// True while an action of a background queue runs (for `Thread.isMainThread`).
    public private(set) var isRunningBackgroundWork = false

    /// The longest run of actions one advance performs before it stops with a note.
    public var maxActionsPerAdvance = 10_000
    /// What happens after each top-level input; see `EndOfInput`.
    public var endOfInput: EndOfInput = .run(for: .milliseconds(1500))
    /// Asked before every action; true stops the advance (a script error, Ctrl-C).
    public var shouldStop: () -> Bool = { false }
    /// The note of the last advance that left work undone, for the session to show.
    public private(set) var lastNote: String?
    /// Wall-clock seconds since 1970 at virtual time zero, for the dates timers publish
    /// and `RunLoop.main.now` prints. Set it to make dates reproducible.
    public var epochSecondsSince1970: Int64 = wallClockSeconds()

    public init() {}

    // MARK: - Reading time

    /// Virtual time since the clock started.
    public var now: Duration { .nanoseconds(nowNanoseconds) }
    /// Virtual time in milliseconds, for the tracer.
    public var nowMilliseconds: Double { reading.milliseconds }
    /// How many actions are scheduled.
    public var pendingCount: Int { entries.count }
    /// When the next scheduled action is due.
    public var nextDue: Duration? { entries.first.map { .nanoseconds($0.time) } }

    // MARK: - Scheduling

    /// Schedules `action` at a virtual time (nanoseconds; the past means now). A repeating
    /// action (`interval` > 0) runs again every `interval` until cancelled; it keeps its
    /// place among same-instant work, as a real timer keeps its deadline.
    @discardableResult
    public func schedule(
        at time: Int64, interval: Int64? = nil, lane: Lane = .timer, inBackground: Bool = false,
        _ action: @escaping () -> Void
    ) -> Token {
        lastSequence += 1
        let repeating = interval.flatMap { $0 > 0 ? $0 : nil }
        insert(
            Entry(
                time: max(time, nowNanoseconds), lane: lane, sequence: lastSequence, id: lastSequence,
                interval: repeating, inBackground: inBackground, action: action))
        return Token(id: lastSequence)
    }

    /// Schedules `action` after `delay` from now.
    @discardableResult
    public func schedule(after delay: Duration, lane: Lane = .timer, _ action: @escaping () -> Void) -> Token {
        schedule(at: nowNanoseconds.addingSaturated(Self.nanoseconds(delay)), lane: lane, action)
    }

    /// Removes a scheduled action; a repeating one stops repeating.
    public func cancel(_ token: Token) {
        entries.removeAll { $0.id == token.id }
    }

    /// Forgets every scheduled action (a session reset).
    public func cancelAll() {
        entries.removeAll()
    }

    private func insert(_ entry: Entry) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].precedes(entry) { low = middle + 1 } else { high = middle }
        }
        entries.insert(entry, at: low)
    }

    // MARK: - Advancing

    /// Runs, in order, everything due within `duration` from now, and moves time on by it.
    @discardableResult
    public func advance(by duration: Duration) -> Report {
        advance(to: nowNanoseconds.addingSaturated(Self.nanoseconds(duration)))
    }

    /// Runs what is due now without moving time.
    @discardableResult
    public func runDue() -> Report {
        advance(to: nowNanoseconds)
    }

    /// Runs, in order, everything due up to and including `target` (nanoseconds), and
    /// leaves time at `target` - or, if it stopped early, at the last action's time.
    @discardableResult
    public func advance(to target: Int64) -> Report {
        var report = Report()
        guard !isAdvancing else {
            // An action cannot advance time from inside the clock; it runs in the current advance.
            report.pending = entries.count
            return report
        }
        isAdvancing = true
        defer { isAdvancing = false }
        while let first = entries.first, first.time <= target {
            if shouldStop() {
                report.stopped = .aborted
                break
            }
            if report.actionsRun >= maxActionsPerAdvance {
                report.stopped = .actionLimit(maxActionsPerAdvance)
                break
            }
            runFirst()
            report.actionsRun += 1
        }
        if report.stopped == nil { nowNanoseconds = max(nowNanoseconds, target) }
        report.pending = entries.count
        report.nextDue = nextDue
        report.note = note(for: report)
        lastNote = report.note
        return report
    }

    /// Runs the first scheduled action, moving time on to it: how a top level that awaits
    /// waits, one action at a time, so that it goes on as soon as what it waits for is done.
    /// False when nothing is scheduled, when the clock must stop (an error, Ctrl-C), or from
    /// inside an action.
    public func runNextAction() -> Bool {
        guard !isAdvancing, !entries.isEmpty, !shouldStop() else { return false }
        isAdvancing = true
        defer { isAdvancing = false }
        runFirst()
        return true
    }

    /// Takes the first entry off the queue (a repeating one goes back, at its next time)
    /// and runs it at its time.
    private func runFirst() {
        let first = entries.removeFirst()
        nowNanoseconds = max(nowNanoseconds, first.time)
        if let interval = first.interval {
            // Queued again before it runs, so an action that cancels itself stops for good.
            var next = first
            next.time = first.time.addingSaturated(interval)
            insert(next)
        }
        let wasInBackground = isRunningBackgroundWork
        isRunningBackgroundWork = first.inBackground
        first.action()
        isRunningBackgroundWork = wasInBackground
    }

    /// What the end-of-input hook runs.
    @discardableResult
    public func runAfterInput() -> Report {
        switch endOfInput {
        case .run(let duration):
            var report = advance(by: duration)
            if report.stopped == nil, report.pending > 0, let next = report.nextDue {
                report.note =
                    "\(report.pending) scheduled \(report.pending == 1 ? "action is" : "actions are") "
                    + "still waiting at \(Self.format(now)) of virtual time (the next at \(Self.format(next))); "
                    + "the compiled program's run loop stops here too"
                lastNote = report.note
            }
            return report
        case .runDueOnly:
            return runDue()
        case .nothing:
            var report = Report()
            report.pending = entries.count
            report.nextDue = nextDue
            return report
        }
    }

    private func note(for report: Report) -> String? {
        switch report.stopped {
        case .actionLimit(let limit)?:
            return "stopped running scheduled work after \(limit) actions at \(Self.format(now)) of virtual time; "
                + "\(report.pending) still waiting (a timer firing very often?)"
        case .aborted?:
            return "stopped running scheduled work at \(Self.format(now)) of virtual time"
        case nil:
            return nil
        }
    }

    // MARK: - Durations

    /// Nanoseconds in a `Duration`, saturating.
    public static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return whole.addingSaturated(attoseconds / 1_000_000_000)
    }

    /// `300ms`, `1.5s`, `2s`, `250us` (or `µs`), `100ns`, `1min`; a bare number is seconds,
    /// as a numeric literal is for a scheduler's stride. Nil when the text is not a duration.
    public static func parseDuration(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: " \t")
        let units: [(String, Double)] = [
            ("ns", 1), ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000),
            ("min", 60_000_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000),
        ]
        var number = Substring(trimmed)
        var scale = 1_000_000_000.0
        for (suffix, factor) in units where trimmed.hasSuffix(suffix) {
            number = trimmed.dropLast(suffix.count)
            scale = factor
            break
        }
        guard let value = Double(number.trimmingCharacters(in: " \t")), value.isFinite, value >= 0 else { return nil }
        let nanoseconds = (value * scale).rounded()
        guard nanoseconds < 9.2e18 else { return nil }
        return .nanoseconds(Int64(nanoseconds))
    }

    /// `0s`, `250µs`, `300ms`, `1.5s`, `2m 5s`: short, for notes and the REPL.
    public static func format(_ duration: Duration) -> String {
        let nanoseconds = Self.nanoseconds(duration)
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        func decimal(_ value: UInt64, _ unit: UInt64) -> String {
            let whole = value / unit
            var fraction = String(value % unit)
            let digits = String(unit - 1).count
            fraction = String(repeating: "0", count: digits - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
        }
        switch magnitude {
        case 0: return "0s"
        case ..<1_000: return "\(sign)\(magnitude)ns"
        case ..<1_000_000: return "\(sign)\(decimal(magnitude, 1_000))µs"
        case ..<1_000_000_000: return "\(sign)\(decimal(magnitude, 1_000_000))ms"
        case ..<60_000_000_000: return "\(sign)\(decimal(magnitude, 1_000_000_000))s"
        default:
            let minutes = magnitude / 60_000_000_000
            let rest = magnitude % 60_000_000_000
            return rest == 0 ? "\(sign)\(minutes)m" : "\(sign)\(minutes)m \(decimal(rest, 1_000_000_000))s"
        }
    }
}

extension Int64 {
    func addingSaturated(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        if overflow { return other > 0 ? .max : .min }
        return sum
    }
}

extension String {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text.removeFirst() }
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return String(text)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        String(self).trimmingCharacters(in: characters)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds since 1970 now: only the starting date of virtual time, never a deadline.
func wallClockSeconds() -> Int64 {
    Int64(time(nil))
}

/// A virtual clock's time (`VirtualClock.reading`), for a reader that asks on every event it
/// records (the tracer): a leaf object, so that holding it keeps neither the clock nor the
/// actions scheduled on it alive, and reading it costs no check that the clock still lives.
public final class VirtualClockReading {
    /// Virtual nanoseconds since the clock started.
    // Unchecked: read on every traced event; written and read on the interpreter's thread.
    @exclusivity(unchecked) public fileprivate(set) var nanoseconds: Int64 = 0

    /// Virtual milliseconds since the clock started.
    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }
}
