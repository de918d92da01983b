import OpenCombine
import UndercurrentInterpreter

extension StreamBridge {
    /// `publisher.subscribe(subscriber)`: through the engine's `subscribe`, so that the
    /// tracing hook sees it, with the script subscriber adapted to the publisher's Failure.
    func subscribe(_ publisherValue: Value, _ subscriberValue: Value, at location: SourceLocation) throws -> Value {
        let publisher = try self.publisher(from: publisherValue, at: location)
        // A subject subscribed to a publisher forwards its events and returns a cancellable.
        if case .native(let subjectValue as PublisherValue) = subscriberValue.loaded,
            let subject = subjectValue.publisher.base as? ScriptSubject
        {
            let cancellable = try subject.subscribeAsSubscriber(to: publisher, bridge: self, at: location)
            try interpreter.throwPendingError(at: location)
            return cancellableValue(cancellable)
        }
        // A subject of the script's own (`final class Relay: Subject`), likewise.
        let subscriberType = interpreter.typeInfo(of: subscriberValue)
        if conforms(subscriberType, to: "Subject"), !conforms(subscriberType, to: "Subscriber") {
            let cancellable: AnyCancellable
            switch publisher {
            case .never(let upstream):
                cancellable = upstream.subscribe(ScriptSubjectAdapter<Never>(value: subscriberValue, bridge: self))
            case .failing(let upstream):
                cancellable = upstream.subscribe(
                    ScriptSubjectAdapter<ScriptFailure>(value: subscriberValue, bridge: self))
            }
            try interpreter.throwPendingError(at: location)
            return cancellableValue(cancellable)
        }
        switch publisher {
        case .never(let upstream):
            try subscribe(upstream.base, subscriberValue, failure: Never.self, at: location)
        case .failing(let upstream):
            try subscribe(upstream.base, subscriberValue, failure: ScriptFailure.self, at: location)
        }
        try interpreter.throwPendingError(at: location)
        return .void
    }

    private func subscribe<P: Publisher, Failure: Error>(
        _ upstream: P, _ subscriberValue: Value,
        failure: Failure.Type, at location: SourceLocation
    ) throws
    where P.Output == Value, P.Failure == Failure {
        switch subscriberValue.loaded {
        case .native(let native as SubscriberValue):
            if let attach = native.attach {
                if let never = upstream as? any Publisher<Value, Never> {
                    guard let toNever = attach.toNever else { throw failureMismatch(at: location) }
                    toNever(never)
                    return
                }
                guard let toFailing = attach.toFailing, let failing = upstream as? any Publisher<Value, ScriptFailure>
                else { throw failureMismatch(at: location) }
                toFailing(failing)
                return
            }
            switch native.wrapped {
            case .never(let subscriber):
                guard let matching = subscriber as? AnySubscriber<Value, Failure> else {
                    throw failureMismatch(at: location)
                }
                upstream.subscribe(matching)
            case .failing(let subscriber):
                if let matching = subscriber as? AnySubscriber<Value, Failure> {
                    upstream.subscribe(matching)
                } else if let never = upstream as? any Publisher<Value, Never> {
                    // A publisher that cannot fail feeds a subscriber that could be told of failures.
                    NeverFailingPublisher(upstream: never).subscribe(subscriber)
                } else {
                    throw failureMismatch(at: location)
                }
            }
        case .object, .structValue:
            let type = interpreter.typeInfo(of: subscriberValue)
            guard conforms(type, to: "Subscriber") else { fallthrough }
            // While a tracer listens, `subscribe` wraps the adapter in the engine's tap.
            upstream.subscribe(
                ScriptSubscriber<Failure>(value: subscriberValue, bridge: self, isTapped: callObserver != nil))
        default:
            throw ScriptError.runtime("\(Formatter.typeName(of: subscriberValue)) is not a Subscriber", at: location)
        }
    }

    /// Subscribes on the concrete publisher, so the tracing hook reports the real type.
    func subscribeOpened<P: Publisher, S: Subscriber>(_ publisher: P, _ subscriber: S)
    where P.Output == S.Input, P.Failure == S.Failure {
        publisher.subscribe(subscriber)
    }

    private func failureMismatch(at location: SourceLocation) -> ScriptError {
        ScriptError.runtime("this subscriber expects errors of another type than the publisher's Failure", at: location)
    }

