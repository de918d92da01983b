/// `Int8`, `Int16`, `Int32`, `Int64`, `UInt8`, `UInt16`, `UInt32`, `UInt64` and `UInt`: each
/// a scalar type (`ScalarValue`) whose values keep their type, so that arithmetic stops on
/// overflow where Swift's traps (`UInt8(255) + 1`, `UInt(5) - 6`), and a value prints as Swift
/// prints it. `bits` holds the value itself, or for `UInt64` and `UInt` its bit pattern.
///
/// Comparisons take any two integer types and compare their values, as Swift's
/// `BinaryInteger` does (`UInt8(3) < 300`, `Int64(-1) == Int8(-1)`). Other operators take an
/// `Int` only as an integer literal (`x * 1_000`, `let n: UInt8 = 200`), converted to the
/// type, or refused when it does not fit.
final class FixedWidthIntegerType: ScalarType {
    enum Kind: String, CaseIterable {
        case int8 = "Int8"
        case int16 = "Int16"
        case int32 = "Int32"
        case int64 = "Int64"
        case uint8 = "UInt8"
        case uint16 = "UInt16"
        case uint32 = "UInt32"
        case uint64 = "UInt64"
        case uint = "UInt"
    }

    let kind: Kind
    var name: String { kind.rawValue }

    init(_ kind: Kind, typeInfo: TypeInfo) {
        self.kind = kind
        super.init(typeInfo: typeInfo)
    }

    func value(bits: Int) -> Value { .scalar(ScalarValue(self, bits: bits)) }

    /// A value decoded as Swift decodes this type: a number out of its range is Foundation's
    /// own `DecodingError` (`Parsed JSON number <300> does not fit in UInt8.`).
    func decode(from container: any SingleValueDecodingContainer) throws -> Value {
        let bits: Int
        switch kind {
        case .int8: bits = Int(try container.decode(Int8.self))
        case .int16: bits = Int(try container.decode(Int16.self))
        case .int32: bits = Int(try container.decode(Int32.self))
        case .int64: bits = Int(try container.decode(Int64.self))
        case .uint8: bits = Int(try container.decode(UInt8.self))
        case .uint16: bits = Int(try container.decode(UInt16.self))
        case .uint32: bits = Int(try container.decode(UInt32.self))
        case .uint64: bits = Int(truncatingIfNeeded: try container.decode(UInt64.self))
        case .uint: bits = Int(truncatingIfNeeded: try container.decode(UInt.self))
        }
        return value(bits: bits)
    }

    /// Runs `body` with this type's Swift integer type.
    private func with<Result>(_ body: some FixedWidthBody<Result>) -> Result {
        switch kind {
        case .int8: body.run(Int8.self)
        case .int16: body.run(Int16.self)
        case .int32: body.run(Int32.self)
        case .int64: body.run(Int64.self)
        case .uint8: body.run(UInt8.self)
        case .uint16: body.run(UInt16.self)
        case .uint32: body.run(UInt32.self)
        case .uint64: body.run(UInt64.self)
        case .uint: body.run(UInt.self)
        }
    }

    override func description(of bits: Int) -> String { with(Describe(bits: bits)) }

    override func compare(_ a: Int, _ b: Int) -> Int? { with(Compare(a: a, b: b)) }

    override func integerValue(of bits: Int) -> Int? { with(ToInt(bits: bits)) }
    /// `Double(value)`.
    func doubleValue(of bits: Int) -> Double { with(ToDouble(bits: bits)) }

