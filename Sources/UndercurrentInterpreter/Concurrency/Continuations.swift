/// A `CheckedContinuation` (or `UnsafeContinuation`) a script holds: the way back into a
/// task that waits in `withCheckedContinuation`.
final class ContinuationValue: NativeValue {
    let madeAt: SourceLocation
    let isThrowing: Bool
    /// What `resume` gave; nil until it is called.
    var result: Result<Value, ThrownValue>?
    /// Where it was resumed, for the error of a second `resume`.
    var resumedAt: SourceLocation?
    /// The task suspended until `resume`, and its suspension's number.
    var waiting: TaskWaiter?

    init(type: TypeInfo, madeAt: SourceLocation, isThrowing: Bool) {
        self.madeAt = madeAt
        self.isThrowing = isThrowing
        super.init(typeInfo: type)
    }
}

/// `withCheckedContinuation`, `withCheckedThrowingContinuation` and their unsafe twins, and
/// the continuation's `resume` methods.
extension StandardLibrary {
    func installContinuations(into interpreter: Interpreter) {
        let checked = TypeInfo(name: "CheckedContinuation", kind: .builtin, qualifiedName: "Swift.CheckedContinuation")
        let unsafe = TypeInfo(name: "UnsafeContinuation", kind: .builtin, qualifiedName: "Swift.UnsafeContinuation")
        for type in [checked, unsafe] {
            interpreter.registerType(type)
            type.method("resume(returning:)") { arguments in
                try arguments.interpreter.resume(
                    Self.continuation(arguments), with: .success(arguments[0]), at: arguments.location)
                return .void
            }
            type.method("resume(with:)") { arguments in
                // A `Result`: `.success(value)` returns it, `.failure(error)` throws it.
                guard case .enumValue(let result) = arguments[0], result.type.name == "Result",
                    let payload = result.payload.first
                else {
                    throw ScriptError.runtime("resume(with:) needs a Result", at: arguments.location)
                }
                let continuation = try Self.continuation(arguments)
                let outcome: Result<Value, ThrownValue> =
                    result.caseIndex == 0 ? .success(payload) : .failure(ThrownValue(payload, at: arguments.location))
                if case .failure = outcome, !continuation.isThrowing {
                    throw ScriptError.runtime(
                        "resume(with: .failure) on a continuation that cannot throw", at: arguments.location)
                }
                try arguments.interpreter.resume(continuation, with: outcome, at: arguments.location)
                return .void
            }
            type.method("resume()") { arguments in
                try arguments.interpreter.resume(
                    Self.continuation(arguments), with: .success(.void), at: arguments.location)
                return .void
            }
            type.method("resume(throwing:)") { arguments in
                let continuation = try Self.continuation(arguments)
                guard continuation.isThrowing else {
                    throw ScriptError.runtime(
                        "resume(throwing:) on a continuation that cannot throw (it was made by a non-throwing "
                            + "`with…Continuation`)", at: arguments.location)
                }
                try arguments.interpreter.resume(
                    continuation, with: .failure(ThrownValue(arguments[0], at: arguments.location)),
                    at: arguments.location)
                return .void
            }
        }
        let variants: [(String, TypeInfo, Bool)] = [
            ("withCheckedContinuation(function:_:)", checked, false),
            ("withCheckedThrowingContinuation(function:_:)", checked, true),
            ("withUnsafeContinuation(_:)", unsafe, false),
            ("withUnsafeThrowingContinuation(_:)", unsafe, true),
        ]
        for (name, type, isThrowing) in variants {
            interpreter.registerGlobalFunction(
                NativeFunction(name, defaults: ["function"]) { [unowned type] arguments in
                    let body = arguments.values.last.flatMap { $0 } ?? .void
                    try arguments.interpreter.requireAwait("`\(name.prefix { $0 != "(" })`", at: arguments.location)
                    return try arguments.interpreter.withContinuation(
                        of: type, isThrowing: isThrowing, body: body, at: arguments.location)
                })
        }
    }

    private static func continuation(_ arguments: NativeArguments) throws -> ContinuationValue {
        guard case .native(let continuation as ContinuationValue)? = arguments.receiver else {
            throw ScriptError.runtime("expected a continuation", at: arguments.location)
        }
        return continuation
    }
}

extension Interpreter {
    /// Runs `body` with a new continuation, then waits until it is resumed (at once, when
    /// `body` resumed it already: Swift does not suspend then either).
    func withContinuation(of type: TypeInfo, isThrowing: Bool, body: Value, at location: SourceLocation) throws
        -> Value
    {
        let continuation = ContinuationValue(type: type, madeAt: location, isThrowing: isThrowing)
        _ = try call(body, [.native(continuation)], at: location)
        if continuation.result == nil {
            try suspendCurrentTask(
                // Where it was made is `waitingAt`, spelled when a report names it (`waitDescription`).
                waitingFor: "a continuation",
                awaited: AwaitedCall(object: nil, call: "\(type.name)'s resume"), at: location,
                register: { waiter in
                    continuation.waiting = waiter
                    waiter.task.waitsOnContinuation = true
                },
                resumedWith: { try? continuation.result?.get() })
        }
        guard let result = continuation.result else {
            throw ScriptError.runtime("the continuation made here was never resumed", at: location)
        }
        return try result.get()
    }

    /// `continuation.resume(…)`: the waiting task goes on with `result`. A second resume is
    /// an error, as Swift stops the program then.
    func resume(_ continuation: ContinuationValue, with result: Result<Value, ThrownValue>, at location: SourceLocation)
        throws
    {
        if let first = continuation.resumedAt {
            throw ScriptError.runtime(
                "this continuation was already resumed, at \(place(first)); "
                    + "a continuation must be resumed exactly once",
                at: location,
                notes: [
                    "Swift stops the program here: SWIFT TASK CONTINUATION MISUSE (it tried to resume its continuation more than once)."
                ])
        }
        continuation.resumedAt = location
        continuation.result = result
        if let waiting = continuation.waiting {
            continuation.waiting = nil
            wake(waiting)
        }
    }
}
