import OpenCombine
import UndercurrentInterpreter

/// A publisher of script values. Its `Failure` is `Never` or `ScriptFailure`: script
/// generics are erased, so these two are all the engine ever sees.
public enum AnyScriptPublisher {
    case never(AnyValuePublisher<Never>)
    case failing(AnyValuePublisher<ScriptFailure>)

    /// Calls the closure that fits the failure type.
    public func with<Result>(
        _ whenNever: (AnyValuePublisher<Never>) throws -> Result,
        _ whenFailing: (AnyValuePublisher<ScriptFailure>) throws -> Result
    ) rethrows -> Result {
        switch self {
        case .never(let publisher): return try whenNever(publisher)
        case .failing(let publisher): return try whenFailing(publisher)
        }
    }

    public var canFail: Bool {
        if case .failing = self { return true }
        return false
    }

    /// The engine's publisher itself (a `Just`, a `PassthroughSubject`, a `Publishers.Map`).
    public var base: Any {
        switch self {
        case .never(let publisher): return publisher.base
        case .failing(let publisher): return publisher.base
        }
    }
}

/// Erases a publisher's type but not its identity: subscribing goes straight to the
/// wrapped publisher, so the tracing hook and `.print()` see the real one.
public struct AnyValuePublisher<Failure: Error>: Publisher {
    public typealias Output = Value
    public let base: any Publisher<Value, Failure>
    /// Counts this subscription among those nested inside one another (set for every
    /// publisher a script holds, by `StreamBridge.publisherValue`): a chain of thousands of
    /// operators, or a publisher that makes itself again (`Deferred { mk() }`, a `flatMap`
    /// or `catch` returning the same pipeline), subscribes deeper and deeper in the engine
    /// alone, where the call-depth limit on script code never sees it.
    private let nestingHandle: StreamBridgeHandle?
    var nesting: StreamBridge? { nestingHandle?.bridge }

    public init(_ base: any Publisher<Value, Failure>) {
        if let nested = base as? AnyValuePublisher<Failure> {
            self.base = nested.base
            self.nestingHandle = nested.nestingHandle
        } else {
            self.base = base
            self.nestingHandle = nil
        }
    }

    init(_ base: any Publisher<Value, Failure>, nesting: StreamBridge) {
        self.base = (base as? AnyValuePublisher<Failure>)?.base ?? base
        self.nestingHandle = nesting.handle
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Failure {
        guard let nesting, !nesting.isShutDown else { return base.receive(subscriber: subscriber) }
        nesting.subscribing(base) { base.receive(subscriber: subscriber) }
    }
}

extension AnyScriptPublisher {
    /// The same publisher, counted by `bridge` among nested subscriptions when subscribed.
    func countingNesting(in bridge: StreamBridge) -> AnyScriptPublisher {
        switch self {
        case .never(let publisher): return .never(AnyValuePublisher(publisher.base, nesting: bridge))
        case .failing(let publisher): return .failing(AnyValuePublisher(publisher.base, nesting: bridge))
        }
    }
}

/// Wraps a concrete engine publisher of `Value`s.
public func erase<P: Publisher>(_ publisher: P) -> AnyScriptPublisher where P.Output == Value {
    if let never = publisher as? any Publisher<Value, Never> { return .never(AnyValuePublisher(never)) }
    if let failing = publisher as? any Publisher<Value, ScriptFailure> { return .failing(AnyValuePublisher(failing)) }
    return .failing(AnyValuePublisher(publisher.mapError { ScriptFailure(.string(String(describing: $0))) }))
}

/// A publisher as a script value.
public final class PublisherValue: NativeValue {
    public let publisher: AnyScriptPublisher
    /// The script closure of the `map` that made this publisher: `switchToLatest` reads
    /// from it whether the publishers it outputs can fail.
    var sourceClosure: Value?
    /// A subject's written Output type (`CurrentValueSubject<Double, Never>`): what it is
    /// sent is converted to it, as Swift converts `send(25)` to `25.0`.
    var outputType: TypeRef?
    /// The generic arguments the script wrote where it made this publisher (`Empty<Int, Never>()`).
    var writtenArguments: [TypeRef] = []
    /// Whether this publisher's Output is an Optional, once an operator taking an Output
    /// value has asked (`StreamBridge.promoted(_:toOutputOf:_:)`); an operator that keeps
    /// its upstream's Output passes it on, so a long chain is not spelled again at each step.
    var outputIsOptional: Bool?

