import OpenCombine
import UndercurrentInterpreter

/// What the script can do with a subject, whatever its Failure type.
protocol ScriptSubject: AnyObject {
    func sendValue(_ value: Value)
    func sendSubscription(_ subscription: Subscription)
    func sendCompletion(_ completion: Value, bridge: StreamBridge, at location: SourceLocation) throws
    func subscribeAsSubscriber(
        to publisher: AnyScriptPublisher, bridge: StreamBridge,
        at location: SourceLocation
    ) throws -> AnyCancellable
}

extension ScriptSubject where Self: Subject, Output == Value {
    func sendValue(_ value: Value) { send(value) }
    func sendSubscription(_ subscription: Subscription) { send(subscription: subscription) }

    func sendCompletion(_ completion: Value, bridge: StreamBridge, at location: SourceLocation) throws {
        send(completion: try bridge.completion(from: completion, as: Failure.self, at: location))
    }

    func subscribeAsSubscriber(
        to publisher: AnyScriptPublisher, bridge: StreamBridge,
        at location: SourceLocation
    ) throws -> AnyCancellable {
        switch publisher {
        case .never(let upstream):
            if let subject = self as? PassthroughSubject<Value, Never> { return upstream.subscribe(subject) }
            if let subject = self as? CurrentValueSubject<Value, Never> { return upstream.subscribe(subject) }
            if let subject = self as? PassthroughSubject<Value, ScriptFailure> {
                return NeverFailingPublisher(upstream: upstream.base).subscribe(subject)
            }
            if let subject = self as? CurrentValueSubject<Value, ScriptFailure> {
                return NeverFailingPublisher(upstream: upstream.base).subscribe(subject)
            }
        case .failing(let upstream):
            if let subject = self as? PassthroughSubject<Value, ScriptFailure> { return upstream.subscribe(subject) }
            if let subject = self as? CurrentValueSubject<Value, ScriptFailure> { return upstream.subscribe(subject) }
        }
        throw ScriptError.runtime(
            "a subject that never fails cannot subscribe to a publisher that can fail",
            at: location)
    }
}

extension PassthroughSubject: ScriptSubject where Output == Value {}
extension CurrentValueSubject: ScriptSubject where Output == Value {}

/// Told when the script sends a value to a subject (the tracer shows the send, and what
/// the subject did not deliver). Held by the bridge.
public protocol SubjectSendObserver: AnyObject {
    /// `dropsWithoutDemand`: a `PassthroughSubject`, which drops a value sent while a
    /// subscriber has no demand, or while it has no subscriber (Apple's documentation of
    /// PassthroughSubject says so); a `CurrentValueSubject` keeps it as its value instead.
    /// Generic, so that the subject arrives as its own type (an `AnyObject` would not
    /// tell its type to the tracer's naming).
    func willSend<Subject: AnyObject>(_ value: Value, to subject: Subject, dropsWithoutDemand: Bool)
    func didSend<Subject: AnyObject>(to subject: Subject)
}

/// Told when an operator of the bridge's own lets a value go by its rule (`throttle` beyond
/// one value per interval), so the trace can show it. Held by the bridge.
public protocol DiscardReporter: AnyObject {
    /// Generic, so that the stage arrives as its own type (for its trace name).
    func discarded<Stage: AnyObject>(_ value: Any, by stage: Stage)
}

/// `CurrentValueSubject.value`, whatever its Failure type.
protocol ScriptValueSubject: ScriptSubject {
    var currentValue: Value { get set }
}

extension CurrentValueSubject: ScriptValueSubject where Output == Value {
    var currentValue: Value {
        get { value }
        set { value = newValue }
    }
}

extension StreamBridge {
    /// `Never` when the script wrote `Never` as the Failure generic argument.
    func failsNever(_ genericArguments: [TypeRef], failureIndex: Int) -> Bool {
        guard failureIndex < genericArguments.count else { return false }
        return genericArguments[failureIndex].qualifiedName == "Never"
    }

    func genericArguments(of receiver: Value?) -> [TypeRef] {
        if case .metatype(let metatype)? = receiver { return metatype.genericArguments }
        return []
    }

