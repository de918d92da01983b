/// Lets library code (the Combine engine's `.print()`, a sequence subscription's
/// description) show script values as the compiled program would.
extension Value: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        Formatter.describedForPeople(self, debug: false, interpreter: interpreterForDescription)
    }

    public var debugDescription: String {
        // The trace describes every value it sees; most are Ints.
        if case .int(let number) = self { return String(number) }
        return Formatter.describedForPeople(self, debug: true, interpreter: interpreterForDescription)
    }

    /// The interpreter that owns this value's script type, if any (for `description`).
    var interpreterForDescription: Interpreter? {
        switch self {
        case .structValue(let value): return value.type.interpreter
        case .enumValue(let value): return value.type.interpreter
        case .object(let object): return object.type.interpreter
        case .array(let elements): return elements.lazy.compactMap(\.interpreterForDescription).first
        case .optional(let wrapped?): return wrapped.interpreterForDescription
        case .tuple(let tuple): return tuple.elements.lazy.compactMap(\.interpreterForDescription).first
        default: return nil
        }
    }
}

/// Combine operators such as `removeDuplicates()` and `max()` need `Equatable` and
/// `Comparable` outputs; script values compare as Swift's synthesized conformances do.
extension Value: Equatable, Hashable, Comparable {
    public static func == (lhs: Value, rhs: Value) -> Bool {
        if let interpreter = lhs.interpreterForDescription,
            let equal = try? interpreter.valuesEqual(lhs, rhs, at: .unknown)
        {
            return equal
        }
        return ValueEquality.structurallyEqual(lhs, rhs)
    }

    public func hash(into hasher: inout Hasher) {
        ValueEquality.hash(self, into: &hasher)
    }

    public static func < (lhs: Value, rhs: Value) -> Bool {
        if let interpreter = lhs.interpreterForDescription,
            case .bool(let less)? = try? interpreter.applyBinary(.less, lhs, rhs, at: .unknown)
        {
            return less
        }
        return (ValueEquality.compare(lhs, rhs) ?? 0) < 0
    }
}