    /// What is known without asking the chain of whether Output is an Optional: what an
    /// operator passed on, or the generic arguments written where this was made
    /// (`Empty<String?, Never>()`).
    var knownOutputIsOptional: Bool? { outputIsOptional ?? writtenArguments.first?.isOptional }
    /// For printing: not kept alive, as a value may be printed while its environment is torn
    /// down.
    private let bridgeHandle: StreamBridgeHandle?
    var bridge: StreamBridge? { bridgeHandle?.bridge }

    init(_ publisher: AnyScriptPublisher, type: TypeInfo, bridge: StreamBridge? = nil) {
        self.publisher = publisher
        self.bridgeHandle = bridge?.handle
        super.init(typeInfo: type)
    }

    /// The family's name, for messages; `print` shows what Swift shows (`printed(debug:)`).
    public override var description: String { Self.familyName(of: publisher.base) }

    public override func printed(debug: Bool) throws -> String {
        guard let bridge else { return description }
        return try PublisherSpeller(bridge: bridge).describe(
            publisher: publisher.base, written: writtenArguments, debug: debug)
    }

    public override func swiftTypeName(qualified: Bool) throws -> String? {
        guard let bridge else { return nil }
        return try PublisherSpeller(bridge: bridge).typeName(
            of: publisher.base, written: writtenArguments, qualified: qualified)
    }

    /// `Output` and `Failure` inside an `extension Publisher` method: the types this
    /// publisher's chain gives them, spelled as `type(of:)` would spell them.
    public override func associatedType(named name: String) throws -> Metatype? {
        guard let bridge, name == "Output" || name == "Failure" else { return nil }
        let speller = PublisherSpeller(bridge: bridge)
        let spelling =
            name == "Output"
            ? try speller.outputType(of: publisher.base) : try speller.failureType(of: publisher.base)
        let interpreter = bridge.interpreter
        guard let type = interpreter.typeNamed(spelling.plain) ?? interpreter.typeNamed("Any") else { return nil }
        let metatype = Metatype(type: type)
        metatype.spelling = (spelling.plain, spelling.qualified)
        return metatype
    }

    /// The publisher object this value stands for, seen through the bridge's adapters and
    /// erasers, so that `===` compares what Swift would compare: two reads of one object's
    /// `objectWillChange` are the same publisher. A struct publisher is only itself.
    public override var identity: AnyObject { Self.referenceIdentity(of: publisher.base) ?? self }

    static func referenceIdentity(of publisher: Any) -> AnyObject? {
        let own = OwnConformances(of: publisher)
        if let adapter = own.stagelessAdapter { return referenceIdentity(of: adapter.adaptedPublisher) }
        if let erased = own.erasedPublisher { return referenceIdentity(of: erased.basePublisher) }
        if type(of: publisher) is AnyClass { return publisher as AnyObject }
        return nil
    }

    public override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? PublisherValue else { return false }
        return identity === other.identity
    }

    /// `Publishers.Map` for `Publishers.Map<Publishers.Sequence<[Value], Never>, Value>`.
    static func familyName(of publisher: Any) -> String {
        let own = OwnConformances(of: publisher)
        if let adapter = own.stagelessAdapter { return familyName(of: adapter.adaptedPublisher) }
        if let erased = own.erasedPublisher { return familyName(of: erased.basePublisher) }
        var name = own.typeName
        if let genericStart = name.firstIndex(of: "<") { name = String(name[..<genericStart]) }
        // `(extension in UndercurrentStreams):OpenCombine.Publishers.Merge` (Combining/).
        if name.hasPrefix("(extension in "), let colon = name.firstIndex(of: ":") {
            name = String(name[name.index(after: colon)...])
        }
        for prefix in ["OpenCombine.", "UndercurrentStreams.", "Swift."] where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
        }
        return name
    }
}

