/// The tasks of one interpreter: which runs now, which are alive, and the queue their jobs
/// wait in. Everything runs on the interpreter's thread; a task runs only between its
/// suspension points, so no two ever run at once (one of the orders Swift allows).
///
/// The rule: `Task { }` queues the task's start, and the code that made it runs on until
/// it suspends or ends. A task that awaits another's value, a sleep or a yield suspends;
/// what it waited for queues its resumption. A job is a task's start or resumption, and
/// jobs run in the queue's order (virtual time, then first come first served).
public final class TaskScheduler {
    /// Where jobs wait. The stream bridge sets its virtual clock here.
    public var jobQueue: TaskJobQueue
    /// The queue used until another is set; drained at the end of each input.
    public let localQueue = LocalJobQueue()
    /// The task whose body is running; nil in synchronous code outside any task.
    public internal(set) var current: ScriptTask?
    /// Tasks started and not yet finished, each until it ends (its coroutine's body holds
    /// the task `unowned`, so this keeps a suspended one alive).
    var live: [ObjectIdentifier: ScriptTask] = [:]
    var lastNumber = 0
    /// `CancellationError`, set by the standard library.
    var cancellationErrorType: TypeInfo?
    /// Told when a task starts, waits, resumes and ends: the tracer, which shows each task
    /// as a lane of the trace. Held strongly: a weak reference gives the tracer a side table,
    /// and then every retain and release of it, several per traced call, takes the runtime's
    /// slow path (a traced custom publisher ran 7% slower).
    public var observer: TaskObserver?

    /// The number of the task running now: 0 outside any task and in a main task (the top
    /// level that awaits), which the trace shows as the top level.
    public var currentNumber: Int { current?.number ?? 0 }

    init() {
        jobQueue = localQueue
    }

    /// Tasks alive and suspended, in the order they started: a deadlock's report.
    public var waitingTasks: [ScriptTask] {
        live.values.filter { $0.coroutine.state == .suspended }.sorted { $0.number < $1.number }
    }
}

extension Interpreter {
    /// What the tasks that wait for a continuation nothing has resumed wait for: reported
    /// when an input ends, as such a task may wait forever.
    public var continuationsLeftWaiting: [String] {
        tasks.waitingTasks.compactMap { task in
            guard task.waitsOnContinuation else { return nil }
            return "\(task.name) still waits for \(waitDescription(of: task)), which nothing has resumed"
        }
    }

    /// What `task` waits for, and for a continuation where it was made (`place(_:)`).
    func waitDescription(of task: ScriptTask) -> String {
        let waitingFor = task.waitingFor ?? "something"
        guard task.waitsOnContinuation, task.waitingAt != .unknown else { return waitingFor }
        return "\(waitingFor) (made at \(place(task.waitingAt)))"
    }

    /// Throws when one more task would pass `limits.maxLiveTasks`.
    func checkTaskLimit(at location: SourceLocation) throws {
        guard tasks.live.count < limits.maxLiveTasks else {
            throw ScriptError(
                .interrupted, "stopped: more than \(limits.maxLiveTasks) tasks alive at once (a loop starting tasks?)",
                at: location)
        }
    }

    /// A task that will run `operation` when its first job runs.
    func makeTask(main: Bool = false, _ operation: @escaping () throws -> Value) -> ScriptTask {
        let number: Int
        if main {
            number = 0
        } else {
            tasks.lastNumber += 1
            number = tasks.lastNumber
        }
        let task = ScriptTask(number: number)
        task.coroutine = Coroutine(interpreter: self) { [unowned task, unowned self] in
            // A task's start awaits its operation (an async closure, or one that awaits); a
            // main task's body is the top level itself, whose calls need their own `await`.
            self.awaitCover = main ? 0 : 1
            do {
                task.result = .success(try operation())
            } catch let thrown as ThrownValue {
                task.result = .failure(thrown)
            } catch is Coroutine.Abandoned {
                // Unwound at the end of a session or after an error: nothing to report.
            } catch {
                task.stoppingError = error
            }
        }
        tasks.live[ObjectIdentifier(task)] = task
        return task
    }

