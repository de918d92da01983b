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
    /// What `print` (debug: false) and `debugPrint` show, for values that may have to refuse:
    /// a value whose Swift spelling depends on a type the interpreter cannot know throws.
    open func printed(debug: Bool) throws -> String { debug ? debugDescription : description }
    /// Swift's spelling of this value's type, as `type(of:)` prints it and as it appears in
    /// generic arguments (`Sink<Int, Never>`; qualified, `OpenCombine.Subscribers.Sink<Swift.Int,
    /// Swift.Never>`); nil when that is simply the type's name.
    open func swiftTypeName(qualified: Bool) throws -> String? { nil }

    open func isEqual(to other: NativeValue) -> Bool? { self === other ? true : nil }
    open func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// `<` for types that are Comparable; nil when they are not.
    open func isLess(than other: NativeValue) -> Bool? { nil }
    /// A binary operator computed by the type itself, when `self` is either operand; nil
    /// when it has no such operator (the type's static operator functions are tried next).
    /// Errors without a location get the operator's.
    open func applyOperator(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value? { nil }
    /// The type an associated type of this value's protocol names for it (`Output` and
    /// `Failure` of a publisher), read inside a method of a protocol extension; nil when it
    /// has none of that name.
    open func associatedType(named name: String) throws -> Metatype? { nil }
    /// A value of a struct type whose mutating methods change the variable that holds it
    /// (`hasher.combine(x)`), rather than an object changed where it is.
    open var hasMutatingMembers: Bool { false }
    /// The object this value stands for, for `===` and trace naming.
    open var identity: AnyObject { self }
}
