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
        interpreter.afterTopLevelHooks.append { [unowned self] _ in
            self.clock.runAfterInput()
        }
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