    /// A structured child of the running task (a task group's child, an `async let`): it
    /// is cancelled with its parent, and starts cancelled in a cancelled one.
    func makeChildTask(_ operation: @escaping () throws -> Value) -> ScriptTask {
        let child = makeTask(operation)
        if let parent = tasks.current {
            parent.children.append(child)
            if parent.isCancelled { child.isCancelled = true }
        }
        return child
    }

    /// Starts `task` with a job of its own: the caller runs on until it suspends.
    func start(_ task: ScriptTask) {
        schedule(TaskWaiter(task: task, suspension: task.suspension), afterNanoseconds: 0)
    }

    /// Queues a job that resumes `waiter` now, after the jobs already waiting.
    public func wake(_ waiter: TaskWaiter) {
        schedule(waiter, afterNanoseconds: 0)
    }

    /// What happens at once when the waiting task is cancelled (a sleep ends; a stream, a
    /// publisher's `values` stop), as `withTaskCancellationHandler` does. Cleared when it resumes.
    public func onCancellation(of waiter: TaskWaiter, _ handler: @escaping () -> Void) {
        waiter.task.onCancel = handler
    }

    /// True in a task that was cancelled.
    public var currentTaskIsCancelled: Bool { tasks.current?.isCancelled ?? false }

    /// Queues the resumption of `waiter` after `delay` virtual nanoseconds.
    func schedule(_ waiter: TaskWaiter, afterNanoseconds delay: Int64) {
        let suspension = waiter.suspension
        let task = waiter.task
        // The task weakly: `live` keeps it until it ends, not the jobs that would resume it
        // (a sleep's end may still be queued when the session ends). The interpreter through
        // its link, never weakly: a weak reference would slow its every retain and release
        // (`InterpreterLink`).
        tasks.jobQueue.enqueue(afterNanoseconds: delay) { [link, weak task] in
            guard let interpreter = link.interpreter, let task, task.suspension == suspension else { return }
            interpreter.runSlice(of: task)
        }
    }

    /// Runs `task` until it suspends or ends. An error that stops the input is recorded, so
    /// that whatever drives the queue stops and reports it.
    func runSlice(of task: ScriptTask) {
        guard task.coroutine.state == .created || task.coroutine.state == .suspended else { return }
        guard !isAborting else { return }
        let outer = tasks.current
        tasks.current = task
        tasks.observer?.runningTaskChanged(to: task.number)
        defer {
            tasks.current = outer
            tasks.observer?.runningTaskChanged(to: outer?.number ?? 0)
        }
        if task.coroutine.state == .created, !task.isMain { tasks.observer?.taskStarted(task) }
        do {
            _ = try task.coroutine.resume()
        } catch {
            recordPendingError(error)
        }
        if task.coroutine.state == .finished { finish(task) }
    }

    private func finish(_ task: ScriptTask) {
        tasks.live[ObjectIdentifier(task)] = nil
        task.waitingFor = nil
        if !task.isMain, task.stoppingError == nil, let result = task.result {
            // Recorded in the task's lane, as the events of its last turn were.
            tasks.observer?.runningTaskChanged(to: task.number)
            tasks.observer?.taskEnded(task, result: result)
            tasks.observer?.runningTaskChanged(to: tasks.currentNumber)
        }
        if let error = task.stoppingError { recordPendingError(error) }
        if let onEnd = task.onEnd, let result = task.result {
            task.onEnd = nil
            onEnd(result)
        }
        let waiters = task.waiters
        task.waiters = []
        for waiter in waiters { wake(waiter) }
    }

