/// The stored property one `base.name` in the source found the last time it ran, so that
/// reading or writing a plain field in a loop (`next -= 1` in a subscription's `request`)
/// goes straight to the field instead of looking the name up among the type's members.
///
/// Valid for values of the same type while its members and every declaration are unchanged
/// (see `CallSiteCache`). Only plain fields are remembered: a property wrapper, `lazy`,
/// observers, `weak` or `let` take the general path, which handles them.
public final class MemberSiteCache {
    // Unchecked, as `CallSiteCache`'s: read on every run of the expression, in short accesses.
    @exclusivity(unchecked) private var stamp = ResolutionStamp.none
    @exclusivity(unchecked) private var index = 0
    @exclusivity(unchecked) private var readsDirectly = false
    @exclusivity(unchecked) private var writesDirectly = false
    /// The property's declared type, which a written value is coerced to.
    @exclusivity(unchecked) private(set) var declaredType: TypeRef?

    init() {}

    /// The field to read directly for a value of `type`, when this site found one.
    @inline(__always)
    func readableField(of type: TypeInfo, generation: Int) -> Int? {
        guard readsDirectly, stamp.holds(for: type, generation: generation) else { return nil }
        return index
    }

    /// The value of the field this site found, read straight from an object or struct of
    /// the type it was found on; nil sends the read through the member lookup.
    @inline(__always)
    func directRead(of value: Value, generation: Int) -> Value? {
        switch value {
        case .object(let object):
            return directRead(ofObject: object, generation: generation)
        case .structValue(let structValue):
            guard let index = readableField(of: structValue.type, generation: generation) else { return nil }
            return structValue.fields[index].loaded
        default:
            return nil
        }
    }

    @inline(__always)
    func directRead(ofObject object: ScriptObject, generation: Int) -> Value? {
        guard let index = readableField(of: object.type, generation: generation) else { return nil }
        return object.fields.withUnsafeBufferPointer { fields in
            // An Int (`next` passed to `receive`) without the outlined copy of a whole `Value`.
            if case .int(let value) = fields[index] { return .int(value) }
            return fields[index].loaded
        }
    }

    /// The Int in the field this site found on `object`, read in place (`next > 0`); nil when
    /// the site cannot read the field directly or it holds no Int.
    @inline(__always)
    func integerRead(ofObject object: ScriptObject, generation: Int) -> Int? {
        guard let index = readableField(of: object.type, generation: generation) else { return nil }
        return object.fields.withUnsafeBufferPointer { fields in
            if case .int(let value) = fields[index] { return value }
            return nil
        }
    }

    /// What `if let x = self.field` finds in the field this site found on `object`, read in
    /// place: `directRead` copied the optional (its box retained and released) to take its
    /// payload out, on every turn of a custom subscription's `while let subscriber`.
    @inline(__always)
    func unwrappedRead(ofObject object: ScriptObject, generation: Int) -> UnwrappedField {
        guard let index = readableField(of: object.type, generation: generation) else { return .unknown }
        return object.fields.withUnsafeBufferPointer { fields in
            switch fields[index] {
            case .optional(nil): return .nilValue
            case .optional(let wrapped?): return .value(wrapped)
            // `weak` storage reads as an optional (`loaded`); the general path takes it.
            case .weakReference: return .unknown
            // A non-optional value always binds (Swift would have rejected this).
            case let other: return .value(other)
            }
        }
    }

    /// The field to write directly for an object of `type`, when this site found one.
    @inline(__always)
    func writableField(of type: TypeInfo, generation: Int) -> Int? {
        guard writesDirectly, stamp.holds(for: type, generation: generation) else { return nil }
        return index
    }

    func remember(field index: Int, of type: TypeInfo, generation: Int) {
        // An actor's fields are read and written through the member lookup, which checks
        // where from (`Interpreter.checkActorField`).
        guard FastPaths.enabled, type.declaration?.isActor != true else { return }
        let property = type.storedProperties[index]
        let declaration = property.declaration
        stamp = ResolutionStamp(owner: type, generation: generation)
        self.index = index
        readsDirectly = declaration?.wrapper == nil && declaration?.isLazy != true
        writesDirectly =
            readsDirectly && declaration?.willSet == nil && declaration?.didSet == nil
            && declaration?.isWeak != true && declaration?.isConstant != true
        declaredType = property.type
    }
}

/// What an optional binding finds in a field (`MemberSiteCache.unwrappedRead`).
enum UnwrappedField {
    /// The site cannot read the field directly: the general path reads it.
    case unknown
    case nilValue
    case value(Value)
}
