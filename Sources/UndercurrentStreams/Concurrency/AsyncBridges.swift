import OpenCombine
import UndercurrentInterpreter

// `publisher.values` and `future.value`: Combine's bridges to `await`, on the interpreter's
// tasks. They make the calls OpenCombine 0.14.0's own make, in the same order, so the trace
// shows what Combine does (`GENERATED-Publisher+Concurrency.swift`, `Future+Concurrency.swift`):
// - `values`: `makeAsyncIterator()` subscribes an inner subscriber; each `next()` asks
//   `request(.max(1))` (before the subscription arrives, it adds to the demand it will ask
//   then); a value resumes the waiting task and asks for nothing more; a cancelled task's
//   `next()` cancels the subscription and gives nil; after completion `next()` gives nil
//   (a throwing publisher's failure is thrown once, by the `next()` that meets it).
// - `Future.value`: subscribes a subscriber that requests `.max(1)` and resumes with the
//   value, or throws the failure.
//
// Why not OpenCombine's own code: its `next()` and `value` are Swift `async` functions,
// which run only on the Swift runtime's executors, not on the interpreter's tasks; and its
// iterator stops the process (a `precondition`) when it receives a value it did not request,
// which a learner's subscription that ignores demand must get as an error instead.

/// The subscriber behind `publisher.values`: one per iterator.
final class AsyncValuesInner<Failure: Error>: Subscriber, Cancellable, TraceLabelled, CustomStringConvertible {
    typealias Input = Value

    private enum State {
        case awaitingSubscription
        case subscribed(Subscription)
        /// Ended; a failure not yet thrown by a `next()` (a throwing publisher's).
        case terminal(ScriptFailure?)
    }

    private var state = State.awaitingSubscription
    private var pendingDemand = Subscribers.Demand.none
    /// A `next()` is asking: the value it will be given, nil until then (`.some(nil)`: the end).
    private var isAsking = false
    private var answer: Result<Value?, ScriptFailure>?
    private var waiter: TaskWaiter?
    /// The bridge, through its handle: the subject or operator holding this subscriber may
    /// outlive the bridge as a session is torn down, and then this reaches nothing.
    private let bridgeHandle: StreamBridgeHandle
    let isThrowing: Bool

    init(bridge: StreamBridge, isThrowing: Bool) {
        self.bridgeHandle = bridge.handle
        self.isThrowing = isThrowing
    }

    var traceLabel: String { isThrowing ? "AsyncThrowingPublisher.Inner" : "AsyncPublisher.Inner" }
    var description: String { traceLabel }