    /// From inside a task: pauses it until a job resumes it. `waitingFor` says what for, in
    /// a deadlock's report, and `awaited` in the trace (`AsyncPublisher.Inner#1.next()`):
    /// the object waited on, named as the trace names it, and the call. `register` is given
    /// the waiter, to keep for whatever will end the wait (`wake`); `resumedWith` tells the
    /// trace what the task was given, once resumed. Throws where no task runs: synchronous
    /// code cannot wait.
    public func suspendCurrentTask(
        waitingFor reason: String, awaited: AwaitedCall? = nil, at location: SourceLocation,
        register: (TaskWaiter) -> Void, resumedWith: () -> Value? = { nil }
    ) throws {
        guard let task = tasks.current, task.coroutine.state == .running else {
            throw ScriptError.runtime(
                "\(reason) needs to wait, but this code runs synchronously, outside any task",
                at: location,
                notes: ["An async closure called by a synchronous API (`map`, `forEach`, a `sink`) cannot await."])
        }
        if awaitCover == 0 {
            throw ScriptError(
                .syntax,
                "this call can wait (\(reason)), but it is not marked with `await` (Swift: expression is 'async' but "
                    + "is not marked with 'await')",
                at: location, notes: ["Write `await` before the call (`try await` if it throws)."])
        }
        task.suspension += 1
        let suspension = task.suspension
        register(TaskWaiter(task: task, suspension: suspension))
        task.waitingFor = reason
        task.waitingAt = location
        defer {
            task.waitingFor = nil
            task.onCancel = nil
            task.waitsOnContinuation = false
            // A wake-up still queued for this suspension no longer applies.
            task.suspension += 1
        }
        tasks.observer?.taskWillWait(task, for: awaited ?? AwaitedCall(object: nil, call: reason))
        try task.coroutine.suspend()
        tasks.observer?.taskResumed(task, with: resumedWith())
    }

    /// Runs `body` as the input's main task: the top level of an input that awaits. While
    /// it is suspended, the job queue runs; when nothing is left to run and it still
    /// waits, the input ends with a deadlock report.
    func runAsMainTask(at location: SourceLocation, _ body: @escaping () throws -> Void) throws {
        let main = makeTask(main: true) {
            try body()
            return .void
        }
        runSlice(of: main)
        while !main.isFinished {
            if isAborting { break }
            try tick(location)
            if !tasks.jobQueue.runNext() {
                if pendingError == nil { recordPendingError(deadlock(main: main)) }
                break
            }
        }
        if !main.isFinished {
            // Unwound as an error would unwind it: its `defer` blocks run.
            _ = try? main.coroutine.abandon()
            tasks.live[ObjectIdentifier(main)] = nil
        }
        try throwPendingError(at: location)
        if let error = main.stoppingError { throw error }
        if case .failure(let thrown)? = main.result { throw thrown }
    }

    private func deadlock(main: ScriptTask) -> ScriptError {
        let waiting = tasks.waitingTasks.map { "\($0.name) waits for \(waitDescription(of: $0))" }
        return ScriptError.runtime(
            "deadlock: the top level waits for \(waitDescription(of: main)), and nothing is left to run",
            at: main.waitingAt,
            notes: waiting.filter { !$0.hasPrefix("main task") })
    }
}

extension Interpreter {
    /// Runs the jobs left in the local queue at the end of an input (an interpreter without
    /// a virtual clock): the tasks the input started run to their ends or their next wait.
    func runLocalJobs(at location: SourceLocation) throws {
        while !isAborting, tasks.localQueue.runNext() {
            try tick(location)
        }
        try throwPendingError(at: location)
    }
}

extension Interpreter {
    /// Ends every task still alive (the end of a session). A waiting task is unwound as an
    /// error would unwind it, so its frames are released; its `defer` blocks run with their
    /// output discarded, as nothing of a program's waiting tasks shows once it exits.
    public func abandonWaitingTasks() {
        let savedOutput = output
        output = { _ in }
        defer { output = savedOutput }
        for task in tasks.waitingTasks where task.coroutine.state == .suspended {
            _ = try? task.coroutine.abandon()
        }
        tasks.live.removeAll()
    }
}

/// What a task waits for, as the trace shows it: `call` on `object` (`next()` on the
/// iterator's subscriber), or `call` alone (`Task.sleep(nanoseconds: 500000000)`).
public struct AwaitedCall {
    public let object: AnyObject?
    public let call: String

    public init(object: AnyObject?, call: String) {
        self.object = object
        self.call = call
    }
}

/// Hears the life of each task (the tracer).
public protocol TaskObserver: AnyObject {
    /// The task whose body runs now changed (0: the top level, or no task): told when a
    /// task's turn begins and ends, so that an observer knows it without asking per call.
    func runningTaskChanged(to number: Int)
    func taskStarted(_ task: ScriptTask)
    func taskWillWait(_ task: ScriptTask, for awaited: AwaitedCall)
    func taskResumed(_ task: ScriptTask, with value: Value?)
    func taskEnded(_ task: ScriptTask, result: Result<Value, ThrownValue>)
}
