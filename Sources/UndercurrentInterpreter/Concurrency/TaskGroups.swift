/// A task group a script holds inside `withTaskGroup` / `withThrowingTaskGroup`: its
/// children are tasks (`Task#n` lanes of the trace); `next()` gives their results in the
/// order they end.
final class TaskGroupValue: NativeValue {
    let isThrowing: Bool
    /// Children started that have not ended.
    var running = TaskList()
    var runningCount = 0
    /// Children that ended, in the order they did, with their results.
    var ended: [Result<Value, ThrownValue>] = []
    /// `cancelAll()` was called.
    var cancelledAll = false
    /// The task that runs `withTaskGroup`: when it is cancelled, so is the group. Weakly, as
    /// a script could keep the group after the call.
    weak var owner: ScriptTask?
    /// The task waiting in `next()`.
    var waiting: TaskWaiter?

    init(type: TypeInfo, isThrowing: Bool, owner: ScriptTask?) {
        self.isThrowing = isThrowing
        self.owner = owner
        super.init(typeInfo: type)
    }

    /// Swift's `group.isCancelled`: after `cancelAll()`, or once the task running the group
    /// is cancelled.
    var isCancelled: Bool { cancelledAll || owner?.isCancelled == true }

    var isEmpty: Bool { runningCount == 0 && ended.isEmpty }
}

extension StandardLibrary {
    func installTaskGroups(into interpreter: Interpreter) {
        for isThrowing in [false, true] {
            let name = isThrowing ? "ThrowingTaskGroup" : "TaskGroup"
            let type = TypeInfo(name: name, kind: .builtin, qualifiedName: "Swift.\(name)")
            type.conformances = ["AsyncSequence"]
            interpreter.registerType(type)
            let function = isThrowing ? "withThrowingTaskGroup" : "withTaskGroup"
            interpreter.registerGlobalFunction(
                NativeFunction("\(function)(of:returning:isolation:body:)", defaults: ["returning", "isolation"]) {
                    [unowned type] arguments in
                    try arguments.interpreter.requireAwait("`\(function)`", at: arguments.location)
                    return try arguments.interpreter.withTaskGroup(
                        type: type, isThrowing: isThrowing, body: arguments[3], at: arguments.location)
                })
            let add = { (arguments: NativeArguments, unlessCancelled: Bool) throws -> Value in
                let group = try Self.group(arguments)
                if unlessCancelled, group.isCancelled { return .bool(false) }
                try arguments.interpreter.checkTaskLimit(at: arguments.location)
                arguments.interpreter.addChild(to: group, operation: arguments[1], at: arguments.location)
                return unlessCancelled ? .bool(true) : .void
            }
            let priorityType: [TypeRef?] = [.simple("TaskPriority"), nil]
            type.method("addTask(priority:operation:)", defaults: ["priority"], types: priorityType) {
                try add($0, false)
            }
            type.method("addTaskUnlessCancelled(priority:operation:)", defaults: ["priority"], types: priorityType) {
                try add($0, true)
            }
            type.method("next()") { arguments in
                try arguments.interpreter.requireAwait("`next()` of a task group", at: arguments.location)
                return try arguments.interpreter.next(of: Self.group(arguments), at: arguments.location)
            }
            type.method("makeAsyncIterator()") { arguments in arguments.receiver ?? .void }
            type.method("waitForAll()") { arguments in
                try arguments.interpreter.requireAwait("`waitForAll()`", at: arguments.location)
                try arguments.interpreter.waitForAll(Self.group(arguments), at: arguments.location)
                return .void
            }
            type.method("cancelAll()") { arguments in
                arguments.interpreter.cancelAll(try Self.group(arguments))
                return .void
            }
            type.property("isEmpty") { _, value in .bool(try Self.group(value).isEmpty) }
            type.property("isCancelled") { _, value in .bool(try Self.group(value).isCancelled) }
        }
    }

    private static func group(_ arguments: NativeArguments) throws -> TaskGroupValue {
        try group(arguments.receiver)
    }

    private static func group(_ value: Value?) throws -> TaskGroupValue {
        guard case .native(let group as TaskGroupValue)? = value else {
            throw ScriptError.runtime("expected a task group")
        }
        return group
    }
}

extension Interpreter {
    /// `withTaskGroup(of:) { group in … }`: runs the body with a new group, then waits for
    /// the children it did not await. A throwing body cancels the children first.
    func withTaskGroup(type: TypeInfo, isThrowing: Bool, body: Value, at location: SourceLocation) throws -> Value {
        let group = TaskGroupValue(type: type, isThrowing: isThrowing, owner: tasks.current)
        let result: Value
        do {
            result = try call(body, [.native(group)], at: location)
        } catch let thrown as ThrownValue {
            cancelAll(group)
            // The children's own errors are dropped; an error that stops the input (Ctrl-C,
            // a limit, the session ending) goes on up.
            while !group.isEmpty {
                do { _ = try next(of: group, at: location) } catch is ThrownValue {}
            }
            throw thrown
        }
        while !group.isEmpty {
            // The children's errors are dropped here, as Swift drops those nothing awaited.
            do { _ = try next(of: group, at: location) } catch is ThrownValue {}
        }
        return result
    }

    func addChild(to group: TaskGroupValue, operation: Value, at location: SourceLocation) {
        let child = makeChildTask { [unowned self] in try self.call(operation, [], at: location) }
        if group.isCancelled { child.isCancelled = true }
        group.running.append(child)
        group.runningCount += 1
        // The group weakly: a script may keep it past `withTaskGroup`, but not its children.
        child.onEnd = { [unowned self, weak group] result in
            guard let group else { return }
            group.runningCount -= 1
            group.ended.append(result)
            if let waiting = group.waiting {
                group.waiting = nil
                self.wake(waiting)
            }
        }
        start(child)
    }

    /// `group.next()`: the result of the next child to end (its error thrown, in a
    /// throwing group); nil when no child is left.
    func next(of group: TaskGroupValue, at location: SourceLocation) throws -> Value {
        while group.ended.isEmpty {
            guard group.runningCount > 0 else { return .optional(nil) }
            try suspendCurrentTask(
                waitingFor: "the next child of a task group",
                awaited: AwaitedCall(object: nil, call: "\(group.typeInfo.name).next()"), at: location,
                register: { waiter in group.waiting = waiter },
                resumedWith: { () -> Value? in
                    guard case .success(let value)? = group.ended.first else { return nil }
                    return value
                })
        }
        let result = group.ended.removeFirst()
        switch result {
        case .success(let value): return .optional(value)
        case .failure(let thrown): throw thrown
        }
    }

    func waitForAll(_ group: TaskGroupValue, at location: SourceLocation) throws {
        var firstError: ThrownValue?
        while !group.isEmpty {
            do { _ = try next(of: group, at: location) } catch let thrown as ThrownValue {
                if firstError == nil { firstError = thrown }
            }
        }
        if group.isThrowing, let firstError { throw firstError }
    }

    func cancelAll(_ group: TaskGroupValue) {
        group.cancelledAll = true
        for child in group.running.unfinished { cancel(child) }
    }
}
