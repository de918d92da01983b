import OpenCombine
import UndercurrentInterpreter

/// Script closures as the Swift closures operators take. A script error inside one is
/// recorded (the engine cannot propagate it) and reported when control returns.
extension StreamBridge {
    func transform(_ function: Value, at location: SourceLocation) -> (Value) -> Value {
        { [unowned self] input in
            self.fromEngine(.void) { try self.interpreter.call(function, [input], at: location) }
        }
    }

    func predicate(_ function: Value, at location: SourceLocation) -> (Value) -> Bool {
        { [unowned self] input in
            self.fromEngine(false) {
                let result = try self.interpreter.call(function, [input], at: location)
                guard case .bool(let flag) = result else {
                    throw ScriptError.runtime("this closure must return a Bool", at: location)
                }
                return flag
            }
        }
    }

    func optionalTransform(_ function: Value, at location: SourceLocation) -> (Value) -> Value? {
        { [unowned self] input in
            self.fromEngine(nil) {
                let result = try self.interpreter.call(function, [input], at: location)
                if case .optional(let wrapped) = result { return wrapped }
                return result
            }
        }
    }

    func accumulator(_ function: Value, at location: SourceLocation) -> (Value, Value) -> Value {
        { [unowned self] accumulated, input in
            self.fromEngine(accumulated) {
                self.interpreter.accumulated(
                    try self.interpreter.call(function, [accumulated, input], at: location), like: accumulated)
            }
        }
    }

    /// For `try` operators: a script `throw` becomes the stream's failure.
    func throwingTransform(_ function: Value, at location: SourceLocation) -> (Value) throws -> Value {
        { [unowned self] input in
            guard !self.isShutDown, !self.interpreter.isAborting else { return .void }
            do {
                return try self.interpreter.call(function, [input], at: location)
            } catch let thrown as ThrownValue {
                throw ScriptFailure(thrown.value)
            } catch {
                self.interpreter.recordPendingError(error)
                return .void
            }
        }
    }

    func throwingPredicate(_ function: Value, at location: SourceLocation) -> (Value) throws -> Bool {
        let call = throwingTransform(function, at: location)
        return { input in
            if case .bool(let flag) = try call(input) { return flag }
            return false
        }
    }

    func action(_ function: Value?, at location: SourceLocation) -> (() -> Void)? {
        guard let function, !function.isNil else { return nil }
        return { [unowned self] in
            self.fromEngine(()) { _ = try self.interpreter.call(function, [], at: location) }
        }
    }

    func consumer(_ function: Value?, at location: SourceLocation) -> ((Value) -> Void)? {
        guard let function, !function.isNil else { return nil }
        return { [unowned self] input in
            self.fromEngine(()) { _ = try self.interpreter.call(function, [input], at: location) }
        }
    }
}

/// `print()` writes through the interpreter, so its output lands where the script's does.
struct ScriptOutputStream: TextOutputStream {
    let bridge: StreamBridge

    mutating func write(_ string: String) {
        bridge.fromEngine(()) { try bridge.interpreter.write(string) }
    }
}

/// Adapts a publisher whose Failure is `Error` (`tryMap`) to `ScriptFailure`, without
/// a stage of its own in the trace.
struct ScriptFailurePublisher<Upstream: Publisher>: Publisher
where Upstream.Output == Value, Upstream.Failure == Error {
    typealias Output = Value
    typealias Failure = ScriptFailure
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == ScriptFailure {
        upstream.subscribe(Forward(downstream: subscriber))
    }

    private struct Forward<Downstream: Subscriber>: Subscriber, CustomStringConvertible, ForwardingSubscriber
    where Downstream.Input == Value, Downstream.Failure == ScriptFailure {
        typealias Input = Value
        typealias Failure = Error
        let downstream: Downstream
        var downstreamSubscriber: Any { downstream }
        var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }
        var description: String { String(describing: downstream) }
        func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Value) -> Subscribers.Demand { downstream.receive(input) }
        func receive(completion: Subscribers.Completion<Error>) {
            switch completion {
            case .finished: downstream.receive(completion: .finished)
            case .failure(let error):
                downstream.receive(
                    completion: .failure(
                        error as? ScriptFailure
                            ?? ScriptFailure(.string(String(describing: error)))))
            }
        }
    }
}
