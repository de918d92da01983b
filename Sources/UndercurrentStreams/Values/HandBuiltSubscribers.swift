import OpenCombine
import UndercurrentInterpreter

/// Subscribers a script builds itself, as books do to show what `sink` and `assign` are:
/// `Subscribers.Sink(receiveCompletion:receiveValue:)`, `Subscribers.Assign(object:keyPath:)`,
/// `AnySubscriber` (wrapping a subscriber, from closures, from a subject), and
/// `CombineIdentifier()` for a script type that supplies its own identifier. Each is the
/// engine's own type, handed to the script as a `SubscriberValue`, so it subscribes, is
/// traced and prints as in compiled code.
extension StreamBridge {
    func installHandBuiltSubscribers() {
        installSink()
        installAssign()
        installAnySubscriber()
        installCombineIdentifier()
    }

    /// The type of a subscriber the script builds: `Subscribers.Sink` and the like. Its
    /// `receive` methods are the engine subscriber's (through `AnySubscriber`'s type).
    private func subscriberType(_ name: String, conformances: [String]) -> TypeInfo {
        let type = TypeInfo(name: name, kind: .builtin, qualifiedName: name)
        type.superclass = types.nativeSubscriber
        type.conformances = conformances
        return type
    }

    /// Spells written generic arguments (`<Int, Never>`), or nil when none were written.
    private func spelledArguments(_ arguments: [TypeRef]) -> (plain: String, qualified: String)? {
        guard !arguments.isEmpty else { return nil }
        let plain = arguments.map { SwiftTypeNames.name(of: $0, in: interpreter, qualified: false) }
        let qualified = arguments.map { SwiftTypeNames.name(of: $0, in: interpreter, qualified: true) }
        return (plain.joined(separator: ", "), qualified.joined(separator: ", "))
    }

    private func installSink() {
        let sink = subscriberType("Subscribers.Sink", conformances: ["Subscriber", "Cancellable"])
        types.subscribers.nestedTypes["Sink"] = sink
        interpreter.registerType(sink, as: "Subscribers.Sink")
        let completionType = TypeRef.function([.named(["Subscribers", "Completion"], [])], .simple("Void"))
        let valueType = TypeRef.function([.simple("Input")], .simple("Void"))
        sink.initializers = [
            .native(
                NativeFunction("init(receiveCompletion:receiveValue:)", types: [completionType, valueType]) {
                    [unowned self] arguments in
                    let generic = self.genericArguments(of: arguments.receiver)
                    let onCompletion = arguments[0]
                    let onValue = arguments[1]
                    let location = arguments.location
                    func make<Failure: Error>(_: Failure.Type) -> Value {
                        let engineSink = Subscribers.Sink<Value, Failure>(
                            receiveCompletion: { [unowned self] event in
                                self.fromEngine(()) {
                                    _ = try self.interpreter.call(
                                        onCompletion, [self.completionValue(event)], at: location)
                                }
                            },
                            receiveValue: { [unowned self] input in
                                self.fromEngine(()) { _ = try self.interpreter.call(onValue, [input], at: location) }
                            })
                        let value = self.handBuilt(engineSink, type: sink, name: "Sink")
                        value.cancellable = engineSink
                        value.swiftType = ("Sink", "Combine.Subscribers.Sink", self.spelledArguments(generic))
                        return .native(value)
                    }
                    return self.failsNever(generic, failureIndex: 1) ? make(Never.self) : make(ScriptFailure.self)
                })
        ]
        sink.addNativeMethod(
            NativeFunction("cancel()") { [unowned self] arguments in
                try self.cancelHandBuilt(arguments)
            })
    }

