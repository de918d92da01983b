import OpenCombine
import UndercurrentInterpreter

/// replaceError, retry, catch, tryCatch and assertNoFailure.
extension StreamBridge {
    func installErrorHandlingOperators() {
        addOperator("replaceError(with:)") { [unowned self] upstream, arguments in
            let output = self.promoted([arguments[0]], toOutputOf: upstream, arguments)[0]
            return self.fused(upstream, .replaceError(output))
                ?? upstream.with(
                    { self.publisherValue($0.replaceError(with: output)) },
                    { self.publisherValue($0.replaceError(with: output)) })
        }
        addOperator("retry(_:)") { [unowned self] upstream, arguments in
            let retries = try self.integer(arguments[0], "retry's count", at: arguments.location)
            if let fused = self.fused(upstream, .retry) { return fused }
            return upstream.with(
                { self.publisherValue(self.interruptible($0).retry(retries)) },
                { self.publisherValue(self.interruptible($0).retry(retries)) })
        }
        addOperator("catch(_:)") { [unowned self] upstream, arguments in
            let handler = arguments[0]
            let location = arguments.location
            if FailureInference.closureReturnsNeverFailing(handler) == true {
                return self.catching(upstream, self.recovery(handler, as: Never.self, at: location))
            }
            return self.catching(upstream, self.recovery(handler, as: ScriptFailure.self, at: location))
        }
        addOperator("tryCatch(_:)") { [unowned self] upstream, arguments in
            let handler = arguments[0]
            let location = arguments.location
            let recover: (ScriptFailure) throws -> AnyValuePublisher<ScriptFailure> = { [unowned self] failure in
                try self.throwingCall(AnyValuePublisher(Empty())) {
                    let made = try self.publisher(
                        from: self.interpreter.call(handler, [failure.value], at: location),
                        at: location)
                    return AnyValuePublisher(self.failing(made))
                }
            }
            // A publisher that cannot fail never calls the handler; Swift still types the result `Error`.
            return self.publisherValue(
                ScriptFailurePublisher(
                    upstream: AnyValuePublisher(self.failing(upstream))
                        .tryCatch(recover)))
        }
        addOperator("assertNoFailure(_:file:line:)", defaults: ["_", "file", "line"]) {
            [unowned self] upstream, arguments in
            var prefix = ""
            if case .string(let text)? = arguments.optional(0) { prefix = text }
            let location = arguments.location
            return upstream.with(
                { self.publisherValue($0.assertNoFailure(prefix)) },
                {
                    self.publisherValue(
                        FatalFailurePublisher(upstream: $0, bridge: self, prefix: prefix, location: location)
                            .assertNoFailure(prefix))
                })
        }
    }

    private func catching<Failure: Error>(
        _ upstream: AnyScriptPublisher,
        _ recover: @escaping (ScriptFailure) -> AnyValuePublisher<Failure>
    ) -> Value {
        upstream.with(
            { publisherValue($0.catch { (never: Never) -> AnyValuePublisher<Failure> in switch never {} }) },
            { publisherValue($0.catch(recover)) })
    }

    /// `catch`'s handler as the engine calls it: the script closure, given the error value,
    /// returns the publisher to continue with.
    private func recovery<Failure: Error>(
        _ handler: Value, as failureType: Failure.Type,
        at location: SourceLocation
    ) -> (ScriptFailure) -> AnyValuePublisher<Failure> {
        { [unowned self] failure in
            self.fromEngine(AnyValuePublisher(Empty())) {
                let made = try self.publisher(
                    from: self.interpreter.call(handler, [failure.value], at: location),
                    at: location)
                return try self.publisher(made, as: Failure.self, at: location)
            }
        }
    }
}

/// Stands between an upstream that can fail and `assertNoFailure`: OpenCombine stops the
/// process on a failure there, so the failure becomes a script error instead and goes no
/// further.
struct FatalFailurePublisher<Upstream: Publisher>: Publisher, StagelessAdapter
where Upstream.Output == Value, Upstream.Failure == ScriptFailure {
    typealias Output = Value
    typealias Failure = ScriptFailure
    let upstream: Upstream
    let bridge: StreamBridge
    let prefix: String
    let location: SourceLocation

    var adaptedPublisher: Any { upstream }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == ScriptFailure {
        upstream.subscribe(Forward(downstream: subscriber, owner: self))
    }

    private struct Forward<Downstream: Subscriber>: Subscriber, CustomStringConvertible, ForwardingSubscriber
    where Downstream.Input == Value, Downstream.Failure == ScriptFailure {
        typealias Input = Value
        typealias Failure = ScriptFailure
        let downstream: Downstream
        let owner: FatalFailurePublisher
        var downstreamSubscriber: Any { downstream }
        var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }
        var description: String { String(describing: downstream) }
        func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Value) -> Subscribers.Demand { downstream.receive(input) }
        func receive(completion: Subscribers.Completion<ScriptFailure>) {
            guard case .failure(let failure) = completion else {
                downstream.receive(completion: completion)
                return
            }
            let error = Formatter.describe(failure.value, debug: false)
            owner.bridge.interpreter.recordPendingError(
                ScriptError.runtime(
                    "assertNoFailure: \(owner.prefix)\(error)", at: owner.location,
                    notes: ["the upstream failed; Combine stops the program here (a fatal error)"]))
        }
    }
}
