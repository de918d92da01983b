/// A `Task` a script holds: the handle `Task { }` returns.
final class TaskValue: NativeValue {
    let task: ScriptTask

    init(_ task: ScriptTask, type: TypeInfo) {
        self.task = task
        super.init(typeInfo: type)
    }
}

/// Swift's `Task` type and `CancellationError`, on the interpreter's tasks
/// (`TaskScheduler`): starting a task, awaiting its value, cancelling it, and the static
/// members a task's body uses (`Task.sleep`, `Task.yield`, `Task.isCancelled`).
extension StandardLibrary {
    func installTasks(into interpreter: Interpreter) {
        let cancellationError = TypeInfo(
            name: "CancellationError", kind: .structType, qualifiedName: "Swift.CancellationError")
        cancellationError.conformances = ["Error"]
        cancellationError.initializers = [
            .native(
                NativeFunction("init()") { [unowned cancellationError] _ in
                    .structValue(StructValue(type: cancellationError, fields: []))
                })
        ]
        interpreter.registerType(cancellationError)
        interpreter.tasks.cancellationErrorType = cancellationError

        let type = TypeInfo(name: "Task", kind: .builtin, qualifiedName: "Swift.Task")
        interpreter.registerType(type)
        let start = { [unowned type] (arguments: NativeArguments) throws -> Value in
            let interpreter = arguments.interpreter
            let operation = arguments[1]
            let location = arguments.location
            let task = interpreter.makeTask { [unowned interpreter] in
                try interpreter.call(operation, [], at: location)
            }
            interpreter.start(task)
            return .native(TaskValue(task, type: type))
        }
        type.initializers = [.native(NativeFunction("init(priority:operation:)", defaults: ["priority"], body: start))]
        type.method("detached(priority:operation:)", defaults: ["priority"], isStatic: true, start)

        type.property("value") { interpreter, value in
            try interpreter.awaitValue(of: Self.task(value), at: interpreter.nativePropertyLocation)
        }
        type.property("isCancelled") { _, value in .bool(try Self.task(value).isCancelled) }
        type.method("cancel()") { arguments in
            try arguments.interpreter.cancel(Self.task(arguments.receiverValue))
            return .void
        }

        type.property("isCancelled", isStatic: true) { interpreter, _ in
            .bool(interpreter.tasks.current?.isCancelled ?? false)
        }
        type.method("sleep(nanoseconds:)", isStatic: true) { arguments in
            guard case .int(let nanoseconds) = arguments[0], nanoseconds >= 0 else {
                throw ScriptError.runtime("Task.sleep needs a number of nanoseconds, 0 or more", at: arguments.location)
            }
            try arguments.interpreter.sleep(nanoseconds: Int64(nanoseconds), at: arguments.location)
            return .void
        }
        type.method("yield()", isStatic: true) { arguments in
            try arguments.interpreter.yieldTask(at: arguments.location)
            return .void
        }
        type.method("checkCancellation()", isStatic: true) { arguments in
            let interpreter = arguments.interpreter
            if interpreter.tasks.current?.isCancelled == true {
                throw interpreter.cancellationError(at: arguments.location)
            }
            return .void
        }
    }

    private static func task(_ value: Value?) throws -> ScriptTask {
        guard case .native(let native as TaskValue)? = value else {
            throw ScriptError.runtime("expected a Task")
        }
        return native.task
    }
}

extension Interpreter {
    /// `await task.value`: the task's result, once it has ended; the Swift error it threw
    /// is thrown here.
    func awaitValue(of task: ScriptTask, at location: SourceLocation) throws -> Value {
        if !task.isFinished {
            if task === tasks.current {
                throw ScriptError.runtime("\(task.name) awaits its own value: it would wait forever", at: location)
            }
            try suspendCurrentTask(
                waitingFor: "\(task.name).value", awaited: AwaitedCall(object: task, call: "value"), at: location,
                register: { waiter in task.waiters.append(waiter) },
                resumedWith: { try? task.result?.get() })
        }
        guard let result = task.result else {
            throw ScriptError.runtime("\(task.name) was stopped before it returned a value", at: location)
        }
        return try result.get()
    }

    /// `task.cancel()`: the task is marked cancelled, and a sleep it is in ends at once.
    func cancel(_ task: ScriptTask) {
        task.isCancelled = true
        if let onCancel = task.onCancel {
            task.onCancel = nil
            onCancel()
        }
    }

    /// `Task.sleep(nanoseconds:)` on the virtual clock. A cancelled task's sleep throws
    /// `CancellationError`, at once or when the task is cancelled during it.
    func sleep(nanoseconds: Int64, at location: SourceLocation) throws {
        if tasks.current?.isCancelled == true { throw cancellationError(at: location) }
        try suspendCurrentTask(
            waitingFor: "Task.sleep",
            awaited: AwaitedCall(object: nil, call: "Task.sleep(nanoseconds: \(nanoseconds))"),
            at: location,
            register: { waiter in
                schedule(waiter, afterNanoseconds: nanoseconds)
                onCancellation(of: waiter) { [unowned self] in self.wake(waiter) }
            })
        if tasks.current?.isCancelled == true { throw cancellationError(at: location) }
    }

    /// `Task.yield()`: the task lets every job already waiting run first.
    func yieldTask(at location: SourceLocation) throws {
        try suspendCurrentTask(
            waitingFor: "Task.yield", awaited: AwaitedCall(object: nil, call: "Task.yield()"), at: location,
            register: { waiter in wake(waiter) })
    }

    func cancellationError(at location: SourceLocation) -> ThrownValue {
        let type = tasks.cancellationErrorType ?? TypeInfo(name: "CancellationError", kind: .structType)
        return ThrownValue(.structValue(StructValue(type: type, fields: [])), at: location)
    }
}
