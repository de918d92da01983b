/// A `TaskPriority`: `.high` is 25, `.medium` 21, `.low` 17, `.background` 9, as in Swift,
/// and prints as Swift prints it (`TaskPriority.high`).
final class TaskPriorityValue: NativeValue {
    let rawValue: Int
    init(rawValue: Int, type: TypeInfo) {
        self.rawValue = rawValue
        super.init(typeInfo: type)
    }

    override var description: String {
        switch rawValue {
        case 25: "TaskPriority.high"
        case 21: "TaskPriority.medium"
        case 17: "TaskPriority.low"
        case 9: "TaskPriority.background"
        default: "TaskPriority(rawValue: \(rawValue))"
        }
    }

    override func isEqual(to other: NativeValue) -> Bool? {
        (other as? TaskPriorityValue).map { $0.rawValue == rawValue } ?? false
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

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
            try interpreter.checkTaskLimit(at: location)
            let task = interpreter.makeTask { [unowned interpreter] in
                try interpreter.call(operation, [], at: location)
            }
            interpreter.start(task)
            return .native(TaskValue(task, type: type))
        }
        // Priorities are accepted and shown; one thread runs every task, so they order nothing.
        let priority = TypeInfo(name: "TaskPriority", kind: .builtin, qualifiedName: "Swift.TaskPriority")
        interpreter.registerType(priority)
        for (name, raw) in [
            ("high", 25), ("medium", 21), ("low", 17), ("userInitiated", 25), ("utility", 17), ("background", 9),
        ] {
            priority.property(name, isStatic: true) { [unowned priority] _, _ in
                .native(TaskPriorityValue(rawValue: raw, type: priority))
            }
        }
        priority.property("rawValue") { _, value in
            guard case .native(let priority as TaskPriorityValue) = value else { return .void }
            return .int(priority.rawValue)
        }
        let priorityType: [TypeRef?] = [.simple("TaskPriority"), nil]
        type.initializers = [
            .native(
                NativeFunction("init(priority:operation:)", defaults: ["priority"], types: priorityType, body: start))
        ]
        type.method("detached(priority:operation:)", defaults: ["priority"], types: priorityType, isStatic: true, start)

        type.property("value") { interpreter, value in
            try interpreter.requireAwait("A task's `value`", at: interpreter.nativePropertyLocation)
            return try interpreter.awaitValue(of: Self.task(value), at: interpreter.nativePropertyLocation)
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
            let nanoseconds: Int
            switch arguments[0] {
            case .int(let number) where number >= 0: nanoseconds = number
            case .scalar(let scalar) where scalar.type.typeInfo.name == "UInt64":
                // A sleep past Int.max nanoseconds (292 years) never ends within a run.
                nanoseconds = scalar.integerValue ?? Int.max
            default:
                throw ScriptError.runtime("Task.sleep needs a number of nanoseconds, 0 or more", at: arguments.location)
            }
            try arguments.interpreter.sleep(nanoseconds: Int64(nanoseconds), at: arguments.location)
            return .void
        }
        type.method(
            "sleep(for:tolerance:)", defaults: ["tolerance"], types: [.simple("Duration"), .simple("Duration")],
            isStatic: true
        ) {
            arguments in
            let nanoseconds = try arguments.interpreter.nanoseconds(of: arguments[0], at: arguments.location)
            try arguments.interpreter.sleep(nanoseconds: max(0, nanoseconds), at: arguments.location)
            return .void
        }
        type.property("result") { interpreter, value in
            try interpreter.requireAwait("A task's `result`", at: interpreter.nativePropertyLocation)
            return try interpreter.awaitResult(of: Self.task(value), at: interpreter.nativePropertyLocation)
        }
        interpreter.registerGlobalFunction(
            NativeFunction("withTaskCancellationHandler(operation:onCancel:isolation:)", defaults: ["isolation"]) {
                arguments in
                try arguments.interpreter.requireAwait("`withTaskCancellationHandler`", at: arguments.location)
                return try arguments.interpreter.withCancellationHandler(
                    operation: arguments[0], onCancel: arguments[1], at: arguments.location)
            })
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

    /// `await task.result`: `.success(value)` or `.failure(error)`, once the task has ended.
    func awaitResult(of task: ScriptTask, at location: SourceLocation) throws -> Value {
        guard let result = types["Result"], result.cases.count == 2 else {
            throw ScriptError.unsupported("`result` needs Swift's Result type, which this session lacks", at: location)
        }
        do {
            let value = try awaitValue(of: task, at: location)
            return .enumValue(EnumValue(type: result, caseIndex: 0, payload: [value]))
        } catch let thrown as ThrownValue {
            return .enumValue(EnumValue(type: result, caseIndex: 1, payload: [thrown.value]))
        }
    }

    /// `task.cancel()`: the task is marked cancelled (once); a sleep it is in ends at once,
    /// the `onCancel` of each `withTaskCancellationHandler` it is in runs now, and its
    /// structured children (task groups', `async let`s') are cancelled, as Swift does.
    func cancel(_ task: ScriptTask) {
        guard !task.isCancelled else { return }
        task.isCancelled = true
        defer {
            let children = task.children.unfinished
            task.children.removeAll()
            for child in children { cancel(child) }
        }
        if let onCancel = task.onCancel {
            task.onCancel = nil
            onCancel()
        }
        for (handler, location) in task.cancellationHandlers.reversed() {
            do {
                _ = try call(handler, [], at: location)
            } catch {
                recordPendingError(error)
            }
        }
    }

    /// `withTaskCancellationHandler { … } onCancel: { … }`: runs the operation; if the task
    /// is cancelled meanwhile (or already was), `onCancel` runs at once, where the
    /// cancelling code is.
    func withCancellationHandler(operation: Value, onCancel: Value, at location: SourceLocation) throws -> Value {
        guard let task = tasks.current else { return try call(operation, [], at: location) }
        if task.isCancelled { _ = try call(onCancel, [], at: location) }
        task.cancellationHandlers.append((onCancel, location))
        defer { task.cancellationHandlers.removeLast() }
        return try call(operation, [], at: location)
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
