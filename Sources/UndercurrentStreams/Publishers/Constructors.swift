import OpenCombine
import UndercurrentInterpreter

extension StreamBridge {
    /// `Just(1).output`, a property named as the `output(at:)` operator of every publisher:
    /// read, it is the property; called, the operator. Installed after the operators, whose
    /// entries the family's own would otherwise hide.
    func installJustOutput() {
        let just = types.family("Just")
        just.addNativeProperty(
            "output",
            NativeProperty(get: { _, value in
                guard case .native(let native as PublisherValue) = value,
                    let publisher = native.publisher.base as? Just<Value>
                else { return .void }
                return publisher.output
            }))
        just.instanceMembers["output", default: []] += types.publisher.instanceMembers["output"] ?? []
    }

    func installPublisherConstructors() {
        let just = types.family("Just")
        just.initializers = [
            .native(
                NativeFunction("init(_:)") { [unowned self] arguments in
                    var output = arguments[0]
                    if let outputType = self.genericArguments(of: arguments.receiver).first {
                        output = try self.interpreter.coerce(output, to: outputType, at: arguments.location)
                    }
                    return self.rememberWrittenArguments(
                        self.publisherValue(Just(output)), receiver: arguments.receiver)
                })
        ]
        let empty = types.family("Empty")
        empty.initializers = [
            .native(
                NativeFunction("init(completeImmediately:)", defaults: ["completeImmediately"]) {
                    [unowned self] arguments in
                    var complete = true
                    if case .bool(let flag)? = arguments.optional(0) { complete = flag }
                    if self.failsNever(self.genericArguments(of: arguments.receiver), failureIndex: 1)
                        || self.genericArguments(of: arguments.receiver).isEmpty
                    {
                        return self.rememberWrittenArguments(
                            self.publisherValue(Empty<Value, Never>(completeImmediately: complete)),
                            receiver: arguments.receiver)
                    }
                    return self.rememberWrittenArguments(
                        self.publisherValue(Empty<Value, ScriptFailure>(completeImmediately: complete)),
                        receiver: arguments.receiver)
                }),
            .native(
                NativeFunction("init(completeImmediately:outputType:failureType:)", defaults: ["completeImmediately"]) {
                    [unowned self] arguments in
                    var complete = true
                    if case .bool(let flag)? = arguments.optional(0) { complete = flag }
                    if case .metatype(let failure) = arguments[2], failure.type.name == "Never" {
                        return self.publisherValue(Empty<Value, Never>(completeImmediately: complete))
                    }
                    return self.publisherValue(Empty<Value, ScriptFailure>(completeImmediately: complete))
                }),
        ]
        let fail = types.family("Fail")
        fail.addNativeProperty(
            "error",
            NativeProperty(get: { _, value in
                guard case .native(let native as PublisherValue) = value,
                    let publisher = native.publisher.base as? Fail<Value, ScriptFailure>
                else { return .void }
                return publisher.error.value
            }))
        fail.initializers = [
            .native(
                NativeFunction("init(error:)") { [unowned self] arguments in
                    self.rememberWrittenArguments(
                        self.publisherValue(Fail<Value, ScriptFailure>(error: ScriptFailure(arguments[0]))),
                        receiver: arguments.receiver)
                }),
            .native(
                NativeFunction("init(outputType:failure:)") { [unowned self] arguments in
                    self.publisherValue(Fail<Value, ScriptFailure>(error: ScriptFailure(arguments[1])))
                }),
        ]
        let future = types.family("Future")
        future.initializers = [
            .native(
                NativeFunction("init(_:)") { [unowned self] arguments in
                    let body = arguments[0]
                    let location = arguments.location
                    let outputType = self.genericArguments(of: arguments.receiver).first
                    if self.failsNever(self.genericArguments(of: arguments.receiver), failureIndex: 1) {
                        let future = Future<Value, Never> { promise in
                            self.fromEngine(()) {
                                _ = try self.interpreter.call(
                                    body, [self.promiseFunction(promise, output: outputType)], at: location)
                            }
                        }
                        try self.interpreter.throwPendingError(at: location)
                        return self.rememberWrittenArguments(self.publisherValue(future), receiver: arguments.receiver)
                    }
                    let future = Future<Value, ScriptFailure> { promise in
                        self.fromEngine(()) {
                            _ = try self.interpreter.call(
                                body, [self.promiseFunction(promise, output: outputType)], at: location)
                        }
                    }
                    try self.interpreter.throwPendingError(at: location)
                    return self.rememberWrittenArguments(self.publisherValue(future), receiver: arguments.receiver)
                })
        ]
        let deferred = types.family("Deferred")
        deferred.initializers = [
            .native(
                NativeFunction("init(createPublisher:)") { [unowned self] arguments in
                    let factory = arguments[0]
                    let location = arguments.location
                    if self.deferredNeverFails(factory) {
                        return self.publisherValue(
                            Deferred<AnyPublisher<Value, Never>> {
                                self.fromEngine(Empty<Value, Never>().eraseToAnyPublisher()) {
                                    let made = try self.publisher(
                                        from: try self.interpreter.call(factory, [], at: location), at: location)
                                    guard case .never(let publisher) = made else {
                                        throw ScriptError.runtime(
                                            "this Deferred's publisher can fail; declare its return type", at: location)
                                    }
                                    return publisher.eraseToAnyPublisher()
                                }
                            })
                    }
                    return self.publisherValue(
                        Deferred<AnyPublisher<Value, ScriptFailure>> {
                            self.fromEngine(Empty<Value, ScriptFailure>().eraseToAnyPublisher()) {
                                let made = try self.publisher(
                                    from: try self.interpreter.call(factory, [], at: location), at: location)
                                switch made {
                                case .never(let publisher):
                                    return NeverFailingPublisher(upstream: publisher.base).eraseToAnyPublisher()
                                case .failing(let publisher): return publisher.eraseToAnyPublisher()
                                }
                            }
                        })
                })
        ]
    }

    /// A `Deferred` whose closure declares a publisher type that cannot fail.
    private func deferredNeverFails(_ factory: Value) -> Bool {
        guard case .function(let function) = factory, case .script(let decl, _, _) = function.body,
            let returnType = decl.returnType
        else { return false }
        switch returnType.qualifiedName {
        case "Just"?, "Empty"?, "PassthroughSubject"?, "CurrentValueSubject"?, "AnyPublisher"?,
            "Publishers.Sequence"?:
            let arguments = returnType.genericArguments
            if returnType.qualifiedName == "Just" { return true }
            return arguments.last?.qualifiedName == "Never"
        default:
            return false
        }
    }

    /// The `promise` a `Future`'s closure receives: call it with `.success(x)` or `.failure(e)`.
    private func promiseFunction<Failure: Error>(
        _ promise: @escaping Future<Value, Failure>.Promise,
        output: TypeRef?
    ) -> Value {
        FunctionValue.native(
            NativeFunction("promise(_:)", types: [.named(["Result"], [])]) { [unowned self] arguments in
                guard case .enumValue(let result) = arguments[0], result.type === self.types.result else {
                    throw ScriptError.runtime(
                        "a promise takes .success(value) or .failure(error)", at: arguments.location)
                }
                if result.caseName == "success" {
                    var value = result.payload.first ?? .void
                    if let output { value = try self.interpreter.coerce(value, to: output, at: arguments.location) }
                    promise(.success(value))
                } else {
                    promise(
                        .failure(
                            try self.failure(result.payload.first ?? .void, as: Failure.self, at: arguments.location)))
                }
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
    }
}