    private func installAssign() {
        let assign = subscriberType("Subscribers.Assign", conformances: ["Subscriber", "Cancellable"])
        types.subscribers.nestedTypes["Assign"] = assign
        interpreter.registerType(assign, as: "Subscribers.Assign")
        assign.initializers = [
            .native(
                NativeFunction("init(object:keyPath:)") { [unowned self] arguments in
                    let root = arguments[0]
                    guard case .native(let path as KeyPathValue) = arguments[1] else {
                        throw ScriptError.runtime(
                            "Subscribers.Assign needs a key path such as \\.name", at: arguments.location)
                    }
                    guard case .object(let object) = root.loaded else {
                        throw ScriptError.runtime(
                            "Subscribers.Assign needs a class instance to assign on", at: arguments.location)
                    }
                    let target = ScriptAssign(root: root, keyPath: path, bridge: self, location: arguments.location)
                    // Assign's Failure is Never: a publisher that can fail cannot feed it.
                    let subscriber = AssignSubscriber<Never>(target)
                    let value = SubscriberValue(
                        .never(AnySubscriber(subscriber)), name: "Assign \(object.type.name).", bridge: self,
                        type: assign)
                    value.attach = SubscriberAttachment(
                        toNever: { [unowned self] publisher in self.subscribeOpened(publisher, subscriber) },
                        toFailing: nil)
                    value.cancellable = target
                    // `Assign<Root, Input>`: the Input is the declared type of the property the
                    // key path names, when it is one stored property with a written type.
                    // key path names, when it is one stored property with a written type, or else
                    // the type of its current value when that tells it fully (not nil or empty).
                    var spelled = self.spelledArguments(self.genericArguments(of: arguments.receiver))
                    if spelled == nil, path.path.count == 1 {
                        let rootName = (object.type.name, object.type.qualifiedName)
                        if let declared = object.type.storedProperties.first(where: { $0.name == path.path[0] })?.type {
                            let input = (
                                SwiftTypeNames.name(of: declared, in: self.interpreter, qualified: false),
                                SwiftTypeNames.name(of: declared, in: self.interpreter, qualified: true)
                            )
                            spelled = ("\(rootName.0), \(input.0)", "\(rootName.1), \(input.1)")
                        } else if let current = try? path.read(
                            root, interpreter: self.interpreter, at: arguments.location),
                            let plain = try? SwiftTypeNames.spelledName(of: current, qualified: false),
                            let qualified = try? SwiftTypeNames.spelledName(of: current, qualified: true),
                            !plain.contains("Any")
                        {
                            spelled = ("\(rootName.0), \(plain)", "\(rootName.1), \(qualified)")
                        }
                    }
                    value.swiftType = ("Assign", "Combine.Subscribers.Assign", spelled)
                    return .native(value)
                })
        ]
        assign.addNativeMethod(
            NativeFunction("cancel()") { [unowned self] arguments in
                try self.cancelHandBuilt(arguments)
            })
    }

    private func installAnySubscriber() {
        let anySubscriber = types.nativeSubscriber
        interpreter.registerType(anySubscriber, as: "AnySubscriber")
        let completionType = TypeRef.function([.named(["Subscribers", "Completion"], [])], .simple("Void"))
        anySubscriber.initializers = [
            .native(
                NativeFunction("init(_:)") { [unowned self] arguments in
                    try self.anySubscriber(wrapping: arguments[0], receiver: arguments.receiver, at: arguments.location)
                }),
            .native(
                NativeFunction(
                    "init(receiveSubscription:receiveValue:receiveCompletion:)",
                    defaults: ["receiveSubscription", "receiveValue", "receiveCompletion"],
                    types: [
                        .function([.simple("Subscription")], .simple("Void")),
                        .function([.simple("Input")], .named(["Subscribers", "Demand"], [])),
                        completionType,
                    ]
                ) { [unowned self] arguments in
                    try self.anySubscriberFromClosures(arguments)
                }),
        ]
    }

