import OpenCombine
import UndercurrentInterpreter

extension StreamBridge {
    /// Installs schedulers, timers and the timing operators, and the end-of-input hook
    /// that runs scheduled work (see `VirtualClock.EndOfInput`).
    func installTiming() {
        clock.shouldStop = { [unowned self] in self.isShutDown || self.interpreter.isAborting }
        installSchedulerTypes()
        installTimerAndDate()
        installThreadsAndWorkItems()
        installTimingOperators()
        installCollectByTime()
        interpreter.afterTopLevelHooks.append { [unowned self] interpreter in
            // A compiled program whose top level awaits (an async `main`) exits when it
            // returns: nothing scheduled runs after it.
            if self.asyncTopLevelEndsTheProgram, interpreter.lastInputAwaitedAtTopLevel { return }
            self.clock.runAfterInput()
        }
        interpreter.tasks.jobQueue = clock
    }

    // MARK: - For the REPL and the tracer

    /// Virtual time since the session started.
    public var virtualNow: Duration { clock.now }

    /// `:advance 300ms`: runs, in virtual-time order, the work due within `duration` and
    /// moves time on. An error raised by that work (in a sink, say) is thrown once it has
    /// stopped; `report.note` says when work was left undone.
    @discardableResult
    public func advanceTime(by duration: Duration) throws -> VirtualClock.Report {
        let report = clock.advance(by: duration)
        try interpreter.throwPendingError()
        return report
    }

    /// Runs everything due now without moving time.
    @discardableResult
    public func runDueWork() throws -> VirtualClock.Report {
        let report = clock.runDue()
        try interpreter.throwPendingError()
        return report
    }
}

/// Tasks' jobs wait on the virtual clock, among the scheduled work of the Combine engine: a
/// task started or resumed now runs on the main queue's lane (a task started at the top
/// level runs on the main actor, whose jobs the main queue runs), after the work already
/// due; one resumed later (the end of a `Task.sleep`) runs as a timer does.
extension VirtualClock: TaskJobQueue {
    public func enqueue(afterNanoseconds delay: Int64, _ job: @escaping () -> Void) {
        if delay <= 0 {
            schedule(at: nowNanoseconds, lane: .mainQueue, job)
        } else {
            schedule(at: nowNanoseconds.addingSaturated(delay), lane: .timer, job)
        }
    }

    public func runNext() -> Bool { runNextAction() }
}
