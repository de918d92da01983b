/// What an `AsyncStream` (or `AsyncThrowingStream`), its continuation and its iterator
/// share: the elements yielded and not yet taken, whether it has ended, and the task waiting
/// in `next()`.
final class AsyncStreamState {
    enum Policy {
        case unbounded
        case bufferingOldest(Int)
        case bufferingNewest(Int)
    }

    let isThrowing: Bool
    let policy: Policy
    /// `Continuation.Termination`, for the value `onTermination` is given.
    unowned let terminationType: TypeInfo
    /// `Continuation.YieldResult`, what `yield` returns.
    unowned let yieldResultType: TypeInfo
    var buffer: [Value] = []
    /// An element yielded while the consumer waited in `next()`: handed to it, not buffered.
    var handedOver: Value?
    var isFinished = false
    /// The error `finish(throwing:)` gave, thrown by the next `next()` once the buffer is empty.
    var failure: ThrownValue?
    /// Called once, when the stream finishes or its consumer is cancelled.
    var onTermination: Value?
    /// The task waiting in `next()`, and its suspension's number.
    var waiting: TaskWaiter?

    init(isThrowing: Bool, policy: Policy, terminationType: TypeInfo, yieldResultType: TypeInfo) {
        self.isThrowing = isThrowing
        self.policy = policy
        self.terminationType = terminationType
        self.yieldResultType = yieldResultType
    }

    /// How many more elements the buffer takes: what `.enqueued(remaining:)` says.
    var remaining: Int {
        switch policy {
        case .unbounded: .max
        case .bufferingOldest(let limit), .bufferingNewest(let limit): max(0, limit - buffer.count)
        }
    }

    func enqueued() -> Value {
        .enumValue(EnumValue(type: yieldResultType, caseIndex: 0, payload: [.int(remaining)]))
    }

    func dropped(_ element: Value) -> Value {
        .enumValue(EnumValue(type: yieldResultType, caseIndex: 1, payload: [element]))
    }

    var terminated: Value { .enumValue(EnumValue(type: yieldResultType, caseIndex: 2, payload: [])) }

    /// `.finished` (`.finished(nil)` for a throwing stream, which says with what error).
    var finishedTermination: Value {
        .enumValue(EnumValue(type: terminationType, caseIndex: 0, payload: isThrowing ? [.optional(nil)] : []))
    }

    var cancelledTermination: Value { .enumValue(EnumValue(type: terminationType, caseIndex: 1, payload: [])) }
}

/// An `AsyncStream`, its `Continuation` or its `Iterator`: one state, seen three ways.
final class AsyncStreamValue: NativeValue {
    let state: AsyncStreamState
    init(_ state: AsyncStreamState, type: TypeInfo) {
        self.state = state
        super.init(typeInfo: type)
    }
}

/// `AsyncStream` and `AsyncThrowingStream`: made with a closure given the continuation, or
/// with `makeStream(of:)`; elements yielded are buffered (by the buffering policy) until
/// `next()` takes them; `finish()` ends the stream once the buffer is empty.
extension StandardLibrary {
    func installAsyncStreams(into interpreter: Interpreter) {
        for isThrowing in [false, true] {
            installAsyncStream(isThrowing: isThrowing, into: interpreter)
        }
    }

