/// A value of a library type that fits in one word (`Subscribers.Demand`), held inside the
/// `Value` itself. Copying it retains nothing, where a `NativeValue` (an object) is retained
/// and released on every copy: a custom subscription computes with demands on every value
/// (`demand -= 1`, `demand > 0`, `return .max(1)`), and those counts were most of its time.
/// Its `ScalarType` says what the bits mean: how it prints, compares and computes.
public struct ScalarValue {
    /// Not counted, so that a copy costs nothing: a scalar type is never freed
    /// (`ScalarType.init`).
    private let typeReference: Unmanaged<ScalarType>
    public let bits: Int

    public init(_ type: ScalarType, bits: Int) {
        self.typeReference = Unmanaged.passUnretained(type)
        self.bits = bits
    }

    /// What the bits mean. Each use of it as a strong reference retains and releases it:
    /// where a value's type is only asked something, `withType` does not.
    public var type: ScalarType { typeReference.takeUnretainedValue() }

    /// `body` given the value's type without counting a reference to it (an `unowned(unsafe)`
    /// field made a strong copy of the type, a retain and a release, on every operator applied
    /// to a demand: a fifth of a custom subscription's demand arithmetic).
    @inline(__always)
    public func withType<Result>(_ body: (ScalarType) throws -> Result) rethrows -> Result {
        try typeReference._withUnsafeGuaranteedRef(body)
    }

    /// Whether the value's type is `T` (a final class), asked without counting a reference.
    @inline(__always)
    public func hasType<T: ScalarType>(_: T.Type) -> Bool {
        typeReference._withUnsafeGuaranteedRef { Swift.type(of: $0) == T.self }
    }

    /// The value as an `Int`, for a fixed-width integer that fits in one; nil otherwise.
    public var integerValue: Int? { type.integerValue(of: bits) }

    /// A value of the same type with other bits.
    @inline(__always)
    func withBits(_ bits: Int) -> ScalarValue { ScalarValue(typeReference, bits: bits) }

    private init(_ typeReference: Unmanaged<ScalarType>, bits: Int) {
        self.typeReference = typeReference
        self.bits = bits
    }

    /// `self op rhs` by the type's `operate`, where `rhs` is a value of the same type
    /// (`demand += received`) or an `Int` standing for one (`demand -= 1`); nil where
    /// `applyOperator` decides.
    @inline(__always)
    func operated(_ op: BinaryOperator, _ rhs: Value) -> ScalarOutcome? {
        switch rhs {
        case .scalar(let other) where typeReference.toOpaque() == other.typeReference.toOpaque():
            return withType { $0.operate(op, bits, other.bits) }
        case .int(let integer):
            return withType { type in type.bits(standingFor: integer).flatMap { type.operate(op, bits, $0) } }
        default:
            return nil
        }
    }
}

/// What the values of one scalar type mean, given by the layer that defines the type (the
/// stream bridge, for `Subscribers.Demand`). One is made per type per interpreter, and lives
/// as long as the process: its values hold it uncounted, and a value may outlive its session.
open class ScalarType {
    /// The type's members and name, as for any value (`Interpreter.typeInfo(of:)`).
    public let typeInfo: TypeInfo

    public init(typeInfo: TypeInfo) {
        self.typeInfo = typeInfo
        // Never freed, on purpose (see above), with its `TypeInfo` and members: a few
        // kilobytes for each of an interpreter's ten scalar types (a demand and the nine
        // fixed-width integers), kept after the interpreter ends.
        _ = Unmanaged.passRetained(self)
    }

    /// Swift's spelling of the type, as `type(of:)` prints it: the innermost name
    /// (`Demand`), or the qualified one (`Combine.Subscribers.Demand`).
    open func typeName(qualified: Bool) -> String {
        if qualified { return typeInfo.qualifiedName }
        return typeInfo.name.split(separator: ".").last.map(String.init) ?? typeInfo.name
    }

    /// What `print` shows.
    open func description(of bits: Int) -> String { String(bits) }
    /// What `debugPrint` and printing inside a collection show.
    open func debugDescription(of bits: Int) -> String { description(of: bits) }
    /// A binary operator where a value of this type is either operand; nil when the type has
    /// no such operator. Errors without a location get the operator's.
    open func applyOperator(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value? { nil }
    /// The value as an `Int`, when the type is an integer one and the value fits.
    open func integerValue(of bits: Int) -> Int? { nil }
    /// A prefix operator applied to a value of this type; nil when the type has none.
    open func applyPrefix(_ op: PrefixOperator, _ bits: Int) throws -> Value? { nil }
    /// The order of two values, for `<` and sorting: negative, 0 or positive; nil when the
    /// type is not Comparable.
    open func compare(_ a: Int, _ b: Int) -> Int? { nil }

    /// The bits of the value an `Int` stands for beside a value of this type, as an operand
    /// of `operate` (`demand > 0`, `demand -= 1`); nil to leave such an operator to
    /// `applyOperator`.
    open func bits(standingFor integer: Int) -> Int? { nil }
    /// `a op b` on two values of this type given by their bits, without making `Value`s: the
    /// same answer `applyOperator` gives, for the operators a type computes on every value (a
    /// custom subscription's `demand -= 1`, `demand > 0`, `demand += received`). Nil leaves
    /// the operator to `applyOperator`, which also reports what is an error.
    open func operate(_ op: BinaryOperator, _ a: Int, _ b: Int) -> ScalarOutcome? { nil }
}

/// What `ScalarType.operate` gives: a value of the type, by its bits, or a comparison's truth.
public enum ScalarOutcome {
    case bits(Int)
    case truth(Bool)
}