    /// The bits of `number` as a value of this type (`Self(exactly:)`); nil when it does not
    /// fit. `truncated` and `clamped` are `Self(truncatingIfNeeded:)` and `Self(clamping:)`.
    func fit(_ number: Int) -> Int? { with(FromInt(number: number, mode: .exactly)) }
    func truncated(_ number: Int) -> Int { with(FromInt(number: number, mode: .truncating))! }
    func clamped(_ number: Int) -> Int { with(FromInt(number: number, mode: .clamping))! }
    /// The bits of `number` converted as `Self(number)` converts a Double; nil when it is
    /// out of range (or not finite). `exactly` is `Self(exactly:)`, `parsed` `Self(text)`.
    func converted(_ number: Double) -> Int? { with(FromDouble(number: number, exactly: false)) }
    func exactly(_ number: Double) -> Int? { with(FromDouble(number: number, exactly: true)) }
    func parsed(_ text: String) -> Int? { with(Parse(text: text)) }
    /// Swift's `isMultiple(of:)`, which never traps (`Int8.min.isMultiple(of: -1)` is true).
    func isMultiple(_ bits: Int, of divisor: Int) -> Bool { with(IsMultiple(a: bits, b: divisor)) }
    var maxBits: Int { with(Bound(max: true)) }
    var minBits: Int { with(Bound(max: false)) }
    var bitWidth: Int { with(BitWidth()) }
    var isSigned: Bool { with(IsSigned()) }

    /// The bits of an operand: a value of this type, or an integer literal that fits.
    func operandBits(_ value: Value, _ op: String, other: Value) throws -> Int {
        switch value {
        case .scalar(let scalar) where scalar.type === self:
            return scalar.bits
        case .int(let number):
            guard let bits = fit(number) else { throw overflows(number) }
            return bits
        default:
            throw ScriptError.runtime(
                "binary operator '\(op)' cannot be applied to operands of type \(Formatter.typeName(of: other)) "
                    + "and \(Formatter.typeName(of: value)) (Swift converts neither: write `\(name)(x)` or `Int(x)`)")
        }
    }

    func overflows(_ number: Int, at location: SourceLocation = .unknown) -> ScriptError {
        ScriptError.runtime(
            "\(number) does not fit in \(name) (\(description(of: minBits))...\(description(of: maxBits))); Swift: "
                + "integer literal overflows when stored into '\(name)'", at: location)
    }