    private func installAsyncStream(isThrowing: Bool, into interpreter: Interpreter) {
        let name = isThrowing ? "AsyncThrowingStream" : "AsyncStream"
        let stream = TypeInfo(name: name, kind: .builtin, qualifiedName: "Swift.\(name)")
        stream.conformances = ["AsyncSequence"]
        let continuation = TypeInfo(name: "Continuation", kind: .builtin, qualifiedName: "Swift.\(name).Continuation")
        let iterator = TypeInfo(name: "Iterator", kind: .builtin, qualifiedName: "Swift.\(name).Iterator")
        let termination = TypeInfo(
            name: "Termination", kind: .enumType, qualifiedName: "Swift.\(name).Continuation.Termination")
        if isThrowing {
            termination.addEnumCase(
                EnumCaseInfo(name: "finished", associatedLabels: [nil], associatedTypes: [.optional(.simple("Error"))]))
        } else {
            termination.addEnumCase(EnumCaseInfo(name: "finished"))
        }
        termination.addEnumCase(EnumCaseInfo(name: "cancelled"))
        let policy = TypeInfo(
            name: "BufferingPolicy", kind: .enumType, qualifiedName: "Swift.\(name).Continuation.BufferingPolicy")
        policy.addEnumCase(EnumCaseInfo(name: "unbounded"))
        policy.addEnumCase(
            EnumCaseInfo(name: "bufferingOldest", associatedLabels: [nil], associatedTypes: [.simple("Int")]))
        policy.addEnumCase(
            EnumCaseInfo(name: "bufferingNewest", associatedLabels: [nil], associatedTypes: [.simple("Int")]))
        let yieldResult = TypeInfo(
            name: "YieldResult", kind: .enumType, qualifiedName: "Swift.\(name).Continuation.YieldResult")
        yieldResult.addEnumCase(
            EnumCaseInfo(name: "enqueued", associatedLabels: ["remaining"], associatedTypes: [.simple("Int")]))
        yieldResult.addEnumCase(
            EnumCaseInfo(name: "dropped", associatedLabels: [nil], associatedTypes: [.simple("Element")]))
        yieldResult.addEnumCase(EnumCaseInfo(name: "terminated"))
        continuation.nestedTypes["YieldResult"] = yieldResult
        continuation.nestedTypes["Termination"] = termination
        continuation.nestedTypes["BufferingPolicy"] = policy
        stream.nestedTypes["Continuation"] = continuation
        stream.nestedTypes["Iterator"] = iterator
        interpreter.registerType(stream)

        func make(_ arguments: NativeArguments, policyIndex: Int?) throws -> AsyncStreamState {
            // The types live as long as the interpreter that registered them, as its values do.
            let chosen = try policyIndex.map { try Self.bufferingPolicy(arguments.values[$0], at: arguments.location) }
            return AsyncStreamState(
                isThrowing: isThrowing, policy: chosen ?? .unbounded, terminationType: termination,
                yieldResultType: yieldResult)
        }
        // `AsyncStream { continuation in … }`, `AsyncStream(Int.self) { … }`, with or without
        // a buffering policy: the closure runs at once, given the continuation.
        let policyType = TypeRef.named([name, "Continuation", "BufferingPolicy"], [])
        let initializers: [(String, Int?, [TypeRef?])] = [
            ("init(_:)", nil, []), ("init(_:_:)", nil, []), ("init(bufferingPolicy:_:)", 0, [policyType, nil]),
            ("init(_:bufferingPolicy:_:)", 1, [nil, policyType, nil]),
        ]
        stream.initializers = initializers.map { signature, policyIndex, types in
            .native(
                NativeFunction(signature, types: types) { [unowned stream, unowned continuation] arguments in
                    let state = try make(arguments, policyIndex: policyIndex)
                    let build = arguments.values.last.flatMap { $0 } ?? .void
                    _ = try arguments.interpreter.call(
                        build, [.native(AsyncStreamValue(state, type: continuation))], at: arguments.location)
                    return .native(AsyncStreamValue(state, type: stream))
                })
        }
        stream.method(
            "makeStream(of:throwing:bufferingPolicy:)", defaults: ["of", "throwing", "bufferingPolicy"],
            types: [nil, nil, policyType], isStatic: true
        ) {
            [unowned stream, unowned continuation] arguments in
            let state = try make(arguments, policyIndex: arguments.values[2] == nil ? nil : 2)
            return .tuple(
                TupleValue(
                    labels: ["stream", "continuation"],
                    elements: [
                        .native(AsyncStreamValue(state, type: stream)),
                        .native(AsyncStreamValue(state, type: continuation)),
                    ]))
        }
        stream.method("makeAsyncIterator()") { [unowned iterator] arguments in
            .native(AsyncStreamValue(try Self.state(arguments.receiver), type: iterator))
        }
        iterator.method("next()") { arguments in
            try arguments.interpreter.requireAwait("A stream iterator's `next()`", at: arguments.location)
            return try arguments.interpreter.next(of: try Self.state(arguments.receiver), at: arguments.location)
        }

        continuation.method("yield(_:)") { arguments in
            arguments.interpreter.yield(arguments[0], to: try Self.state(arguments.receiver))
        }
        continuation.method("yield()") { arguments in
            arguments.interpreter.yield(.void, to: try Self.state(arguments.receiver))
        }
        continuation.method("finish()") { arguments in
            let state = try Self.state(arguments.receiver)
            try arguments.interpreter.finish(state, termination: state.finishedTermination, at: arguments.location)
            return .void
        }
        if isThrowing {
            continuation.method("finish(throwing:)") { [unowned termination] arguments in
                let state = try Self.state(arguments.receiver)
                if !state.isFinished { state.failure = ThrownValue(arguments[0], at: arguments.location) }
                let ended = Value.enumValue(
                    EnumValue(type: termination, caseIndex: 0, payload: [.optional(arguments[0])]))
                try arguments.interpreter.finish(state, termination: ended, at: arguments.location)
                return .void
            }
        }
        continuation.addNativeProperty(
            "onTermination",
            NativeProperty(
                get: { _, value in .optional(try Self.state(value).onTermination) },
                set: { _, value, newValue in
                    let state = try Self.state(value)
                    if case .optional(let wrapped) = newValue {
                        state.onTermination = wrapped
                    } else {
                        state.onTermination = newValue
                    }
                }))
    }