    private func installCombineIdentifier() {
        // `CustomCombineIdentifierConvertible`'s extension for classes, which `Subscriber` and
        // `Subscription` refine: a class instance is identified by itself. (A struct declares
        // its own, which is found first; Swift does not compile one that does not.)
        let ofObject = NativeProperty { [unowned self] _, value in
            guard case .object(let object) = value.loaded else {
                throw ScriptError.runtime(
                    "\(Formatter.typeName(of: value)) has no combineIdentifier: a struct conforming to Subscriber or Subscription declares one (let combineIdentifier = CombineIdentifier())"
                )
            }
            return .native(CombineIdentifierValue(CombineIdentifier(object), type: self.types.combineIdentifier))
        }
        types.subscriber.addNativeProperty("combineIdentifier", ofObject)
        types.subscription.addNativeProperty("combineIdentifier", ofObject)
        types.combineIdentifier.conformances = ["Hashable", "Equatable", "CustomStringConvertible"]
        types.combineIdentifier.initializers = [
            .native(
                NativeFunction("init()") { [unowned self] _ in
                    .native(CombineIdentifierValue(CombineIdentifier(), type: self.types.combineIdentifier))
                }),
            .native(
                NativeFunction("init(_:)") { [unowned self] arguments in
                    guard case .object(let object) = arguments[0].loaded else {
                        throw ScriptError.runtime(
                            "CombineIdentifier(_:) takes a class instance", at: arguments.location)
                    }
                    return .native(
                        CombineIdentifierValue(CombineIdentifier(object), type: self.types.combineIdentifier))
                }),
        ]
    }

    /// A `SubscriberValue` for an engine subscriber the script built, attached as itself.
    private func handBuilt<S: Subscriber>(_ subscriber: S, type: TypeInfo, name: String) -> SubscriberValue
    where S.Input == Value {
        let wrapped: SubscriberValue.Wrapped
        if let never = subscriber as? any Subscriber<Value, Never> {
            wrapped = .never(AnySubscriber(never))
        } else if let failing = subscriber as? any Subscriber<Value, ScriptFailure> {
            wrapped = .failing(AnySubscriber(failing))
        } else {
            preconditionFailure("a script's subscribers fail with Never or ScriptFailure")
        }
        let value = SubscriberValue(wrapped, name: name, bridge: self, type: type)
        value.attach = .of(subscriber)
        return value
    }

    private func cancelHandBuilt(_ arguments: NativeArguments) throws -> Value {
        guard case .native(let subscriber as SubscriberValue)? = arguments.receiver?.loaded else { return .void }
        subscriber.cancellable?.cancel()
        try interpreter.throwPendingError()
        return .void
    }

    /// `AnySubscriber(s)`: a subscriber the script made or was given, a script type
    /// conforming to `Subscriber`, or a subject.
    private func anySubscriber(wrapping target: Value, receiver: Value?, at location: SourceLocation) throws -> Value {
        let generic = spelledArguments(genericArguments(of: receiver))
        switch target.loaded {
        case .native(let existing as SubscriberValue):
            let wrapped: SubscriberValue.Wrapped
            switch existing.wrapped {
            case .never(let subscriber): wrapped = .never(AnySubscriber(subscriber))
            case .failing(let subscriber): wrapped = .failing(AnySubscriber(subscriber))
            }
            let value = SubscriberValue(
                wrapped, name: existing.description, bridge: self, lifecycle: existing.lifecycle)
            value.endsInScript = existing.endsInScript
            value.swiftType = ("AnySubscriber", "Combine.AnySubscriber", generic ?? existing.swiftType?.arguments)
            return .native(value)
        case .native(let publisher as PublisherValue):
            guard let subject = publisher.publisher.base as? ScriptSubject else { break }
            let value = SubscriberValue(subject.anySubscriber(), name: "Subject", bridge: self)
            value.swiftType = ("AnySubscriber", "Combine.AnySubscriber", generic)
            return .native(value)
        case .object, .structValue:
            let type = interpreter.typeInfo(of: target)
            guard conforms(type, to: "Subscriber") else { break }
            let wrapped: SubscriberValue.Wrapped =
                failureIsNever(of: type)
                ? .never(AnySubscriber(ScriptSubscriber<Never>(value: target, bridge: self)))
                : .failing(AnySubscriber(ScriptSubscriber<ScriptFailure>(value: target, bridge: self)))
            let value = SubscriberValue(wrapped, name: type.name, bridge: self)
            value.endsInScript = true
            value.swiftType = ("AnySubscriber", "Combine.AnySubscriber", generic ?? scriptSubscriberArguments(type))
            return .native(value)
        default:
            break
        }
        throw ScriptError.runtime(
            "AnySubscriber(_:) takes a subscriber or a subject, not \(Formatter.typeName(of: target))", at: location)
    }

