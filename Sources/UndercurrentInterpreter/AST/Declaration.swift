public struct Parameter {
    /// The argument label callers write; nil for `_`.
    public var label: String?
    public var name: String
    public var type: TypeRef?
    public var defaultValue: Expr?
    public var isVariadic: Bool
    public var isInout: Bool
    public var slot: Int
    /// The default is `#line`, which Swift takes at the call, not at the declaration.
    public var defaultIsCallerLine = false
}

/// Where a closure's captured variable comes from in the enclosing function.
public enum CaptureSource {
    case local(Int)
    case captured(Int)
}

/// `[weak self]`, `[unowned x]`, `[y = expr]` entries of a closure's capture list.
public struct CaptureListEntry {
    public var slot: Int
    public var name: String
    public var value: Expr
    public var ownership: Ownership

    public enum Ownership { case strong, weak, unowned }
}

/// A function, method, initializer, accessor or closure after lowering.
public final class FunctionDecl {
    public let name: String
    public let parameters: [Parameter]
    public let returnType: TypeRef?
    public let body: Block
    /// True when the body is a single expression whose value is returned (closures, getters).
    public let isSingleExpression: Bool
    /// The type written for each local variable that has one (`let g: Greeter = …`), by
    /// slot: the static type a call through the variable uses.
    public let declaredTypes: [Int: TypeRef]
    public let slotCount: Int
    public let captures: [CaptureSource]
    public let captureList: [CaptureListEntry]
    /// The slot that holds `self` in methods, initializers and accessors.
    public let selfSlot: Int?
    public let isStatic: Bool
    public let isMutating: Bool
    public let isThrowing: Bool
    public let isFailableInit: Bool
    public let location: SourceLocation
    /// Its place in the running interpreter's `ProgramTables`, which keep what running it
    /// needs (its compiled body, a spare frame): numbered by the lowerer, from the count the
    /// interpreter gave it.
    public let index: Int
    /// For a property's initial value and getter written without a return type, the
    /// property's type: what their result is evaluated against, so that `.max(2)` is a
    /// demand. Set by the lowerer when it lowers the property.
    public internal(set) var impliedReturnType: TypeRef?
    /// The protocol each of its generic parameters is constrained to (`<T: Animal>`), by the
    /// parameter's name: the static type of a `T` inside, as in `[T]`. Set by the lowerer.
    public internal(set) var genericConstraints: [String: String] = [:]
    /// Its own generic parameters (`T` of `func f<T>`), which overload choice ranks below a
    /// parameter of a written type. Set by the lowerer.
    public internal(set) var genericParameterNames: [String] = []
    /// Declared in one input beside a function of the same name and parameters but another
    /// result type (`make() -> Int`, `make() -> String`): the two are overloads, which the
    /// context chooses between, rather than a declaration that replaces an earlier one.
    public internal(set) var hasResultTypeOverload = false
    /// Declared `async`, or a closure whose body awaits: it may suspend, so it runs only
    /// where a task can (`Interpreter.currentTask`). Set by the lowerer.
    public internal(set) var isAsync = false
    /// Whether its code is isolated to an actor. Set by the lowerer.
    public internal(set) var isolation = ActorIsolation.none

    /// Swift refuses a call of an actor's method from outside the actor without `await`;
    /// the interpreter checks it as the call is made (`Interpreter.actorIsolation`).
    public enum ActorIsolation: UInt8 {
        /// Code of no actor: a function, a closure or a method of another kind of type.
        case none
        /// An actor's instance method (not `nonisolated`): a call from outside its actor
        /// needs `await`.
        case actorMethod
        /// Other code written in an actor (a closure in its method, an accessor, an
        /// initializer): isolated or not by rules the interpreter does not follow, so the
        /// calls it makes are not checked.
        case insideActor
    }

    public init(
        index: Int, name: String, parameters: [Parameter], returnType: TypeRef?, body: Block,
        isSingleExpression: Bool, slotCount: Int, captures: [CaptureSource],
        captureList: [CaptureListEntry], selfSlot: Int?, isStatic: Bool,
        isMutating: Bool, isThrowing: Bool, isFailableInit: Bool,
        location: SourceLocation, declaredTypes: [Int: TypeRef] = [:]
    ) {
        self.index = index
        self.declaredTypes = declaredTypes
        self.name = name
        self.parameters = parameters
        self.returnType = returnType
        self.body = body
        self.isSingleExpression = isSingleExpression
        self.slotCount = slotCount
        self.captures = captures
        self.captureList = captureList
        self.selfSlot = selfSlot
        self.isStatic = isStatic
        self.isMutating = isMutating
        self.isThrowing = isThrowing
        self.isFailableInit = isFailableInit
        self.location = location
    }