extension StreamBridge {
    /// A script value for an engine publisher.
    public func publisherValue(_ publisher: AnyScriptPublisher, family: String? = nil) -> Value {
        let name = family ?? PublisherValue.familyName(of: publisher.base)
        var conformances = ["Publisher"]
        if publisher.base is any ConnectablePublisher { conformances.append("ConnectablePublisher") }
        return .native(
            PublisherValue(
                publisher.countingNesting(in: self), type: types.family(name, conformances: conformances), bridge: self)
        )
    }

    /// Remembers the generic arguments the script wrote for a publisher it made
    /// (`receiver` is the metatype it called, `PassthroughSubject<Int, Never>`).
    @discardableResult
    func rememberWrittenArguments(_ value: Value, receiver: Value?) -> Value {
        let written = genericArguments(of: receiver)
        guard !written.isEmpty, case .native(let native as PublisherValue) = value else { return value }
        native.writtenArguments = written
        let base = native.publisher.base
        if type(of: base) is AnyClass { writtenGenericArguments.remember(written, for: base as AnyObject) }
        return value
    }

    /// What `rememberWrittenArguments` kept for this engine publisher, if it is an object.
    func writtenArguments(of publisher: Any) -> [TypeRef]? {
        guard type(of: publisher) is AnyClass else { return nil }
        return writtenGenericArguments[publisher as AnyObject]
    }

    public func publisherValue<P: Publisher>(_ publisher: P) -> Value where P.Output == Value {
        publisherValue(erase(publisher))
    }

    /// The publisher a script value stands for: an engine publisher, or a script type
    /// conforming to `Publisher`.
    public func publisher(from value: Value, at location: SourceLocation) throws -> AnyScriptPublisher {
        switch value.loaded {
        case .native(let native as PublisherValue):
            return native.publisher
        case .structValue, .object, .enumValue:
            let type = interpreter.typeInfo(of: value)
            guard conforms(type, to: "Publisher") else { break }
            if failureIsNever(of: type) {
                return .never(AnyValuePublisher(ScriptPublisher<Never>(value: value, bridge: self)))
            }
            return .failing(AnyValuePublisher(ScriptPublisher<ScriptFailure>(value: value, bridge: self)))
        default:
            break
        }
        throw ScriptError.runtime("\(Formatter.typeName(of: value)) is not a Publisher", at: location)
    }

    func conforms(_ type: TypeInfo, to protocolName: String) -> Bool {
        type.conforms(to: protocolName) || interpreter.allConformances(of: type).contains { $0.name == protocolName }
    }

    /// True when a script type says `typealias Failure = Never`.
    func failureIsNever(of type: TypeInfo) -> Bool {
        var current: TypeInfo? = type
        while let candidate = current {
            if let failure = candidate.typeAliases["Failure"] { return failure.qualifiedName == "Never" }
            current = candidate.superclass
        }
        return false
    }
}

/// The generic arguments written for publishers that are objects, by object.
///
/// An entry holds its object `unowned` and never reads it: that keeps the object's memory
/// (not the object, whose `deinit` runs as it would), so no other object can take its address
/// and its entry. A `weak` reference would say when the object went, but it gives the object
/// a side table, and from then on every retain and release of it (a subject, on every `send`)
/// takes the runtime's slow path. The oldest entries go beyond `capacity`; a publisher whose
/// entry went is spelled without it, or refused by name, never spelled with another's.
struct WrittenGenericArguments {
    private struct Entry {
        unowned let object: AnyObject
        let arguments: [TypeRef]
    }

    static let capacity = 4_096
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The entries' keys, oldest first.
    private var order: [ObjectIdentifier] = []

    mutating func remember(_ arguments: [TypeRef], for object: AnyObject) {
        let key = ObjectIdentifier(object)
        if entries[key] == nil { order.append(key) }
        entries[key] = Entry(object: object, arguments: arguments)
        if order.count > Self.capacity {
            let evicted = order.prefix(order.count - Self.capacity / 2)
            for key in evicted { entries[key] = nil }
            order.removeFirst(evicted.count)
        }
    }

    subscript(object: AnyObject) -> [TypeRef]? { entries[ObjectIdentifier(object)]?.arguments }
}
