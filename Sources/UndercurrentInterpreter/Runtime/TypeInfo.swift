public struct EnumCaseInfo {
    public var name: String
    public var associatedLabels: [String?]
    public var associatedTypes: [TypeRef]
    public var rawValue: Value?

    public init(
        name: String, associatedLabels: [String?] = [], associatedTypes: [TypeRef] = [],
        rawValue: Value? = nil
    ) {
        self.name = name
        self.associatedLabels = associatedLabels
        self.associatedTypes = associatedTypes
        self.rawValue = rawValue
    }
}

public struct StoredProperty {
    public var name: String
    public var declaration: PropertyDecl?
    public var type: TypeRef?
}

/// Something callable with Swift's argument-label rules: a script function or a native one.
public enum Callable {
    case script(FunctionDecl)
    case native(NativeFunction)

    public var baseName: String {
        switch self {
        case .script(let decl): return decl.name
        case .native(let function): return function.name
        }
    }
}

public struct NativeProperty {
    public var get: (Interpreter, Value) throws -> Value
    public var set: ((Interpreter, inout Value, Value) throws -> Void)?
    /// The getter gives the same value on every read (`Subscribers.Demand.unlimited`), so a
    /// site that reads it may keep what it gave (`StaticMemberSite`).
    public var isConstant: Bool

    public init(
        isConstant: Bool = false,
        get: @escaping (Interpreter, Value) throws -> Value,
        set: ((Interpreter, inout Value, Value) throws -> Void)? = nil
    ) {
        self.get = get
        self.set = set
        self.isConstant = isConstant
    }
}

/// A nominal type: one of the learner's, or one the interpreter or the stream bridge provides.
public final class TypeInfo {
    public enum Kind { case structType, classType, enumType, protocolType, builtin }

    public let name: String
    public let kind: Kind
    /// Where `print` of a nested value puts the module name (`main.Point`); builtin types
    /// have their own qualified names (`Swift.Int` is printed as `Int`).
    public var qualifiedName: String
    /// How `print` names the type: a type declared in a script prints by its own name alone
    /// (`Inner(valid: true)` for an `Outer.Inner`), as Swift's `description` does; the debug
    /// form (`main.Outer.Inner(…)`, inside collections) uses `qualifiedName`.
    public var printedName: String {
        guard kind != .builtin, let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }
    /// The type as written in a declaration (`Subscribers.Demand` is
    /// `.named(["Subscribers", "Demand"], [])`), made once: every assignment asks it, for the
    /// type its value is expected to have.
    public private(set) lazy var reference: TypeRef = {
        if !name.utf8.contains(UInt8(ascii: ".")) { return .named([name], []) }
        return .named(name.split(separator: ".").map(String.init), [])
    }()
    public var declaration: TypeDecl?
    public var superclass: TypeInfo? { didSet { membersChanged() } }
    public var conformances: [String] = [] { didSet { membersChanged() } }
    public var genericParameters: [String] = []
    public var storedProperties: [StoredProperty] = []
    /// For a struct type: told of the calls of the methods named in
    /// `Interpreter.observedMethodNames` on any of its values (a class's objects have their own).
    public var callObserver: ScriptCallObserver?
    /// Its own `hash(into:)` and `==`, for Sets and Dictionaries of its values; nil for a type
    /// hashed and compared by its fields.
    var keyHashing: KeyHashing?
    public var fieldIndex: [String: Int] = [:]
    public var cases: [EnumCaseInfo] = []
    public var caseIndex: [String: Int] = [:] { didSet { membersChanged() } }
    public var nestedTypes: [String: TypeInfo] = [:] { didSet { membersChanged() } }
    public var typeAliases: [String: TypeRef] = [:] { didSet { membersChanged() } }
    public var instanceMembers: [String: [MemberEntry]] = [:] { didSet { membersChanged() } }
    public var staticMembers: [String: [MemberEntry]] = [:] { didSet { membersChanged() } }
    public var initializers: [Callable] = []
    public var deinitializer: FunctionDecl?
    public var subscripts: [SubscriptDecl] = []
    public var nativeSubscript: NativeSubscript?
    /// Set by the interpreter that owns the type; script `deinit`s run through it. Nil once
    /// that interpreter is going away.
    public var interpreter: Interpreter? {
        get { interpreterLink?.interpreter }
        set { interpreterLink = newValue?.link }
    }
    private var interpreterLink: InterpreterLink?
    /// Changes whenever a member, case, nested type, superclass or conformance is added
    /// (call sites cache what they found on this type: `CallSiteCache`).
    /// Unchecked: call sites read it on every run, in short accesses.
    @exclusivity(unchecked) public private(set) var memberVersion = 0

    private func membersChanged() {
        memberVersion &+= 1
        if let interpreter {
            interpreter.memberGeneration &+= 1
            interpreter.typesGeneration &+= 1
        }
    }
    /// For native types: how a `.native` value's `description` reads.
    public var isEquatableByIdentity = false

    public init(name: String, kind: Kind, qualifiedName: String? = nil) {
        self.name = name
        self.kind = kind
        self.qualifiedName = qualifiedName ?? name
    }

    public var isClass: Bool { kind == .classType }
    public var isProtocol: Bool { kind == .protocolType }

    public func addInstanceMember(_ name: String, _ entry: MemberEntry) {
        instanceMembers[name, default: []].append(entry)
    }

    public func addStaticMember(_ name: String, _ entry: MemberEntry) {
        staticMembers[name, default: []].append(entry)
    }

    public func addNativeMethod(_ function: NativeFunction, isStatic: Bool = false) {
        let entry = MemberEntry.method(.native(function))
        if isStatic { addStaticMember(function.name, entry) } else { addInstanceMember(function.name, entry) }
    }

    public func addNativeProperty(_ name: String, isStatic: Bool = false, _ property: NativeProperty) {
        if isStatic {
            addStaticMember(name, .nativeProperty(property))
        } else {
            addInstanceMember(name, .nativeProperty(property))
        }
    }

    public func addEnumCase(_ info: EnumCaseInfo) {
        caseIndex[info.name] = cases.count
        cases.append(info)
    }

    public func caseValue(_ name: String, payload: [Value] = []) -> Value {
        guard let index = caseIndex[name] else { fatalError("no case \(name) in \(self.name)") }
        return .enumValue(EnumValue(type: self, caseIndex: index, payload: payload))
    }

    public func conforms(to protocolName: String) -> Bool {
        if conformances.contains(protocolName) { return true }
        return superclass?.conforms(to: protocolName) ?? false
    }

    /// Declared or extended to conform to `Publisher`, `Subject` or `ConnectablePublisher`:
    /// its methods find Publisher's `print`, `min` and `max` first (`PublisherMembers.swift`).
    var conformsToAPublisherProtocol: Bool {
        Lowerer.publisherProtocols.contains(where: conforms(to:))
    }
}

/// One declaration of a member; a name can have several (overloads by argument label).
public enum MemberEntry {
    case stored(Int)
    case computed(PropertyDecl)
    case method(Callable)
    case nativeProperty(NativeProperty)
    case staticStored(Cell, TypeRef?)
}

public struct NativeSubscript {
    public var get: (Interpreter, Value, [Value]) throws -> Value
    public var set: ((Interpreter, inout Value, [Value], Value) throws -> Void)?

    public init(
        get: @escaping (Interpreter, Value, [Value]) throws -> Value,
        set: ((Interpreter, inout Value, [Value], Value) throws -> Void)? = nil
    ) {
        self.get = get
        self.set = set
    }
}
