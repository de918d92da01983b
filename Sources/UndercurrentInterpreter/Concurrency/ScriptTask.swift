/// One task of a script: a `Task { }` it started, or the top level of an input that awaits
/// (its main task). Its body runs in a `Coroutine`, so it can pause at an `await` and be
/// resumed later by a job of the interpreter's `TaskJobQueue`.
public final class ScriptTask {
    /// `Task#1`, `Task#2` in the order a session's tasks started; 0 for a main task.
    public let number: Int
    public var isMain: Bool { number == 0 }
    /// Set once by `Interpreter.makeTask`, before the task first runs.
    var coroutine: Coroutine!

    /// What the body returned, or the Swift error it threw; nil until it ends.
    var result: Result<Value, ThrownValue>?
    /// An error that stops the whole input (a runtime error, a limit, Ctrl-C) raised in the
    /// body: the job that ran it reports it to the interpreter.
    var stoppingError: Error?
    public internal(set) var isCancelled = false
    /// What the task waits for while it is suspended (`Task#2.value`, `Task.sleep`).
    public internal(set) var waitingFor: String?
    /// Where it waits.
    public internal(set) var waitingAt = SourceLocation.unknown
    /// It waits in `withCheckedContinuation` (or a twin) for a `resume` (`Interpreter.continuationsLeftWaiting`).
    var waitsOnContinuation = false
    /// Counts the task's suspensions: a wake-up meant for an earlier one (a sleep whose task
    /// was cancelled and moved on) is ignored.
    var suspension = 0
    /// Tasks suspended until this one ends (`await task.value`).
    var waiters: [TaskWaiter] = []
    /// What a cancelled suspension does at once (a sleep ends early).
    var onCancel: (() -> Void)?
    /// The `onCancel` closures of the `withTaskCancellationHandler` calls in progress,
    /// innermost last.
    var cancellationHandlers: [(handler: Value, location: SourceLocation)] = []
    /// Told of the result when the body ends (a task group's child).
    var onEnd: ((Result<Value, ThrownValue>) -> Void)?
    /// Its structured children (a task group's, an `async let`'s) that may still run:
    /// cancelling this task cancels them, as Swift does. Not a `Task { }` it made.
    var children = TaskList()

    init(number: Int) {
        self.number = number
    }

    public var name: String { isMain ? "main task" : "Task#\(number)" }
    public var isFinished: Bool { coroutine.state == .finished }
}

/// A task suspended at one suspension point: what a job that ends the wait resumes
/// (`Interpreter.wake`). A waiter whose task has since moved on resumes nothing.
public struct TaskWaiter {
    public let task: ScriptTask
    let suspension: Int
}

/// Tasks in the order they were added, those that ended dropped now and then rather than
/// one by one: adding is amortized O(1), so a parent of ten thousand children does not pass
/// over its list for each.
struct TaskList {
    private var tasks: [ScriptTask] = []
    /// The length at which the next append first drops the tasks that ended.
    private var compactionMark = 64

    mutating func append(_ task: ScriptTask) {
        if tasks.count >= compactionMark {
            tasks.removeAll { $0.isFinished }
            compactionMark = max(64, tasks.count * 2)
        }
        tasks.append(task)
    }

    /// The tasks that have not ended, in the order they were added.
    var unfinished: [ScriptTask] { tasks.filter { !$0.isFinished } }

    mutating func removeAll() {
        tasks = []
        compactionMark = 64
    }
}
