/// A script type's own `hash(into:)` and `==`, which a Set or Dictionary of its values uses
/// (`KeyIndex`), as Swift's do: `struct User: Hashable` that hashes and compares its `id`
/// alone is one element of a Set whatever its `name`.
///
/// Set on the type when it is declared or extended (`Interpreter.noteKeyHashing(of:)`). The
/// script code runs where a Set or Dictionary hashes or compares a key, which cannot throw:
/// an error there is recorded and thrown when control returns to the script
/// (`Interpreter.recordPendingError`), and the key is compared by its fields meanwhile.
final class KeyHashing {
    /// Weak: a Set kept after its session ended compares by fields.
    private weak var interpreter: Interpreter?
    /// Unowned: the type holds this, and every key hashed so holds a value of the type.
    private unowned let type: TypeInfo
    private let hash: Callable?
    private let equals: Callable?

    init(interpreter: Interpreter, type: TypeInfo, hash: Callable?, equals: Callable?) {
        self.interpreter = interpreter
        self.type = type
        self.hash = hash
        self.equals = equals
    }

    /// The type's own hashing of `value`, when the type has any.
    static func of(_ value: Value) -> KeyHashing? {
        switch value {
        case .structValue(let structValue): structValue.type.keyHashing
        case .object(let object): object.type.keyHashing
        case .enumValue(let enumValue): enumValue.type.keyHashing
        default: nil
        }
    }

    /// What the type's `hash(into:)` combines for `value`; nil without one, or when it failed.
    func combined(_ value: Value) -> [Value]? {
        guard let hash, let interpreter, let hasherType = interpreter.types["Hasher"] else { return nil }
        let hasher = Cell(.native(HasherValue(typeInfo: hasherType, combined: [])))
        do {
            _ = try interpreter.invoke(
                hash, receiver: value, receiverCell: nil, values: [hasher.value], inoutCells: [0: hasher],
                at: .unknown)
        } catch {
            interpreter.recordPendingError(error)
            return nil
        }
        guard case .native(let result as HasherValue) = hasher.value else { return nil }
        return result.combined
    }

    /// The type's own `==` of two values; nil without one, or when it failed.
    func equal(_ lhs: Value, _ rhs: Value) -> Bool? {
        guard let equals, let interpreter else { return nil }
        do {
            let result = try interpreter.invoke(
                equals, receiver: .metatype(Metatype(type: type)), receiverCell: nil, values: [lhs, rhs],
                inoutCells: [:], at: .unknown)
            return try interpreter.truth(result, at: .unknown)
        } catch {
            interpreter.recordPendingError(error)
            return nil
        }
    }
}

extension Interpreter {
    /// Finds a struct's, class's or enum's own `hash(into:)` and `==` (declared in it or an
    /// extension) for the Sets and Dictionaries of its values.
    func noteKeyHashing(of type: TypeInfo) {
        guard type.declaration != nil, type.kind != .protocolType else { return }
        let hash = instanceCallables(of: type, "hash").first {
            if case .script(let decl) = $0 { return decl.parameters.count == 1 && decl.parameters[0].label == "into" }
            return false
        }
        let equals = staticCallables(of: type, "==").first {
            if case .script(let decl) = $0 { return decl.parameters.count == 2 }
            return false
        }
        type.keyHashing =
            hash == nil && equals == nil ? nil : KeyHashing(interpreter: self, type: type, hash: hash, equals: equals)
    }
}
