import OpenCombine
import UndercurrentInterpreter

/// flatMap and switchToLatest: publishers of publishers, flattened.
///
/// Their Failure follows Combine's overloads: when the upstream cannot fail but the inner
/// publishers can, the upstream gets a `setFailureType` stage; when the inner publishers
/// cannot fail but the upstream can, each inner one gets it. Whether the inner publishers
/// can fail is read from the script's closure (see FailureInference).
extension StreamBridge {
    func installFlatteningOperators() {
        addOperator(
            "flatMap(maxPublishers:_:)", defaults: ["maxPublishers"],
            types: [.named(["Subscribers", "Demand"], []), nil]
        ) { [unowned self] upstream, arguments in
            let maxPublishers = try self.maxPublishers(arguments.optional(0), at: arguments.location)
            let transform = arguments[1]
            let location = arguments.location
            let innerNeverFails = FailureInference.closureReturnsNeverFailing(transform) == true
            switch upstream {
            case .never(let source) where innerNeverFails:
                return self.publisherValue(
                    source.flatMap(
                        maxPublishers: maxPublishers,
                        self.innerPublisher(transform, as: Never.self, at: location)))
            case .never(let source):
                return self.publisherValue(
                    source.setFailureType(to: ScriptFailure.self).flatMap(
                        maxPublishers: maxPublishers,
                        self.innerPublisher(transform, as: ScriptFailure.self, at: location)))
            case .failing(let source):
                return self.publisherValue(
                    source.flatMap(
                        maxPublishers: maxPublishers,
                        self.innerPublisher(transform, as: ScriptFailure.self, at: location)))
            }
        }
        addOperator("switchToLatest()") { [unowned self] upstream, arguments in
            let location = arguments.location
            let innerNeverFails = self.outputsNeverFailingPublishers(arguments.receiver)
            switch upstream {
            case .never(let source) where innerNeverFails:
                return self.publisherValue(self.innerPublishers(source, as: Never.self, at: location).switchToLatest())
            case .never(let source):
                let promoted = source.setFailureType(to: ScriptFailure.self)
                return self.publisherValue(
                    self.innerPublishers(promoted, as: ScriptFailure.self, at: location)
                        .switchToLatest())
            case .failing(let source):
                return self.publisherValue(
                    self.innerPublishers(source, as: ScriptFailure.self, at: location)
                        .switchToLatest())
            }
        }
    }

    private func maxPublishers(_ value: Value?, at location: SourceLocation) throws -> Subscribers.Demand {
        guard let value else { return .unlimited }
        let demand = try demand(from: value, at: location)
        guard demand != .none else {
            throw ScriptError.runtime(
                "flatMap's maxPublishers must be at least .max(1)", at: location,
                notes: ["Combine stops the program when it would request no values."])
        }
        return demand
    }

    /// flatMap's closure as the engine calls it: the script closure's publisher, with the
    /// Failure the flattened publisher has.
    private func innerPublisher<Failure: Error>(
        _ transform: Value, as failureType: Failure.Type,
        at location: SourceLocation
    ) -> (Value) -> AnyValuePublisher<Failure> {
        { [unowned self] input in
            self.fromEngine(AnyValuePublisher(Empty())) {
                let made = try self.publisher(
                    from: self.interpreter.call(transform, [input], at: location), at: location)
                return try self.inner(made, as: Failure.self, at: location)
            }
        }
    }

    /// An inner publisher with the flattened publisher's Failure: Combine gives one that
    /// cannot fail a `setFailureType` stage.
    private func inner<Failure: Error>(
        _ publisher: AnyScriptPublisher, as failureType: Failure.Type,
        at location: SourceLocation
    ) throws -> AnyValuePublisher<Failure> {
        if case .never(let never) = publisher, Failure.self == ScriptFailure.self,
            let promoted = never.setFailureType(to: ScriptFailure.self) as? any Publisher<Value, Failure>
        {
            return AnyValuePublisher(promoted)
        }
        return try self.publisher(publisher, as: Failure.self, at: location)
    }

    /// The upstream's script publishers as engine publishers, for `switchToLatest`. The
    /// conversion adds no stage of its own.
    private func innerPublishers<P: Publisher, Failure: Error>(
        _ upstream: P, as failureType: Failure.Type,
        at location: SourceLocation
    )
        -> ConvertingPublisher<P, AnyValuePublisher<Failure>> where P.Output == Value
    {
        ConvertingPublisher(upstream: upstream) { [unowned self] value in
            self.fromEngine(AnyValuePublisher(Empty())) {
                try self.inner(try self.publisher(from: value, at: location), as: Failure.self, at: location)
            }
        }
    }

    /// Whether the receiver is a `map` whose closure returns publishers that cannot fail.
    private func outputsNeverFailingPublishers(_ receiver: Value?) -> Bool {
        guard case .native(let native as PublisherValue)? = receiver?.loaded,
            let transform = native.sourceClosure
        else { return false }
        return FailureInference.closureReturnsNeverFailing(transform) == true
    }
}