    func installSubscribing() {
        let publisher = types.publisher
        publisher.addNativeMethod(
            NativeFunction("subscribe(_:)") { [unowned self] arguments in
                try self.subscribe(arguments.receiver ?? .void, arguments[0], at: arguments.location)
            })
        publisher.addNativeMethod(
            NativeFunction("receive(subscriber:)") { [unowned self] arguments in
                try self.subscribe(arguments.receiver ?? .void, arguments[0], at: arguments.location)
            })
        let completionType = TypeRef.function([.named(["Subscribers", "Completion"], [])], .simple("Void"))
        let valueType = TypeRef.function([.simple("Output")], .simple("Void"))
        publisher.addNativeMethod(
            NativeFunction(
                "sink(receiveCompletion:receiveValue:)",
                types: [completionType, valueType]
            ) { [unowned self] arguments in
                try self.sink(
                    arguments.receiver ?? .void, completion: arguments[0], value: arguments[1],
                    at: arguments.location)
            })
        publisher.addNativeMethod(
            NativeFunction("sink(receiveValue:)", types: [valueType]) { [unowned self] arguments in
                try self.sink(arguments.receiver ?? .void, completion: nil, value: arguments[0], at: arguments.location)
            })
        publisher.addNativeMethod(
            NativeFunction("assign(to:on:)") { [unowned self] arguments in
                try self.assign(
                    arguments.receiver ?? .void, keyPath: arguments[0], on: arguments[1], at: arguments.location)
            })
    }

    private func sink(
        _ publisherValue: Value, completion: Value?, value: Value,
        at location: SourceLocation
    ) throws -> Value {
        let publisher = try self.publisher(from: publisherValue, at: location)
        // One sink for either failure type (a script's publishers fail with Never or ScriptFailure).
        func attachSink<Failure: Error>(to upstream: AnyValuePublisher<Failure>) -> AnyCancellable {
            let sink = Subscribers.Sink<Value, Failure>(
                receiveCompletion: { [unowned self] event in
                    guard let completion else { return }
                    self.fromEngine(()) {
                        _ = try self.interpreter.call(completion, [self.completionValue(event)], at: location)
                    }
                },
                receiveValue: { [unowned self] input in
                    self.fromEngine(()) { _ = try self.interpreter.call(value, [input], at: location) }
                })
            subscribeOpened(upstream.base, sink)
            return AnyCancellable(sink)
        }
        let cancellable = publisher.with(attachSink, attachSink)
        let result = cancellableValue(cancellable)
        try interpreter.throwPendingError(at: location)
        return result
    }

    private func assign(_ publisherValue: Value, keyPath: Value, on root: Value, at location: SourceLocation) throws
        -> Value
    {
        guard case .native(let path as KeyPathValue) = keyPath else {
            throw ScriptError.runtime("assign(to:on:) needs a key path such as \\.name", at: location)
        }
        guard case .object = root.loaded else {
            throw ScriptError.runtime("assign(to:on:) needs a class instance to assign on", at: location)
        }
        let publisher = try self.publisher(from: publisherValue, at: location)
        let assign = ScriptAssign(root: root, keyPath: path, bridge: self, location: location)
        switch publisher {
        case .never(let upstream): subscribeOpened(upstream.base, AssignSubscriber<Never>(assign))
        case .failing(let upstream): subscribeOpened(upstream.base, AssignSubscriber<ScriptFailure>(assign))
        }
        try interpreter.throwPendingError(at: location)
        return cancellableValue(AnyCancellable(assign))
    }
}

/// Lets a publisher that never fails feed a subscriber whose Failure is `ScriptFailure`,
/// without a stage of its own in the trace.
struct NeverFailingPublisher: Publisher {
    typealias Output = Value
    typealias Failure = ScriptFailure
    let upstream: any Publisher<Value, Never>

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == ScriptFailure {
        upstream.subscribe(Forward(downstream: subscriber))
    }

    private struct Forward<Downstream: Subscriber>: Subscriber, CustomStringConvertible, ForwardingSubscriber
    where Downstream.Input == Value, Downstream.Failure == ScriptFailure {
        typealias Input = Value
        typealias Failure = Never
        let downstream: Downstream
        var downstreamSubscriber: Any { downstream }
        var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }
        var description: String { String(describing: downstream) }
        func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Value) -> Subscribers.Demand { downstream.receive(input) }
        func receive(completion: Subscribers.Completion<Never>) { downstream.receive(completion: .finished) }
    }
}