    /// `Input, Failure` of a script type conforming to `Subscriber`, from its typealiases.
    private func scriptSubscriberArguments(_ type: TypeInfo) -> (plain: String, qualified: String)? {
        var aliases: [String: TypeRef] = [:]
        var current: TypeInfo? = type
        while let candidate = current {
            aliases.merge(candidate.typeAliases) { first, _ in first }
            current = candidate.superclass
        }
        guard let input = aliases["Input"], let failure = aliases["Failure"] else { return nil }
        return spelledArguments([input, failure])
    }

    /// `AnySubscriber(receiveSubscription:receiveValue:receiveCompletion:)`: each closure
    /// may be left out (a missing `receiveValue` returns `.none`).
    private func anySubscriberFromClosures(_ arguments: NativeArguments) throws -> Value {
        let generic = genericArguments(of: arguments.receiver)
        let location = arguments.location
        let onSubscription = arguments.optional(0).flatMap { $0.isNil ? nil : $0 }
        let onValue = arguments.optional(1).flatMap { $0.isNil ? nil : $0 }
        let onCompletion = arguments.optional(2).flatMap { $0.isNil ? nil : $0 }
        func make<Failure: Error>(_: Failure.Type) -> AnySubscriber<Value, Failure> {
            AnySubscriber<Value, Failure>(
                receiveSubscription: onSubscription.map { closure in
                    { [unowned self] subscription in
                        self.fromEngine(()) {
                            _ = try self.interpreter.call(
                                closure, [self.subscriptionValue(for: subscription)], at: location)
                        }
                    }
                },
                receiveValue: onValue.map { closure in
                    { [unowned self] input in
                        self.fromEngine(.none) {
                            try self.demand(
                                from: try self.interpreter.call(closure, [input], at: location), at: location)
                        }
                    }
                },
                receiveCompletion: onCompletion.map { closure in
                    { [unowned self] completion in
                        self.fromEngine(()) {
                            _ = try self.interpreter.call(closure, [self.completionValue(completion)], at: location)
                        }
                    }
                })
        }
        let wrapped: SubscriberValue.Wrapped =
            failsNever(generic, failureIndex: 1) ? .never(make(Never.self)) : .failing(make(ScriptFailure.self))
        let value = SubscriberValue(wrapped, name: "Anonymous AnySubscriber", bridge: self)
        value.swiftType = ("AnySubscriber", "Combine.AnySubscriber", spelledArguments(generic))
        return .native(value)
    }
}

extension ScriptSubject {
    /// `AnySubscriber(subject)`: values and completions sent to it go into the subject.
    fileprivate func anySubscriber() -> SubscriberValue.Wrapped {
        if let subject = self as? PassthroughSubject<Value, Never> { return .never(AnySubscriber(subject)) }
        if let subject = self as? CurrentValueSubject<Value, Never> { return .never(AnySubscriber(subject)) }
        if let subject = self as? PassthroughSubject<Value, ScriptFailure> { return .failing(AnySubscriber(subject)) }
        if let subject = self as? CurrentValueSubject<Value, ScriptFailure> {
            return .failing(AnySubscriber(subject))
        }
        preconditionFailure("a ScriptSubject is a PassthroughSubject or a CurrentValueSubject of Value")
    }
}

/// `CombineIdentifier()` as a script value: equal only to itself (or to the identifier of
/// the same object), printed as Combine prints it.
final class CombineIdentifierValue: NativeValue {
    let identifier: CombineIdentifier

    init(_ identifier: CombineIdentifier, type: TypeInfo) {
        self.identifier = identifier
        super.init(typeInfo: type)
    }

    override var description: String { identifier.description }

    override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? CombineIdentifierValue else { return false }
        return identifier == other.identifier
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
