/// An infix operator, decided when the source is lowered: an operator outside this list
/// is refused there, by name and place, rather than failing when the line runs.
///
/// A script type may implement one for its own values (`static func + (lhs: V, rhs: V)`);
/// such functions are found by `spelling`.
public enum BinaryOperator: String, CaseIterable, Sendable {
    case plus = "+"
    case minus = "-"
    case times = "*"
    case divide = "/"
    case remainder = "%"
    case wrappingPlus = "&+"
    case wrappingMinus = "&-"
    case wrappingTimes = "&*"
    case bitAnd = "&"
    case bitOr = "|"
    case bitXor = "^"
    case shiftLeft = "<<"
    case shiftRight = ">>"
    /// `&<<`, `&>>`: shifts by the amount masked to the width (`1 &<< 65` is 2).
    case maskingShiftLeft = "&<<"
    case maskingShiftRight = "&>>"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case greater = ">"
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    case identical = "==="
    case notIdentical = "!=="
    case closedRange = "..."
    case halfOpenRange = "..<"
    case and = "&&"
    case or = "||"
    case nilCoalescing = "??"
    case patternMatch = "~="

    /// The operator as written.
    public var spelling: String { rawValue }

    /// `a op b` where this is one of the six comparisons; nil for any other operator. Each
    /// type with Swift's comparisons computes them here (strings, fixed-width integers,
    /// demands). Inlinable, so that another module's call is specialized for its type.
    @inlinable
    public func compares<T: Comparable>(_ a: T, _ b: T) -> Bool? {
        switch self {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .greater: a > b
        case .lessOrEqual: a <= b
        case .greaterOrEqual: a >= b
        default: nil
        }
    }

    /// The operators whose compound assignment Swift declares (`+=`, `&*=`, `<<=`).
    public var hasCompoundAssignment: Bool {
        switch self {
        case .plus, .minus, .times, .divide, .remainder, .wrappingPlus, .wrappingMinus, .wrappingTimes,
            .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight, .maskingShiftLeft, .maskingShiftRight:
            true
        default:
            false
        }
    }

    /// Operators that take Optionals as they are (`count == nil`, `count ?? 0`): a `T!`
    /// operand is not unwrapped for them.
    public var takesOptionals: Bool {
        switch self {
        case .equal, .notEqual, .nilCoalescing, .identical, .notIdentical, .patternMatch: true
        default: false
        }
    }

    /// Operators whose result has the type of their operands (`+` on demands gives a demand),
    /// so that an operand with no type of its own takes the one the result must have.
    public var givesItsOperandsType: Bool {
        switch self {
        case .plus, .minus, .times, .divide, .remainder, .wrappingPlus, .wrappingMinus, .wrappingTimes,
            .bitAnd, .bitOr, .bitXor:
            true
        default:
            false
        }
    }

    /// `<<`, `>>` and their masking forms, whose sides take no type from each other.
    public var isShift: Bool {
        switch self {
        case .shiftLeft, .shiftRight, .maskingShiftLeft, .maskingShiftRight: true
        default: false
        }
    }

    /// Comparisons, which give a Bool whatever their operands.
    public var isComparison: Bool {
        switch self {
        case .equal, .notEqual, .less, .greater, .lessOrEqual, .greaterOrEqual: true
        default: false
        }
    }
}

/// A prefix operator, decided when the source is lowered, as `BinaryOperator` is.
public enum PrefixOperator: String, CaseIterable, Sendable {
    case not = "!"
    case negate = "-"
    case plus = "+"
    case bitNot = "~"
    /// `...upper`
    case upThrough = "..."
    /// `..<upper`
    case upTo = "..<"

    /// The operator as written.
    public var spelling: String { rawValue }
}