    private static func state(_ value: Value?) throws -> AsyncStreamState {
        guard case .native(let native as AsyncStreamValue)? = value else {
            throw ScriptError.runtime("expected an AsyncStream")
        }
        return native.state
    }

    private static func bufferingPolicy(_ value: Value?, at location: SourceLocation) throws -> AsyncStreamState.Policy
    {
        guard case .enumValue(let policy)? = value else { return .unbounded }
        switch (policy.caseInfo.name, policy.payload.first) {
        case ("bufferingOldest", .int(let limit)?): return .bufferingOldest(max(0, limit))
        case ("bufferingNewest", .int(let limit)?): return .bufferingNewest(max(0, limit))
        default: return .unbounded
        }
    }
}

extension Interpreter {
    /// `continuation.yield(x)`: handed to the task waiting in `next()`, if one is, which is
    /// resumed; otherwise buffered by the stream's policy (a full `bufferingOldest` drops `x`,
    /// a full `bufferingNewest` its oldest element). Says what happened, as Swift's
    /// `YieldResult` does; after `finish()`, `.terminated`.
    func yield(_ element: Value, to state: AsyncStreamState) -> Value {
        guard !state.isFinished else { return state.terminated }
        if state.waiting != nil, state.handedOver == nil {
            state.handedOver = element
            wakeConsumer(of: state)
            return state.enqueued()
        }
        switch state.policy {
        case .unbounded:
            state.buffer.append(element)
        case .bufferingOldest(let limit):
            guard state.buffer.count < limit else { return state.dropped(element) }
            state.buffer.append(element)
        case .bufferingNewest(let limit):
            guard limit > 0 else { return state.dropped(element) }
            if state.buffer.count == limit {
                let oldest = state.buffer.removeFirst()
                state.buffer.append(element)
                return state.dropped(oldest)
            }
            state.buffer.append(element)
        }
        return state.enqueued()
    }

    /// `continuation.finish()`: the stream ends once its buffer is empty; `onTermination`
    /// runs now, once.
    func finish(_ state: AsyncStreamState, termination: Value, at location: SourceLocation) throws {
        guard !state.isFinished else { return }
        state.isFinished = true
        try terminate(state, with: termination, at: location)
        wakeConsumer(of: state)
    }

    func terminate(_ state: AsyncStreamState, with termination: Value, at location: SourceLocation) throws {
        guard let handler = state.onTermination else { return }
        state.onTermination = nil
        _ = try call(handler, [termination], at: location)
    }

    func wakeConsumer(of state: AsyncStreamState) {
        guard let waiting = state.waiting else { return }
        state.waiting = nil
        wake(waiting)
    }

    /// `iterator.next()`: the oldest element buffered, or nil once the stream has finished
    /// (after throwing its error, for a throwing stream); otherwise the task waits for one.
    func next(of state: AsyncStreamState, at location: SourceLocation) throws -> Value {
        while true {
            if let handed = state.handedOver {
                state.handedOver = nil
                return .optional(handed)
            }
            if !state.buffer.isEmpty { return .optional(state.buffer.removeFirst()) }
            if state.isFinished {
                if let failure = state.failure {
                    state.failure = nil
                    throw failure
                }
                return .optional(nil)
            }
            if state.waiting != nil {
                throw ScriptError.runtime(
                    "two tasks wait in next() of one AsyncStream; Swift allows one consumer at a time", at: location)
            }
            let streamName = state.isThrowing ? "AsyncThrowingStream" : "AsyncStream"
            try suspendCurrentTask(
                waitingFor: "the next element of an AsyncStream",
                awaited: AwaitedCall(object: nil, call: "\(streamName).Iterator.next()"), at: location,
                register: { waiter in
                    state.waiting = waiter
                    // A consumer cancelled while it waits ends the stream: `next()` gives nil.
                    onCancellation(of: waiter) { [unowned self] in
                        guard !state.isFinished else { return }
                        state.isFinished = true
                        state.buffer.removeAll()
                        do {
                            try self.terminate(state, with: state.cancelledTermination, at: location)
                        } catch {
                            self.recordPendingError(error)
                        }
                        self.wakeConsumer(of: state)
                    }
                },
                // The element, or nil at the end, as the loop sees it.
                resumedWith: { () -> Value? in state.handedOver ?? state.buffer.first ?? Value.optional(nil) })
        }
    }
}