    func receive(subscription: Subscription) {
        guard case .awaitingSubscription = state else {
            subscription.cancel()
            return
        }
        state = .subscribed(subscription)
        let demand = pendingDemand
        pendingDemand = .none
        if demand != .none { subscription.request(demand) }
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        guard case .subscribed = state else {
            give(.success(nil))
            return .none
        }
        guard isAsking, answer == nil else {
            bridgeHandle.bridge?.interpreter.recordPendingError(
                ScriptError.runtime(
                    "`values` received a value it had not requested: a subscription must send no more than "
                        + "its subscriber requested",
                    notes: ["Combine stops the program here (\"Received an output without requesting demand\")."]))
            return .none
        }
        give(.success(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let failure: ScriptFailure? =
            switch completion {
            case .finished: nil
            case .failure(let error): (error as? ScriptFailure) ?? ScriptFailure(.string("\(error)"))
            }
        switch state {
        case .terminal:
            give(.success(nil))
        case .awaitingSubscription, .subscribed:
            if isAsking, answer == nil {
                state = .terminal(nil)
                give(failure.map { .failure($0) } ?? .success(nil))
            } else {
                state = .terminal(isThrowing ? failure : nil)
            }
        }
    }

    func cancel() {
        let subscribed: Subscription?
        if case .subscribed(let subscription) = state { subscribed = subscription } else { subscribed = nil }
        state = .terminal(nil)
        subscribed?.cancel()
        give(.success(nil))
    }

    /// Hands the asking `next()` its answer, and wakes its task if it waits.
    private func give(_ result: Result<Value?, ScriptFailure>) {
        guard isAsking, answer == nil else { return }
        answer = result
        if let waiter {
            self.waiter = nil
            bridgeHandle.bridge?.interpreter.wake(waiter)
        }
    }

    /// `iterator.next()`: the next value, nil at the end; the task waits until it comes.
    func next(in interpreter: Interpreter, at location: SourceLocation) throws -> Value {
        // `withTaskCancellationHandler`: a task cancelled already cancels at once.
        if interpreter.currentTaskIsCancelled { cancel() }
        isAsking = true
        answer = nil
        defer {
            isAsking = false
            answer = nil
            waiter = nil
        }
        switch state {
        case .awaitingSubscription:
            pendingDemand += 1
        case .subscribed(let subscription):
            subscription.request(.max(1))
        case .terminal(nil):
            answer = .success(nil)
        case .terminal(let failure?):
            state = .terminal(nil)
            answer = .failure(failure)
        }
        try interpreter.throwPendingError(at: location)
        if answer == nil {
            try interpreter.suspendCurrentTask(
                waitingFor: "the next value of `values`", awaited: AwaitedCall(object: self, call: "next()"),
                at: location,
                register: { waiter in
                    self.waiter = waiter
                    interpreter.onCancellation(of: waiter) { [weak self] in self?.cancel() }
                },
                // The element, or nil at the end, as the loop sees it.
                resumedWith: { [self] in
                    guard case .success(let value)? = answer else { return nil }
                    return value ?? .optional(nil)
                })
            try interpreter.throwPendingError(at: location)
        }
        switch answer {
        case .success(let value)?: return .optional(value)
        case .failure(let failure)?: throw ThrownValue(failure.value, at: location)
        case nil: throw ScriptError.runtime("`values` was resumed without a value", at: location)
        }
    }
}

/// The subscriber behind `future.value`, as OpenCombine's `ContinuationSubscriber`.
final class FutureValueSubscriber<Failure: Error>: Subscriber, TraceLabelled, CustomStringConvertible {
    typealias Input = Value
    private var subscription: Subscription?
    private(set) var answer: Result<Value, ScriptFailure>?
    var waiter: TaskWaiter?
    /// The bridge, through its handle (see `AsyncValuesInner`).
    private let bridgeHandle: StreamBridgeHandle

    init(bridge: StreamBridge) {
        self.bridgeHandle = bridge.handle
    }

    var traceLabel: String { "ContinuationSubscriber" }
    var description: String { traceLabel }

    func receive(subscription: Subscription) {
        guard self.subscription == nil else {
            subscription.cancel()
            return
        }
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        give(.success(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        subscription = nil
        if case .failure(let error) = completion {
            give(.failure((error as? ScriptFailure) ?? ScriptFailure(.string("\(error)"))))
        }
    }

    private func give(_ result: Result<Value, ScriptFailure>) {
        guard answer == nil else { return }
        answer = result
        if let waiter {
            self.waiter = nil
            bridgeHandle.bridge?.interpreter.wake(waiter)
        }
    }
}

/// `values` on a publisher: the async sequence; its iterator, holding the inner subscriber.
final class AsyncValuesValue: NativeValue {
    let upstream: AnyScriptPublisher
    init(_ upstream: AnyScriptPublisher, type: TypeInfo) {
        self.upstream = upstream
        super.init(typeInfo: type)
    }
}

final class AsyncValuesIteratorValue: NativeValue {
    let next: (Interpreter, SourceLocation) throws -> Value
    init(type: TypeInfo, next: @escaping (Interpreter, SourceLocation) throws -> Value) {
        self.next = next
        super.init(typeInfo: type)
    }
}

extension StreamBridge {
    func installAsyncBridges() {
        let asyncPublisher = TypeInfo(name: "AsyncPublisher", kind: .builtin, qualifiedName: "Combine.AsyncPublisher")
        let asyncThrowingPublisher = TypeInfo(
            name: "AsyncThrowingPublisher", kind: .builtin, qualifiedName: "Combine.AsyncThrowingPublisher")
        for type in [asyncPublisher, asyncThrowingPublisher] {
            type.conformances = ["AsyncSequence"]
            let iterator = TypeInfo(name: "Iterator", kind: .builtin, qualifiedName: "\(type.qualifiedName).Iterator")
            type.nestedTypes["Iterator"] = iterator
            interpreter.registerType(type)
            type.addNativeMethod(
                NativeFunction("makeAsyncIterator()") { [unowned self, unowned iterator] arguments in
                    guard case .native(let values as AsyncValuesValue)? = arguments.receiver else {
                        throw ScriptError.runtime("expected the values of a publisher", at: arguments.location)
                    }
                    return .native(try self.makeIterator(for: values.upstream, type: iterator, at: arguments.location))
                })
            iterator.addNativeMethod(
                NativeFunction("next()") { arguments in
                    guard case .native(let iterator as AsyncValuesIteratorValue)? = arguments.receiver else {
                        throw ScriptError.runtime(
                            "expected an iterator of a publisher's values", at: arguments.location)
                    }
                    try arguments.interpreter.requireAwait("`next()` of a publisher's values", at: arguments.location)
                    return try iterator.next(arguments.interpreter, arguments.location)
                })
        }
        types.publisher.addNativeProperty(
            "values",
            NativeProperty { [unowned self, unowned asyncPublisher, unowned asyncThrowingPublisher] _, value in
                let upstream = try self.publisher(from: value, at: .unknown)
                return .native(
                    AsyncValuesValue(upstream, type: upstream.canFail ? asyncThrowingPublisher : asyncPublisher))
            })
        types.family("Future").addNativeProperty(
            "value",
            NativeProperty { [unowned self] interpreter, value in
                try interpreter.requireAwait("A future's `value`", at: interpreter.nativePropertyLocation)
                return try self.futureValue(of: value, in: interpreter)
            })
    }

    /// `makeAsyncIterator()`: subscribes the iterator's inner subscriber now.
    private func makeIterator(for upstream: AnyScriptPublisher, type: TypeInfo, at location: SourceLocation) throws
        -> AsyncValuesIteratorValue
    {
        func subscribe<Failure: Error>(_ publisher: AnyValuePublisher<Failure>) -> AsyncValuesIteratorValue {
            let inner = AsyncValuesInner<Failure>(bridge: self, isThrowing: upstream.canFail)
            subscribeOpened(publisher.base, inner)
            return AsyncValuesIteratorValue(type: type) { interpreter, location in
                try inner.next(in: interpreter, at: location)
            }
        }
        let iterator = upstream.with(subscribe, subscribe)
        try interpreter.throwPendingError(at: location)
        return iterator
    }

    /// `await future.value`: subscribes, and waits for the value (or the failure) unless it
    /// came at once.
    private func futureValue(of value: Value, in interpreter: Interpreter) throws -> Value {
        let location = interpreter.nativePropertyLocation
        let upstream = try publisher(from: value, at: location)
        func awaitValue<Failure: Error>(_ publisher: AnyValuePublisher<Failure>) throws -> Value {
            let subscriber = FutureValueSubscriber<Failure>(bridge: self)
            subscribeOpened(publisher.base, subscriber)
            try interpreter.throwPendingError(at: location)
            if subscriber.answer == nil {
                try interpreter.suspendCurrentTask(
                    waitingFor: "the value of a Future",
                    awaited: AwaitedCall(object: publisher.base as AnyObject, call: "value"), at: location,
                    register: { waiter in subscriber.waiter = waiter },
                    resumedWith: { try? subscriber.answer?.get() })
                try interpreter.throwPendingError(at: location)
            }
            switch subscriber.answer {
            case .success(let value)?: return value
            case .failure(let failure)?: throw ThrownValue(failure.value, at: location)
            case nil: throw ScriptError.runtime("the Future was resumed without a value", at: location)
            }
        }
        return try upstream.with(awaitValue, awaitValue)
    }
}
