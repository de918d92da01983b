/// Arithmetic over number literals alone (`7 / 2`, `1 / 2 * 2.0`), whose literals Swift types
/// together, from the whole expression and where it goes: as Doubles where a float literal is
/// among them or a Double is wanted (`let half: Double = 7 / 2` is 3.5, `price * (1 / 4)` is
/// a quarter of a Double `price`), as Ints otherwise (`7 / 2` alone is 3).
enum LiteralArithmetic {
    /// The value of `expr` with every literal a Double; nil when `expr` is not arithmetic
    /// (`+ - * /`, a sign) over number literals alone.
    static func doubleValue(_ expr: Expr) -> Double? {
        switch expr {
        case .integerLiteral(let number, _): return Double(number)
        case .floatLiteral(let number, _): return number
        case .prefix(.negate, let inner, _): return doubleValue(inner).map { -$0 }
        case .prefix(.plus, let inner, _): return doubleValue(inner)
        case .binary(let op, let lhs, let rhs, _):
            guard let a = doubleValue(lhs), let b = doubleValue(rhs) else { return nil }
            switch op {
            case .plus: return a + b
            case .minus: return a - b
            case .times: return a * b
            case .divide: return a / b
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Whether such arithmetic has a float literal in it, which makes every literal a Double.
    static func hasFloatLiteral(_ expr: Expr) -> Bool {
        switch expr {
        case .floatLiteral: true
        case .prefix(_, let inner, _): hasFloatLiteral(inner)
        case .binary(_, let lhs, let rhs, _): hasFloatLiteral(lhs) || hasFloatLiteral(rhs)
        default: false
        }
    }

    /// Arithmetic over integer literals with an operator in it (`1 / 3`, not `3` alone, which
    /// takes the type of what it meets already): its value as Doubles, when a Double beside
    /// it makes them Doubles.
    static func integerOperationAsDouble(_ expr: Expr) -> Double? {
        guard case .binary = expr, !hasFloatLiteral(expr) else { return nil }
        return doubleValue(expr)
    }

    /// Arithmetic over integer literals alone (`7 / 2`, `3`), whose type no float literal sets.
    static func isIntegerLiterals(_ expr: Expr) -> Bool {
        doubleValue(expr) != nil && !hasFloatLiteral(expr)
    }

    /// The floating-point types a literal can be written as.
    static func isFloatingPoint(_ type: TypeRef) -> Bool {
        guard case .named(let parts, []) = type, let last = parts.last else { return false }
        return ["Double", "CGFloat", "TimeInterval", "Float64"].contains(last)
    }
}
