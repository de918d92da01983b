import OpenCombine
import UndercurrentInterpreter

/// share, multicast, makeConnectable, and connect/autoconnect on connectable publishers.
extension StreamBridge {
    func installSharingOperators() {
        addOperator("share()") { [unowned self] upstream, _ in
            upstream.with({ self.publisherValue($0.share()) }, { self.publisherValue($0.share()) })
        }
        addOperator("makeConnectable()") { [unowned self] upstream, arguments in
            guard case .never(let source) = upstream else {
                throw ScriptError.runtime(
                    "makeConnectable() needs a publisher whose Failure is Never", at: arguments.location,
                    notes: ["use multicast(subject:) with a subject that can fail instead"])
            }
            return self.publisherValue(source.makeConnectable())
        }
        // First, so that a trailing closure is not taken for `subject:`.
        addOperator("multicast(_:)") { [unowned self] upstream, arguments in
            try self.multicast(upstream, creatingSubjectsWith: arguments[0], at: arguments.location)
        }
        addOperator("multicast(subject:)") { [unowned self] upstream, arguments in
            let subject = try self.multicastSubject(arguments[0], at: arguments.location)
            return try subject.multicast(upstream, bridge: self, at: arguments.location) { subject }
        }
        let connectable = types.connectablePublisher
        connectable.addNativeMethod(
            NativeFunction("connect()") { [unowned self] arguments in
                let connection = try self.connectable(arguments).connectToUpstream()
                try self.interpreter.throwPendingError(at: arguments.location)
                // Multicast's connection is an AnyCancellable (it cancels when released, and
                // `type(of:)` says so); other connections are plain Cancellables.
                if let anyCancellable = connection as? AnyCancellable { return self.cancellableValue(anyCancellable) }
                return self.connectionValue(connection)
            })
        connectable.addNativeMethod(
            NativeFunction("autoconnect()") { [unowned self] arguments in
                try self.connectable(arguments).autoconnected(bridge: self)
            })
    }

    private func connectable(_ arguments: NativeArguments) throws -> ConnectableScriptPublisher {
        guard case .native(let native as PublisherValue)? = arguments.receiver?.loaded,
            let connectable = native.publisher.base as? ConnectableScriptPublisher
        else {
            throw ScriptError.runtime(
                "only connectable publishers (multicast, makeConnectable) can connect",
                at: arguments.location)
        }
        return connectable
    }

    private func multicastSubject(_ value: Value, at location: SourceLocation) throws -> MulticastSubject {
        guard case .native(let native as PublisherValue) = value.loaded,
            let subject = native.publisher.base as? MulticastSubject
        else {
            throw ScriptError.runtime("multicast needs a PassthroughSubject or a CurrentValueSubject", at: location)
        }
        return subject
    }

    /// `multicast { PassthroughSubject<Int, Never>() }`: the closure runs when the first
    /// subscriber or `connect()` arrives, but Swift fixes the subject's type when the chain
    /// is built. It is read from the closure's source; a PassthroughSubject of the
    /// upstream's Failure when the source does not say.
    private func multicast(
        _ upstream: AnyScriptPublisher, creatingSubjectsWith factory: Value,
        at location: SourceLocation
    ) throws -> Value {
        let kind = FailureInference.closureReturnsCurrentValueSubject(factory)
        let prototype: MulticastSubject
        switch (kind, upstream.canFail) {
        case (true, false): prototype = CurrentValueSubject<Value, Never>(.void)
        case (true, true): prototype = CurrentValueSubject<Value, ScriptFailure>(.void)
        case (false, false): prototype = PassthroughSubject<Value, Never>()
        case (false, true): prototype = PassthroughSubject<Value, ScriptFailure>()
        }
        return try prototype.multicast(upstream, bridge: self, at: location) { [unowned self] in
            self.fromEngine(prototype) {
                let made = try self.interpreter.call(factory, [], at: location)
                let subject = try self.multicastSubject(made, at: location)
                guard type(of: subject) == type(of: prototype) else {
                    throw ScriptError.runtime(
                        "multicast's closure must make the same kind of subject every time, "
                            + "of the upstream's Failure", at: location)
                }
                return subject
            }
        }
    }
}

/// A subject a multicast can share: PassthroughSubject or CurrentValueSubject of either Failure.
protocol MulticastSubject: AnyObject {
    /// `Publishers.Multicast` of the upstream into subjects of this one's concrete type.
    func multicast(
        _ upstream: AnyScriptPublisher, bridge: StreamBridge, at location: SourceLocation,
        subjects: @escaping () -> MulticastSubject
    ) throws -> Value
}

extension MulticastSubject where Self: Subject, Output == Value {
    func multicast(
        _ upstream: AnyScriptPublisher, bridge: StreamBridge, at location: SourceLocation,
        subjects: @escaping () -> MulticastSubject
    ) throws -> Value {
        let source = try bridge.publisher(upstream, as: Failure.self, at: location)
        // Every subject the closure makes was checked to be of this type.
        let make: () -> Self = { subjects() as! Self }
        return bridge.publisherValue(source.multicast(make))
    }
}

extension PassthroughSubject: MulticastSubject where Output == Value {}
extension CurrentValueSubject: MulticastSubject where Output == Value {}

/// A connectable engine publisher of script values.
protocol ConnectableScriptPublisher {
    func connectToUpstream() -> Cancellable
    func autoconnected(bridge: StreamBridge) -> Value
}

extension ConnectableScriptPublisher where Self: ConnectablePublisher, Output == Value {
    func connectToUpstream() -> Cancellable { connect() }
    func autoconnected(bridge: StreamBridge) -> Value { bridge.publisherValue(autoconnect()) }
}

extension Publishers.Multicast: ConnectableScriptPublisher where Upstream.Output == Value {}
extension Publishers.MakeConnectable: ConnectableScriptPublisher where Upstream.Output == Value {}