    func installSubjects() {
        let passthrough = types.family("PassthroughSubject", conformances: ["Subject", "Publisher"])
        passthrough.initializers = [
            .native(
                NativeFunction("init()") { [unowned self] arguments in
                    if self.failsNever(self.genericArguments(of: arguments.receiver), failureIndex: 1) {
                        return self.subjectValue(
                            .never(AnyValuePublisher(PassthroughSubject<Value, Never>())),
                            family: "PassthroughSubject", receiver: arguments.receiver)
                    }
                    return self.subjectValue(
                        .failing(AnyValuePublisher(PassthroughSubject<Value, ScriptFailure>())),
                        family: "PassthroughSubject", receiver: arguments.receiver)
                })
        ]
        let currentValue = types.family("CurrentValueSubject", conformances: ["Subject", "Publisher"])
        currentValue.initializers = [
            .native(
                NativeFunction("init(_:)") { [unowned self] arguments in
                    var initial = arguments[0]
                    if let outputType = self.genericArguments(of: arguments.receiver).first {
                        initial = try self.interpreter.coerce(initial, to: outputType, at: arguments.location)
                    }
                    if self.failsNever(self.genericArguments(of: arguments.receiver), failureIndex: 1) {
                        return self.subjectValue(
                            .never(AnyValuePublisher(CurrentValueSubject<Value, Never>(initial))),
                            family: "CurrentValueSubject", receiver: arguments.receiver)
                    }
                    return self.subjectValue(
                        .failing(AnyValuePublisher(CurrentValueSubject<Value, ScriptFailure>(initial))),
                        family: "CurrentValueSubject", receiver: arguments.receiver)
                })
        ]
        currentValue.addNativeProperty(
            "value",
            NativeProperty(
                get: { _, value in
                    guard case .native(let native as PublisherValue) = value,
                        let subject = native.publisher.base as? ScriptValueSubject
                    else { return .void }
                    return subject.currentValue
                },
                set: { [unowned self] _, value, newValue in
                    guard case .native(let native as PublisherValue) = value,
                        let subject = native.publisher.base as? ScriptValueSubject
                    else { return }
                    subject.currentValue = try self.asOutput(newValue, of: value, at: .unknown)
                    try self.interpreter.throwPendingError()
                }))
        let subjectProtocol = types.subject
        subjectProtocol.addNativeMethod(
            NativeFunction("send(_:)") { [unowned self] arguments in
                let value = try self.asOutput(arguments[0], of: arguments.receiver, at: arguments.location)
                self.send(value, to: try self.subject(of: arguments))
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
        subjectProtocol.addNativeMethod(
            NativeFunction("send()") { [unowned self] arguments in
                self.send(.void, to: try self.subject(of: arguments))
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
        subjectProtocol.addNativeMethod(
            NativeFunction("send(subscription:)") { [unowned self] arguments in
                let subscription = try self.subscription(from: arguments[0], at: arguments.location)
                try self.subject(of: arguments).sendSubscription(subscription)
                try self.interpreter.throwPendingError()
                return .void
            })
        subjectProtocol.addNativeMethod(
            NativeFunction("send(completion:)", types: [.named(["Subscribers", "Completion"], [])]) {
                [unowned self] arguments in
                try self.subject(of: arguments).sendCompletion(arguments[0], bridge: self, at: arguments.location)
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
    }

    /// `subject.send(value)`, told to the `sendObserver`.
    private func send(_ value: Value, to subject: ScriptSubject) {
        guard let observer = sendObserver else { return subject.sendValue(value) }
        let drops =
            subject is PassthroughSubject<Value, Never> || subject is PassthroughSubject<Value, ScriptFailure>
        observer.willSend(value, to: subject, dropsWithoutDemand: drops)
        subject.sendValue(value)
        observer.didSend(to: subject)
    }

    /// A new subject as a script value that remembers its written Output type.
    private func subjectValue(_ subject: AnyScriptPublisher, family: String, receiver: Value?) -> Value {
        let value = publisherValue(subject, family: family)
        if case .native(let native as PublisherValue) = value {
            native.outputType = genericArguments(of: receiver).first
        }
        return rememberWrittenArguments(value, receiver: receiver)
    }

    /// A value sent to a subject, converted to the subject's written Output type.
    private func asOutput(_ value: Value, of subject: Value?, at location: SourceLocation) throws -> Value {
        guard case .native(let native as PublisherValue)? = subject, let outputType = native.outputType else {
            return value
        }
        return try interpreter.coerce(value, to: outputType, at: location)
    }

    private func subject(of arguments: NativeArguments) throws -> ScriptSubject {
        guard case .native(let native as PublisherValue)? = arguments.receiver,
            let subject = native.publisher.base as? ScriptSubject
        else {
            throw ScriptError.runtime("send is only available on subjects", at: arguments.location)
        }
        return subject
    }
}
