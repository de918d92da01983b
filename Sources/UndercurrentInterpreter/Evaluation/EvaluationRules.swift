/// Rules of Swift's semantics that compiled code applies to values: truth of a condition,
/// unwrapping, and the types literals take.
extension Interpreter {
    func truth(_ value: Value, at location: SourceLocation) throws -> Bool {
        guard case .bool(let flag) = value else {
            throw ScriptError.runtime("expected a Bool, got \(Formatter.typeName(of: value))", at: location)
        }
        return flag
    }

    /// `value?` in an optional chain: the wrapped value, or the chain ends with nil.
    static func chainUnwrapped(_ value: Value) throws -> Value {
        guard case .optional(let wrapped) = value else { return value }
        guard let wrapped else { throw OptionalChainExit() }
        return wrapped
    }

    /// `value!`; `implicit` for a `T!` read where its value is needed.
    static func forceUnwrapped(_ value: Value, implicit: Bool = false, at location: SourceLocation) throws -> Value {
        guard case .optional(let wrapped) = value else { return value }
        guard let wrapped else {
            throw ScriptError.runtime(
                "unexpectedly found nil while \(implicit ? "implicitly " : "")unwrapping an Optional value",
                at: location)
        }
        return wrapped
    }

    /// An implicit member (`.max(1)`, `.unlimited`), alone, as a branch of `?:`, or on both
    /// sides of an operator whose result has its operands' type (`.max(1) + .max(2)`): its
    /// type comes from the other operand of an operator, or from where the value goes.
    static func takesTypeFromContext(_ expr: Expr) -> Bool {
        switch expr {
        case .implicitMember, .call(.implicitMember, _, _, _): return true
        case .ternary(_, let thenExpr, let elseExpr, _):
            return Self.takesTypeFromContext(thenExpr) || Self.takesTypeFromContext(elseExpr)
        case .binary(let op, let lhs, let rhs, _):
            return op.givesItsOperandsType && takesTypeFromContext(lhs) && takesTypeFromContext(rhs)
        default: return false
        }
    }

    /// An integer literal beside a value of an operator: a Double beside a Double (`price * 2`),
    /// a fixed-width integer beside one (`byte < 200`; refused, as Swift refuses to compile
    /// it, when it does not fit: `byte < 300`), an Int otherwise.
    static func integerLiteral(_ number: Int, besides other: Value, at location: SourceLocation) throws -> Value {
        switch other {
        case .double:
            return .double(Double(number))
        // Asked on every evaluation of `demand > 0`: the type is compared, not cast.
        case .scalar(let scalar) where scalar.hasType(FixedWidthIntegerType.self):
            return try scalar.withType { type in
                let integerType = unsafeDowncast(type, to: FixedWidthIntegerType.self)
                guard let bits = integerType.fit(number) else { throw integerType.overflows(number, at: location) }
                return integerType.value(bits: bits)
            }
        default:
            return .int(number)
        }
    }

    /// The name of the fixed-width integer type `type` names (`UInt8`), if it names one.
    static func fixedWidthIntegerName(_ type: TypeRef) -> String? {
        guard case .named(let parts, _) = type, parts.count == 1, let first = parts[0].utf8.first,
            first == UInt8(ascii: "U") || (first == UInt8(ascii: "I") && parts[0].utf8.count > 3)
        else { return nil }
        return FixedWidthIntegerType.Kind(rawValue: parts[0]) != nil ? parts[0] : nil
    }

    static func isFloatingPoint(_ type: TypeRef) -> Bool {
        // Asked for every integer literal that has an expected type: no array, no joined name.
        guard case .named(let parts, _) = type, parts.count == 1 else { return false }
        // Most often `Int`: one byte decides it without comparing strings.
        switch parts[0].utf8.first {
        case UInt8(ascii: "D"), UInt8(ascii: "F"), UInt8(ascii: "C"), UInt8(ascii: "T"): break
        default: return false
        }
        switch parts[0] {
        case "Double", "Float", "CGFloat", "TimeInterval", "Float64", "Float32": return true
        default: return false
        }
    }

    /// `[1, 2.5]` is `[Double]` in Swift; `[1, nil]` is `[Int?]`.
    func unifyLiteralElements(_ values: [Value]) -> [Value] {
        var hasDouble = false
        var hasInt = false
        var hasOptional = false
        var hasOther = false
        for value in values {
            switch value {
            case .double: hasDouble = true
            case .int: hasInt = true
            case .optional: hasOptional = true
            default: hasOther = true
            }
        }
        var result = values
        if hasDouble && hasInt && !hasOther && !hasOptional {
            result = result.map { if case .int(let n) = $0 { return .double(Double(n)) } else { return $0 } }
        }
        if hasOptional && (hasInt || hasDouble || hasOther) {
            result = result.map { if case .optional = $0 { return $0 } else { return .optional($0) } }
        }
        return result
    }
}
