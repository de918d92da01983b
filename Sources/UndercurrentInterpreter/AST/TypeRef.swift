/// A type as written in the source (`Int`, `[String: Int]`, `Subscribers.Completion<Never>`).
///
/// Generics are erased at run time; a `TypeRef` is kept for the places where the
/// written type changes behaviour: numeric literal coercion, optional wrapping,
/// implicit member resolution (`.max(3)`), casts and printing.
public indirect enum TypeRef: Hashable, Sendable, CustomStringConvertible {
    /// A (possibly qualified) nominal type: `["Subscribers", "Demand"]` with generic arguments.
    case named([String], [TypeRef])
    case optional(TypeRef)
    case implicitlyUnwrapped(TypeRef)
    case array(TypeRef)
    case dictionary(TypeRef, TypeRef)
    case tuple([TypeRef])
    /// A tuple type with element labels, `(min: Int, max: Int)`: values stored as it get the labels.
    case labeledTuple([String?], [TypeRef])
    case function([TypeRef], TypeRef)
    /// `some P` / `any P` / `P & Q`: only the constraint names are kept.
    case existential([String])
    case metatype(TypeRef)

    public static func simple(_ name: String) -> TypeRef { .named([name], []) }

    /// In a library method's signature, the element type of the collection it is called on
    /// (`append(_:)`): the call gives the argument the receiver's element type where it knows
    /// it. Two parts, so that no script `typealias` can name it and coercion passes it by.
    public static let receiverElement = TypeRef.named(["Self", "Element"], [])

    /// The last name component (`Demand` for `Subscribers.Demand`), or nil for structural types.
    public var baseName: String? {
        if case .named(let parts, _) = self { return parts.last }
        return nil
    }

    /// The full dotted name without generic arguments.
    public var qualifiedName: String? {
        if case .named(let parts, _) = self { return parts.joined(separator: ".") }
        return nil
    }

    public var genericArguments: [TypeRef] {
        if case .named(_, let arguments) = self { return arguments }
        return []
    }

    public var isOptional: Bool {
        switch self {
        case .optional, .implicitlyUnwrapped: return true
        case .named(let parts, let arguments): return parts == ["Optional"] && arguments.count == 1
        default: return false
        }
    }

    /// An Optional type, or the type of an Optional value whose wrapped type is not told
    /// (`Optional` with no arguments).
    public var isOptionalOrOptionalValue: Bool {
        if case .named(["Optional"], _) = self { return true }
        return isOptional
    }

    /// What `x[key]` gives when `x` is declared with this type: an array's element, a
    /// dictionary's value as an Optional; nil for any other type.
    public var subscriptResult: TypeRef? {
        switch self {
        case .array(let element): return element
        case .dictionary(_, let value): return .optional(value)
        default: return nil
        }
    }

    /// The wrapped type of an optional, or nil.
    public var optionalWrapped: TypeRef? {
        switch self {
        case .optional(let wrapped), .implicitlyUnwrapped(let wrapped): return wrapped
        case .named(let parts, let arguments) where parts == ["Optional"] && arguments.count == 1:
            return arguments[0]
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .named(let parts, let arguments):
            let name = parts.joined(separator: ".")
            if arguments.isEmpty { return name }
            return "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
        case .optional(let wrapped): return "\(wrapped)?"
        case .implicitlyUnwrapped(let wrapped): return "\(wrapped)!"
        case .array(let element): return "[\(element)]"
        case .dictionary(let key, let value): return "[\(key): \(value)]"
        case .tuple(let elements): return "(\(elements.map(\.description).joined(separator: ", ")))"
        case .labeledTuple(let labels, let elements):
            let parts = zip(labels, elements).map { label, element in
                (label.map { $0 + ": " } ?? "") + element.description
            }
            return "(\(parts.joined(separator: ", ")))"
        case .function(let parameters, let result):
            return "(\(parameters.map(\.description).joined(separator: ", "))) -> \(result)"
        case .existential(let names): return names.joined(separator: " & ")
        case .metatype(let base): return "\(base).Type"
        }
    }
}