    override func applyOperator(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value? {
        // `x == maybe` compares through the optional (`Interpreter.valuesEqual`).
        if case .optional = lhs { return nil }
        if case .optional = rhs { return nil }
        switch op {
        case .shiftLeft, .shiftRight, .maskingShiftLeft, .maskingShiftRight:
            // The shift count may be any integer type.
            let count: Int
            switch rhs {
            case .int(let number): count = number
            case .scalar(let scalar):
                guard let integer = scalar.type as? FixedWidthIntegerType,
                    let number = integer.integerValue(of: scalar.bits)
                else { return nil }
                count = number
            default: return nil
            }
            // The shifted value's type is the result's: `1 << count` is an Int.
            if case .int(let number) = lhs {
                switch op {
                case .shiftLeft: return .int(number << count)
                case .shiftRight: return .int(number >> count)
                case .maskingShiftLeft: return .int(number &<< count)
                default: return .int(number &>> count)
                }
            }
            let a = try operandBits(lhs, op.spelling, other: rhs)
            return value(bits: with(Shift(op: op, a: a, count: count)))
        case .closedRange, .halfOpenRange, .identical, .notIdentical, .patternMatch:
            return nil
        case .equal, .notEqual, .less, .greater, .lessOrEqual, .greaterOrEqual:
            // An integer literal here was given this type already (`Interpreter.integerLiteral`):
            // an `Int` is a value of type `Int`.
            guard let a = Self.exactValue(lhs), let b = Self.exactValue(rhs), let holds = op.compares(a, b) else {
                break
            }
            return .bool(holds)
        default:
            break
        }
        let a = try operandBits(lhs, op.spelling, other: rhs)
        let b = try operandBits(rhs, op.spelling, other: lhs)
        switch with(Arithmetic(op: op, a: a, b: b, name: name)) {
        case .bits(let bits)?: return value(bits: bits)
        case .failure(let message)?: throw ScriptError.runtime(message)
        case nil: return nil
        }
    }

    /// The value of an `Int` or of a fixed-width integer, exactly (a `UInt64` may exceed `Int`).
    private static func exactValue(_ value: Value) -> Int128? {
        switch value {
        case .int(let number):
            return Int128(number)
        case .scalar(let scalar):
            return scalar.withType { type in
                (type as? FixedWidthIntegerType).map { $0.with(ToInt128(bits: scalar.bits)) }
            }
        default:
            return nil
        }
    }

    override func applyPrefix(_ op: PrefixOperator, _ bits: Int) throws -> Value? {
        switch op {
        case .plus: return value(bits: bits)
        case .bitNot: return value(bits: truncated(~bits))
        case .negate:
            guard isSigned else { return nil }
            guard bits != minBits else {
                throw ScriptError.runtime("arithmetic overflow negating \(description(of: bits)) (\(name))")
            }
            return value(bits: -bits)
        default: return nil
        }
    }
}

/// A computation over a Swift integer type chosen at run time (`FixedWidthIntegerType.with`).
private protocol FixedWidthBody<Result> {
    associatedtype Result
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Result
}

private func integer<T: FixedWidthInteger>(_ bits: Int, as type: T.Type) -> T { T(truncatingIfNeeded: bits) }
private func bitsOf<T: FixedWidthInteger>(_ value: T) -> Int { Int(truncatingIfNeeded: value) }

private struct Describe: FixedWidthBody {
    let bits: Int
    func run<T: FixedWidthInteger>(_ type: T.Type) -> String { String(integer(bits, as: T.self)) }
}

private struct Compare: FixedWidthBody {
    let a: Int
    let b: Int
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Int? {
        let (x, y) = (integer(a, as: T.self), integer(b, as: T.self))
        return x < y ? -1 : (x == y ? 0 : 1)
    }
}

private struct ToInt: FixedWidthBody {
    let bits: Int
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Int? { Int(exactly: integer(bits, as: T.self)) }
}

private struct ToInt128: FixedWidthBody {
    let bits: Int
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Int128 { Int128(integer(bits, as: T.self)) }
}

private struct ToDouble: FixedWidthBody {
    let bits: Int
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Double { Double(integer(bits, as: T.self)) }
}

private struct FromInt: FixedWidthBody {
    enum Mode { case exactly, truncating, clamping }
    let number: Int
    let mode: Mode
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Int? {
        switch mode {
        case .exactly: T(exactly: number).map(bitsOf)
        case .truncating: bitsOf(T(truncatingIfNeeded: number))
        case .clamping: bitsOf(T(clamping: number))
        }
    }
}

private struct FromDouble: FixedWidthBody {
    let number: Double
    let exactly: Bool
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Int? {
        if exactly { return T(exactly: number).map(bitsOf) }
        // `T(number)` traps outside T's range and on NaN or an infinity.
        guard number.isFinite, number > Double(T.min) - 1, number < Double(T.max) + 1 else { return nil }
        return T(exactly: number.rounded(.towardZero)).map(bitsOf)
    }
}

private struct Parse: FixedWidthBody {
    let text: String
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Int? { T(text).map(bitsOf) }
}

private struct Bound: FixedWidthBody {
    let max: Bool
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Int { bitsOf(max ? T.max : T.min) }
}

private struct IsMultiple: FixedWidthBody {
    let a: Int
    let b: Int
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Bool {
        integer(a, as: T.self).isMultiple(of: integer(b, as: T.self))
    }
}

private struct BitWidth: FixedWidthBody {
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Int { T.bitWidth }
}

private struct IsSigned: FixedWidthBody {
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Bool { T.isSigned }
}

private struct Shift: FixedWidthBody {
    let op: BinaryOperator
    let a: Int
    let count: Int
    func run<T: FixedWidthInteger>(_ type: T.Type) -> Int {
        let x = integer(a, as: T.self)
        switch op {
        case .shiftLeft: return bitsOf(x << count)
        case .shiftRight: return bitsOf(x >> count)
        case .maskingShiftLeft: return bitsOf(x &<< T(truncatingIfNeeded: count))
        default: return bitsOf(x &>> T(truncatingIfNeeded: count))
        }
    }
}

private enum ArithmeticResult {
    case bits(Int)
    /// What Swift stops on (an overflow, a division by zero), said so.
    case failure(String)
}

private struct Arithmetic: FixedWidthBody {
    let op: BinaryOperator
    let a: Int
    let b: Int
    let name: String

