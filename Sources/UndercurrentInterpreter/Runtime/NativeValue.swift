/// A value provided by a layer above the interpreter (a publisher, a subscription, a
/// demand): the interpreter prints, compares and calls it through its `TypeInfo`.
open class NativeValue {
    public let typeInfo: TypeInfo

    public init(typeInfo: TypeInfo) {
        self.typeInfo = typeInfo
    }

    /// What `print` shows.
    open var description: String { typeInfo.name }
    /// What `debugPrint` and printing inside a collection show.
    open var debugDescription: String { description }

    open func isEqual(to other: NativeValue) -> Bool? { self === other ? true : nil }
    open func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// `<` for types that are Comparable; nil when they are not.
    open func isLess(than other: NativeValue) -> Bool? { nil }
    /// A binary operator computed by the type itself, when `self` is either operand; nil
    /// when it has no such operator (the type's static operator functions are tried next).
    /// Errors without a location get the operator's. `code` is `OperatorCode.of(op)`.
    open func applyOperator(_ op: String, code: UInt32, _ lhs: Value, _ rhs: Value) throws -> Value? { nil }
    /// The object this value stands for, for `===` and trace naming.
    open var identity: AnyObject { self }
}
