/// Where tasks wait their turn to run: a task's start, and its resumption once what it
/// awaited is there (a task's value, the end of a `Task.sleep`).
///
/// One queue orders everything that runs later, so that tasks and the Combine engine's
/// scheduled work (a `delay`, a `DispatchQueue.main.async`) interleave in one reproducible
/// order. The stream bridge gives the interpreter its virtual clock as this queue; an
/// interpreter on its own uses `LocalJobQueue`.
public protocol TaskJobQueue: AnyObject {
    /// Runs `job` after `delay` virtual nanoseconds (0: now), after the work already
    /// waiting for that instant. A job runs on the interpreter's thread, never inside another.
    func enqueue(afterNanoseconds delay: Int64, _ job: @escaping () -> Void)
    /// Runs the first job waiting, moving virtual time on to it if it is later. False when
    /// nothing waits (or the queue was told to stop: an error, Ctrl-C).
    func runNext() -> Bool
}

/// The job queue of an interpreter that has no virtual clock of its own: first come, first
/// served at each virtual instant. What it holds at the end of an input runs then
/// (`Interpreter.run`), as a compiled program's pending tasks run before it exits.
public final class LocalJobQueue: TaskJobQueue {
    private struct Entry {
        let time: Int64
        let sequence: Int
        let job: () -> Void
    }

    public private(set) var nowNanoseconds: Int64 = 0
    private var entries: [Entry] = []
    private var sequence = 0

    public init() {}

    public func enqueue(afterNanoseconds delay: Int64, _ job: @escaping () -> Void) {
        sequence += 1
        let (time, overflowed) = nowNanoseconds.addingReportingOverflow(max(0, delay))
        let entry = Entry(time: overflowed ? .max : time, sequence: sequence, job: job)
        let index = entries.firstIndex { $0.time > entry.time } ?? entries.endIndex
        entries.insert(entry, at: index)
    }

    public func runNext() -> Bool {
        guard !entries.isEmpty else { return false }
        let entry = entries.removeFirst()
        nowNanoseconds = max(nowNanoseconds, entry.time)
        entry.job()
        return true
    }
}