    func run<T: FixedWidthInteger>(_ type: T.Type) -> ArithmeticResult? {
        let (x, y) = (integer(a, as: T.self), integer(b, as: T.self))
        func checked(_ report: (partialValue: T, overflow: Bool), _ symbol: String) -> ArithmeticResult {
            if report.overflow { return .failure("arithmetic overflow: \(x) \(symbol) \(y) does not fit in \(name)") }
            return .bits(bitsOf(report.partialValue))
        }
        switch op {
        case .plus: return checked(x.addingReportingOverflow(y), "+")
        case .minus: return checked(x.subtractingReportingOverflow(y), "-")
        case .times: return checked(x.multipliedReportingOverflow(by: y), "*")
        case .divide:
            if y == 0 { return .failure("division by zero") }
            return checked(x.dividedReportingOverflow(by: y), "/")
        case .remainder:
            if y == 0 { return .failure("division by zero in remainder operation") }
            return checked(x.remainderReportingOverflow(dividingBy: y), "%")
        case .wrappingPlus: return .bits(bitsOf(x &+ y))
        case .wrappingMinus: return .bits(bitsOf(x &- y))
        case .wrappingTimes: return .bits(bitsOf(x &* y))
        case .bitAnd: return .bits(bitsOf(x & y))
        case .bitOr: return .bits(bitsOf(x | y))
        case .bitXor: return .bits(bitsOf(x ^ y))
        default: return nil
        }
    }
}

extension StandardLibrary {
    func installFixedWidthIntegers(into interpreter: Interpreter) {
        for kind in FixedWidthIntegerType.Kind.allCases {
            let info = TypeInfo(name: kind.rawValue, kind: .builtin, qualifiedName: "Swift.\(kind.rawValue)")
            info.conformances = [
                "Equatable", "Hashable", "Comparable", "CustomStringConvertible", "Numeric", "BinaryInteger",
                "FixedWidthInteger", "Sendable",
            ]
            let type = FixedWidthIntegerType(kind, typeInfo: info)
            interpreter.builtins.fixedWidthIntegers[kind.rawValue] = type
            interpreter.registerType(info)
            installMembers(of: type)
        }
    }