    /// `name(label:label:)`, the way Swift names a function.
    public var fullName: String {
        "\(name)(\(parameters.map { "\($0.label ?? "_"):" }.joined()))"
    }

    /// Whether a declaration of this function replaces `other`: the same name, labels,
    /// written parameter types and generic constraints. `log(_: Int)` and `log(_: String)` are
    /// two overloads, and so are `f<T>(_: T)` and `f<T: Equatable>(_: T)`.
    public func hasSameSignature(as other: FunctionDecl) -> Bool {
        fullName == other.fullName && parameters.map(\.type) == other.parameters.map(\.type)
            && genericConstraints == other.genericConstraints
            && (returnType == other.returnType || !(hasResultTypeOverload && other.hasResultTypeOverload))
    }
}

public struct PropertyDecl {
    public var name: String
    public var type: TypeRef?
    public var initializer: Expr?
    /// Evaluates the initializer in a frame of its own (slots for closures in it).
    public var initializerFunction: FunctionDecl?
    public var isConstant: Bool
    public var isStatic: Bool
    public var isLazy: Bool
    public var isWeak: Bool
    public var wrapper: String?
    /// `unowned` (`isWeak` is true too): reads as the object itself, and fails once it is gone.
    public var isUnowned = false
    public var getter: FunctionDecl?
    public var setter: FunctionDecl?
    public var willSet: FunctionDecl?
    public var didSet: FunctionDecl?
    public var location: SourceLocation

    public var isComputed: Bool { getter != nil }
}

public struct EnumCaseDecl {
    public var name: String
    public var associatedLabels: [String?]
    public var associatedTypes: [TypeRef]
    public var rawValue: Expr?
}

public struct SubscriptDecl {
    public var getter: FunctionDecl
    public var setter: FunctionDecl?
    public var isStatic: Bool
}

public enum TypeKind: String {
    case structType = "struct"
    case classType = "class"
    case enumType = "enum"
    case protocolType = "protocol"
}

public final class TypeDecl {
    public let kind: TypeKind
    public let name: String
    public let genericParameters: [String]
    public let inheritance: [TypeRef]
    public var properties: [PropertyDecl]
    public var methods: [FunctionDecl]
    public var initializers: [FunctionDecl]
    public var deinitializer: FunctionDecl?
    public var subscripts: [SubscriptDecl]
    public var cases: [EnumCaseDecl]
    public var nestedTypes: [TypeDecl]
    public var typeAliases: [String: TypeRef]
    /// Requirements named in a protocol body (for protocols only).
    public var requirementNames: [String]
    public let location: SourceLocation
    /// For a type declared inside a function or a block: how a debug description names it
    /// (`main.Outer.(unknown context at $…).(unknown context at $…).Local`; Swift prints
    /// addresses where this prints `…`). Its `name` is then a key unique to its declaration.
    public var localDebugName: String?
    /// Declared `actor` (lowered as a class): its stored `var`s are isolated to it.
    public var isActor = false

    public init(
        kind: TypeKind, name: String, genericParameters: [String], inheritance: [TypeRef],
        location: SourceLocation
    ) {
        self.kind = kind
        self.name = name
        self.genericParameters = genericParameters
        self.inheritance = inheritance
        self.properties = []
        self.methods = []
        self.initializers = []
        self.deinitializer = nil
        self.subscripts = []
        self.cases = []
        self.nestedTypes = []
        self.typeAliases = [:]
        self.requirementNames = []
        self.location = location
    }
}

public final class ExtensionDecl {
    public let extendedType: TypeRef
    public let inheritance: [TypeRef]
    /// The requirements of its `where` clause as written (`Element == Int`), nil without one.
    public internal(set) var constraint: String?
    /// The members, held in a `TypeDecl` of the extended type's kind-less shape.
    public let members: TypeDecl
    public let location: SourceLocation

    public init(
        extendedType: TypeRef, inheritance: [TypeRef], members: TypeDecl,
        location: SourceLocation
    ) {
        self.extendedType = extendedType
        self.inheritance = inheritance
        self.members = members
        self.location = location
    }
}

public enum Declaration {
    case type(TypeDecl)
    case extensionDecl(ExtensionDecl)
    case function(FunctionDecl)
    case typeAlias(String, TypeRef, SourceLocation)
    case importDecl(String, SourceLocation)
}
