/// Equality, hashing and ordering by structure, as Swift synthesizes them for
/// `Equatable`, `Hashable` and `Comparable` types.
public enum ValueEquality {
    public static func structurallyEqual(_ lhs: Value, _ rhs: Value) -> Bool {
        structurallyEqual(lhs, rhs, parts: structurallyEqual)
    }

    /// Equality of two values made of parts (an array's elements, a struct's fields, an enum's
    /// payload, an Optional's value), the parts compared by `parts`: Swift's synthesized and
    /// standard `==` compare them with their own `==`, which may be a script's.
    public static func structurallyEqual(
        _ lhs: Value, _ rhs: Value, parts: (Value, Value) throws -> Bool
    ) rethrows -> Bool {
        func allEqual(_ a: [Value], _ b: [Value]) throws -> Bool {
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where try !parts(x, y) { return false }
            return true
        }
        switch (lhs.loaded, rhs.loaded) {
        case (.void, .void): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        case (.string(let a), .string(let b)): return a == b
        case (.character(let a), .character(let b)): return a == b
        case (.string(let a), .character(let b)), (.character(let b), .string(let a)): return a == String(b)
        case (.optional(let a), .optional(let b)):
            switch (a, b) {
            case (nil, nil): return true
            case (let a?, let b?): return try parts(a, b)
            default: return false
            }
        case (.array(let a), .array(let b)):
            return try allEqual(a, b)
        case (.set(let a), .set(let b)):
            return a.count == b.count && a.elements.allSatisfy { b.contains($0) }
        case (.dictionary(let a), .dictionary(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a.pairs {
                guard let other = b[key], try parts(value, other) else { return false }
            }
            return true
        case (.tuple(let a), .tuple(let b)):
            return try allEqual(a.elements, b.elements)
        case (.range(let a), .range(let b)):
            return a.kind == b.kind && optionalEqual(a.lower, b.lower) && optionalEqual(a.upper, b.upper)
        case (.structValue(let a), .structValue(let b)):
            return try a.type === b.type && allEqual(a.fields, b.fields)
        case (.enumValue(let a), .enumValue(let b)):
            return try a.type === b.type && a.caseIndex == b.caseIndex && allEqual(a.payload, b.payload)
        case (.object(let a), .object(let b)): return a === b
        case (.metatype(let a), .metatype(let b)): return a.type === b.type
        case (.native(let a), .native(let b)): return a.isEqual(to: b) ?? (a.identity === b.identity)
        case (.scalar(let a), .scalar(let b)): return a.type === b.type && a.bits == b.bits
        case (.scalar(let a), .int(let b)), (.int(let b), .scalar(let a)):
            // An integer literal beside a fixed-width integer (`[UInt8(1)].contains(1)`).
            return a.integerValue == b
        default: return false
        }
    }

    private static func optionalEqual(_ a: Value?, _ b: Value?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return structurallyEqual(a, b)
        default: return false
        }
    }

    public static func hash(_ value: Value, into hasher: inout Hasher) {
        switch value.loaded {
        case .void: hasher.combine(0)
        case .bool(let flag): hasher.combine(flag)
        case .int(let number): hasher.combine(Double(number))
        case .double(let number): hasher.combine(number)
        case .string(let text): hasher.combine(text)
        case .character(let character): hasher.combine(String(character))
        case .optional(let wrapped):
            if let wrapped { hash(wrapped, into: &hasher) } else { hasher.combine(-1) }
        case .array(let elements): for element in elements { hash(element, into: &hasher) }
        case .set(let set): hasher.combine(set.count)
        case .dictionary(let dictionary): hasher.combine(dictionary.count)
        case .tuple(let tuple): for element in tuple.elements { hash(element, into: &hasher) }
        case .range(let range):
            if let lower = range.lower { hash(lower, into: &hasher) }
            if let upper = range.upper { hash(upper, into: &hasher) }
        case .structValue(let structValue):
            hasher.combine(ObjectIdentifier(structValue.type))
            for field in structValue.fields { hash(field, into: &hasher) }
        case .enumValue(let enumValue):
            hasher.combine(enumValue.caseIndex)
            for element in enumValue.payload { hash(element, into: &hasher) }
        case .object(let object): hasher.combine(ObjectIdentifier(object))
        case .function(let function): hasher.combine(ObjectIdentifier(function))
        case .metatype(let metatype): hasher.combine(ObjectIdentifier(metatype.type))
        case .native(let native): native.hash(into: &hasher)
        case .scalar(let scalar):
            // As an Int hashes, so that a literal key finds a fixed-width integer's.
            if let integer = scalar.integerValue {
                hasher.combine(Double(integer))
            } else {
                hasher.combine(scalar.bits)
            }
        case .weakReference: hasher.combine(-2)
        }
    }

    /// -1, 0 or 1 for values Swift can order with `<`; nil otherwise.
    public static func compare(_ lhs: Value, _ rhs: Value) -> Int? {
        func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        switch (lhs.loaded, rhs.loaded) {
        case (.int(let a), .int(let b)): return order(a, b)
        case (.double(let a), .double(let b)): return order(a, b)
        case (.int(let a), .double(let b)): return order(Double(a), b)
        case (.double(let a), .int(let b)): return order(a, Double(b))
        case (.string(let a), .string(let b)): return order(a, b)
        case (.character(let a), .character(let b)): return order(a, b)
        case (.bool(let a), .bool(let b)): return order(a ? 1 : 0, b ? 1 : 0)
        case (.tuple(let a), .tuple(let b)):
            for (x, y) in zip(a.elements, b.elements) {
                guard let result = compare(x, y) else { return nil }
                if result != 0 { return result }
            }
            return 0
        case (.enumValue(let a), .enumValue(let b)) where a.type === b.type && a.payload.isEmpty && b.payload.isEmpty:
            return order(a.caseIndex, b.caseIndex)
        case (.enumValue(let a), .enumValue(let b)) where a.type === b.type && a.type.conforms(to: "Comparable"):
            // Synthesized (SE-0266): by case, in declaration order, then by the associated
            // values in order.
            if a.caseIndex != b.caseIndex { return order(a.caseIndex, b.caseIndex) }
            for (x, y) in zip(a.payload, b.payload) {
                guard let result = compare(x, y) else { return nil }
                if result != 0 { return result }
            }
            return 0
        case (.scalar(let a), .scalar(let b)) where a.type === b.type:
            return a.type.compare(a.bits, b.bits)
        case (.scalar(let a), .int(let b)):
            return a.integerValue.map { order($0, b) }
        case (.int(let a), .scalar(let b)):
            return b.integerValue.map { order(a, $0) }
        case (.native(let a), .native(let b)):
            if a.isLess(than: b) == true { return -1 }
            if b.isLess(than: a) == true { return 1 }
            if a.isLess(than: b) == nil { return nil }
            return 0
        case (.optional(let a), .optional(let b)):
            switch (a, b) {
            case (let a?, let b?): return compare(a, b)
            default: return nil
            }
        default: return nil
        }
    }
}