    private func installMembers(of type: FixedWidthIntegerType) {
        let info = type.typeInfo
        // Unowned: the type lives as long as the process (`ScalarType`).
        let name = type.name
        info.property("max", isStatic: true, isConstant: true) { [unowned type] _, _ in type.value(bits: type.maxBits) }
        info.property("min", isStatic: true, isConstant: true) { [unowned type] _, _ in type.value(bits: type.minBits) }
        info.property("zero", isStatic: true, isConstant: true) { [unowned type] _, _ in type.value(bits: 0) }
        info.property("bitWidth", isStatic: true, isConstant: true) { [unowned type] _, _ in .int(type.bitWidth) }
        info.property("bitWidth") { [unowned type] _, _ in .int(type.bitWidth) }
        info.property("description") { [unowned type] _, value in
            .string(type.description(of: Self.bits(of: value, type)))
        }
        info.method("isMultiple(of:)") { [unowned type] arguments in
            let receiver = try type.operandBits(arguments.receiverValue, "isMultiple(of:)", other: arguments[0])
            let divisor = try type.operandBits(arguments[0], "isMultiple(of:)", other: arguments.receiverValue)
            return .bool(type.isMultiple(receiver, of: divisor))
        }
        info.initializers = [
            .native(
                NativeFunction("init(_:)") { [unowned type] arguments in
                    switch arguments[0] {
                    case .string(let text):
                        return .optional(type.parsed(text).map { type.value(bits: $0) })
                    case .double(let number):
                        guard let bits = type.converted(number) else {
                            throw ScriptError.runtime(
                                "Double value \(number) cannot be converted to \(name) because it is outside the "
                                    + "representable range", at: arguments.location)
                        }
                        return type.value(bits: bits)
                    default:
                        guard let number = try Self.integer(arguments[0], for: name, at: arguments.location),
                            let bits = type.fit(number)
                        else {
                            throw ScriptError.runtime(
                                "not enough bits to represent \(Formatter.describe(arguments[0], debug: false)) in "
                                    + "\(name) (Swift stops here)", at: arguments.location)
                        }
                        return type.value(bits: bits)
                    }
                }),
            .native(
                NativeFunction("init(exactly:)") { [unowned type] arguments in
                    if case .double(let number) = arguments[0] {
                        return .optional(type.exactly(number).map { type.value(bits: $0) })
                    }
                    let number = try Self.integer(arguments[0], for: name, at: arguments.location)
                    return .optional(number.flatMap { type.fit($0) }.map { type.value(bits: $0) })
                }),
            .native(
                NativeFunction("init(truncatingIfNeeded:)") { [unowned type] arguments in
                    type.value(bits: type.truncated(try Self.wideBits(arguments[0], for: name, at: arguments.location)))
                }),
            .native(
                NativeFunction("init(bitPattern:)") { [unowned type] arguments in
                    let width: Int
                    switch arguments[0] {
                    case .int: width = Int.bitWidth
                    case .scalar(let scalar) where scalar.type is FixedWidthIntegerType:
                        width = unsafeDowncast(scalar.type, to: FixedWidthIntegerType.self).bitWidth
                    default: width = 0
                    }
                    guard width == type.bitWidth else {
                        throw ScriptError.runtime(
                            "\(name)(bitPattern:) needs an integer of \(type.bitWidth) bits, got "
                                + Formatter.typeName(of: arguments[0]), at: arguments.location)
                    }
                    return type.value(
                        bits: type.truncated(try Self.wideBits(arguments[0], for: name, at: arguments.location)))
                }),
            .native(
                NativeFunction("init(clamping:)") { [unowned type] arguments in
                    guard let number = try Self.integer(arguments[0], for: name, at: arguments.location) else {
                        // Only a UInt64 or UInt above Int.max does not fit in an Int.
                        return type.value(bits: type.maxBits)
                    }
                    return type.value(bits: type.clamped(number))
                }),
        ]
    }

    /// The bits of a value of `type` (the receiver of one of its members).
    private static func bits(of value: Value, _ type: FixedWidthIntegerType) -> Int {
        if case .scalar(let scalar) = value { return scalar.bits }
        return 0
    }

    /// An integer argument as an `Int`: nil for a `UInt64` or `UInt` above `Int.max`.
    static func integer(_ value: Value, for name: String, at location: SourceLocation) throws -> Int? {
        switch value {
        case .int(let number): return number
        case .scalar(let scalar):
            guard let integer = scalar.type as? FixedWidthIntegerType else { break }
            return integer.integerValue(of: scalar.bits)
        default: break
        }
        throw ScriptError.runtime(
            "cannot convert \(Formatter.typeName(of: value)) to \(name)", at: location)
    }

    /// The low 64 bits of an integer argument, for `init(truncatingIfNeeded:)`.
    private static func wideBits(_ value: Value, for name: String, at location: SourceLocation) throws -> Int {
        if case .scalar(let scalar) = value, scalar.type is FixedWidthIntegerType { return scalar.bits }
        if case .int(let number) = value { return number }
        throw ScriptError.runtime("cannot convert \(Formatter.typeName(of: value)) to \(name)", at: location)
    }
}
