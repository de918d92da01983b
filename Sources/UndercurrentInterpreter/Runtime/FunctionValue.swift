/// A function value: a closure, a method bound to its receiver, or a native function.
public final class FunctionValue {
    public enum Body {
        /// A script closure or function, with the cells it captured.
        case script(FunctionDecl, captures: [Cell], selfCell: Cell?)
        case native(NativeFunction, receiver: Value?)
        /// An enum case with associated values, used as a function (`Result.success`).
        case enumCase(TypeInfo, Int)
        /// Methods of one name on one receiver, chosen by argument labels at the call.
        case overloads([Callable], receiver: Value?, selfType: TypeInfo?)
        /// A type used as a function: its initializers.
        case initializer(Metatype)
    }

    public let body: Body
    /// The types a function type gives a script closure's parameters and result where the
    /// closure writes none and the type's values convert (`Double`, a fixed-width integer):
    /// `let scale: (Double) -> Double` stored or passed as `{ $0 * 2 }` makes `scale(3)` pass
    /// 3.0 (`Interpreter.coerce(_:to:at:)`). Empty where none does.
    public let declaredParameterTypes: [TypeRef?]
    public let declaredResultType: TypeRef?

    public init(_ body: Body, declaredParameterTypes: [TypeRef?] = [], declaredResultType: TypeRef? = nil) {
        self.body = body
        self.declaredParameterTypes = declaredParameterTypes
        self.declaredResultType = declaredResultType
    }

    public static func native(_ function: NativeFunction, receiver: Value? = nil) -> Value {
        .function(FunctionValue(.native(function, receiver: receiver)))
    }
}

/// A parameter list with Swift's argument-label rules, for functions written in Swift here.
public struct NativeSignature {
    public var labels: [String?]
    public var hasDefault: [Bool]
    public var variadicIndex: Int?
    /// Types that drive implicit member lookup (`.max(3)`) and literal coercion.
    public var types: [TypeRef?]

    /// Parses `name(label:_:other:)`; labels listed in `defaults` may be omitted by callers.
    public init(
        parsing fullName: String, defaults: Set<String> = [], variadic: String? = nil,
        types: [TypeRef?] = []
    ) {
        // Read as UTF-8 (the delimiters are ASCII): every environment parses the library's
        // few thousand signatures, and reading them as `Character`s was a fifth of making one.
        var labels: [String?] = []
        let utf8 = fullName.utf8
        if let open = utf8.firstIndex(of: UInt8(ascii: "(")), let close = utf8.lastIndex(of: UInt8(ascii: ")")),
            open < close
        {
            // The parts between colons, empty ones left out: `f(a:_:)` has `a` and `_`.
            var start = utf8.index(after: open)
            var index = start
            func addPart(_ end: String.Index) {
                guard start < end else { return }
                let part = fullName[start..<end]
                labels.append(part == "_" ? nil : String(part))
            }
            while index < close {
                if utf8[index] == UInt8(ascii: ":") {
                    addPart(index)
                    start = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
            addPart(close)
        }
        self.labels = labels
        self.hasDefault =
            defaults.isEmpty
            ? Array(repeating: false, count: labels.count) : labels.map { defaults.contains($0 ?? "_") }
        self.variadicIndex = variadic.flatMap { name in labels.firstIndex { ($0 ?? "_") == name } }
        self.types = types + Array(repeating: nil, count: max(0, labels.count - types.count))
    }
}

/// Arguments as a native function receives them, in parameter order.
public struct NativeArguments {
    public let interpreter: Interpreter
    public let receiver: Value?
    /// The receiver's storage, for mutating methods (`array.append`); nil otherwise.
    public let receiverCell: Cell?
    /// One entry per parameter; nil where the caller used the default.
    public var values: [Value?]
    /// Cells of `inout` arguments, by parameter index; the caller writes them back.
    public var inoutCells: [Int: Cell]
    public let location: SourceLocation
    /// The receiver's static type is a protocol (`self` in a method of a protocol extension,
    /// the generic `Self`; or a variable of type `any Publisher`): the protocol's own members
    /// answer, not the overloads of the type it happens to be (`filter` on a sequence
    /// publisher builds a `Publishers.Filter`, not a filtered sequence).
    public var isThroughProtocol = false

    public init(
        interpreter: Interpreter, receiver: Value?, receiverCell: Cell?, values: [Value?],
        inoutCells: [Int: Cell], location: SourceLocation
    ) {
        self.interpreter = interpreter
        self.receiver = receiver
        self.receiverCell = receiverCell
        self.values = values
        self.inoutCells = inoutCells
        self.location = location
    }

    public subscript(index: Int) -> Value {
        guard index < values.count, let value = values[index] else { return .void }
        return value
    }

    public func optional(_ index: Int) -> Value? {
        guard index < values.count else { return nil }
        return values[index]
    }

    public var count: Int { values.count }
}

public struct NativeFunction {
    public let name: String
    public let signature: NativeSignature
    /// Mutating methods get the receiver's storage in `receiverCell` and change it there.
    public let isMutating: Bool
    /// The result depends on the arguments alone, has no side effect and never changes
    /// (`Subscribers.Demand.max(_:)`): a call whose arguments are all literals may keep it.
    public let isPure: Bool
    public let body: (NativeArguments) throws -> Value
    /// What `body` does, for a call of a method with one parameter given its argument,
    /// taking the receiver and the argument as they are: a compiled call site calls it
    /// without building `NativeArguments` (`subscriber.receive(next)`, once per value).
    public let unaryBody: UnaryNativeBody?

    public typealias UnaryNativeBody = (
        _ interpreter: Interpreter, _ receiver: Value, _ argument: Value,
        _ location: SourceLocation
    ) throws -> Value

    public init(
        _ fullName: String, defaults: Set<String> = [], variadic: String? = nil,
        types: [TypeRef?] = [], mutating: Bool = false, pure: Bool = false,
        body: @escaping (NativeArguments) throws -> Value
    ) {
        self.name = Self.baseName(of: fullName)
        self.isMutating = mutating
        self.isPure = pure
        self.signature = NativeSignature(
            parsing: fullName, defaults: defaults, variadic: variadic,
            types: types)
        self.body = body
        self.unaryBody = nil
    }

    /// `append` for `append(contentsOf:)`, found as UTF-8 (see `NativeSignature(parsing:)`).
    private static func baseName(of fullName: String) -> String {
        let utf8 = fullName.utf8
        return String(fullName[..<(utf8.firstIndex(of: UInt8(ascii: "(")) ?? fullName.endIndex)])
    }

    /// A non-mutating method of one parameter (without a default), with `unary` as its body:
    /// the general call path calls it with the receiver and the argument it was given.
    public init(_ fullName: String, types: [TypeRef?] = [], unary: @escaping UnaryNativeBody) {
        self.name = Self.baseName(of: fullName)
        self.isMutating = false
        self.isPure = false
        self.signature = NativeSignature(parsing: fullName, defaults: [], variadic: nil, types: types)
        self.body = { arguments in
            try unary(arguments.interpreter, arguments.receiver ?? .void, arguments[0], arguments.location)
        }
        self.unaryBody = unary
    }
}
