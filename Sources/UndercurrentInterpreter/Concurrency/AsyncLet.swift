/// The two calls `async let` is lowered to (`Lowerer.lowerAsyncLet`):
///
///     let name = $asyncLet { expression }   // a child task, read as `name.value`
///     defer { $endAsyncLet(name) }          // at the end of the scope
///
/// Names with `$` cannot be written in Swift, so a script cannot call or shadow them.
extension StandardLibrary {
    func installAsyncLet(into interpreter: Interpreter) {
        interpreter.registerGlobalFunction(
            NativeFunction("$asyncLet(_:)") { arguments in
                let interpreter = arguments.interpreter
                let operation = arguments[0]
                let location = arguments.location
                try interpreter.checkTaskLimit(at: location)
                guard let type = interpreter.types["Task"] else {
                    throw ScriptError.unsupported("`async let` needs Swift's Task type", at: location)
                }
                let child = interpreter.makeChildTask { [unowned interpreter] in
                    try interpreter.call(operation, [], at: location)
                }
                interpreter.start(child)
                return .native(TaskValue(child, type: type))
            })
        interpreter.registerGlobalFunction(
            NativeFunction("$endAsyncLet(_:_:)") { arguments in
                guard case .native(let handle as TaskValue) = arguments[0], case .string(let name) = arguments[1]
                else { return .void }
                try arguments.interpreter.endAsyncLet(handle.task, named: name, at: arguments.location)
                return .void
            })
    }
}

extension Interpreter {
    /// The end of an `async let`'s scope: a child still running is cancelled and awaited, as
    /// Swift does; its result, or the error it threw, is dropped. Nothing waits while the
    /// input is being stopped or the task unwound.
    func endAsyncLet(_ child: ScriptTask, named name: String, at location: SourceLocation) throws {
        guard !child.isFinished, !isAborting else { return }
        cancel(child)
        guard !child.isFinished else { return }
        do {
            try suspendCurrentTask(
                waitingFor: "\(child.name), `async let \(name)`, to end",
                awaited: AwaitedCall(
                    object: nil, call: "the end of \(child.name) (`async let \(name)` leaves its scope)"),
                at: location,
                register: { waiter in child.waiters.append(waiter) })
        } catch is Coroutine.Abandoned {
            // The parent is being unwound (the session ends): it cannot wait.
        }
    }
}
