/// `Int`, `Double` and `Bool`: conversions and members. `Float`, `CGFloat` and
/// `TimeInterval` are `Double` here. Random numbers are refused: runs are repeatable.
extension StandardLibrary {
    func installNumericMembers(into interpreter: Interpreter) {
        let builtins = interpreter.builtins
        builtins.int.initializers = intInitializers()
        builtins.double.initializers = doubleInitializers()
        builtins.bool.initializers = [
            .native(NativeFunction("init()") { _ in .bool(false) }),
            .native(
                NativeFunction("init(_:)") { arguments in
                    switch arguments[0] {
                    case .string(let text): return .optional(Bool(text).map(Value.bool))
                    default: return .bool(try arguments.bool(0))
                    }
                }),
        ]
        installIntMembers(on: builtins.int)
        installDoubleMembers(into: interpreter, on: builtins.double)
        builtins.bool.property("description") { _, value in .string(Formatter.describe(value, debug: false)) }
        builtins.bool.mutatingMethod("toggle()") { value, _ in
            if case .bool(let flag) = value { value = .bool(!flag) }
            return .void
        }
        for type in [builtins.int, builtins.double, builtins.bool] {
            type.method("random(in:)", isStatic: true) { arguments in
                throw ScriptError.unsupported(
                    "random numbers (Undercurrent keeps runs repeatable)", at: arguments.location)
            }
        }
        builtins.bool.method("random()", isStatic: true) { arguments in
            throw ScriptError.unsupported("random numbers (Undercurrent keeps runs repeatable)", at: arguments.location)
        }
    }

    private func intInitializers() -> [Callable] {
        [
            .native(
                NativeFunction("init(_:)") { arguments in
                    switch arguments[0] {
                    case .int: return arguments[0]
                    case .double(let number): return .int(try truncate(number, arguments))
                    case .scalar(let scalar) where scalar.type is FixedWidthIntegerType:
                        guard let number = scalar.integerValue else {
                            throw ScriptError.runtime(
                                "not enough bits to represent \(Formatter.describe(arguments[0], debug: false)) in Int "
                                    + "(Swift stops here)", at: arguments.location)
                        }
                        return .int(number)
                    case .string(let text): return .optional(Int(text).map(Value.int))
                    case .character(let character): return .optional(Int(String(character)).map(Value.int))
                    default:
                        throw ScriptError.runtime(
                            "cannot convert \(Formatter.typeName(of: arguments[0])) to Int",
                            at: arguments.location)
                    }
                }),
            .native(
                NativeFunction("init(_:radix:)") { arguments in
                    let radix = try arguments.int(1)
                    guard (2...36).contains(radix) else {
                        throw ScriptError.runtime("Radix must be between 2 and 36", at: arguments.location)
                    }
                    return .optional(Int(try arguments.string(0), radix: radix).map(Value.int))
                }),
            .native(
                NativeFunction("init(exactly:)") { arguments in
                    switch arguments[0] {
                    case .int: return .optional(arguments[0])
                    case .double(let number): return .optional(Int(exactly: number).map(Value.int))
                    case .scalar(let scalar) where scalar.type is FixedWidthIntegerType:
                        return .optional(scalar.integerValue.map(Value.int))
                    default: return .optional(nil)
                    }
                }),
        ]
    }

    private func doubleInitializers() -> [Callable] {
        [
            .native(
                NativeFunction("init(_:)") { arguments in
                    switch arguments[0] {
                    case .int(let number): return .double(Double(number))
                    case .double: return arguments[0]
                    case .scalar(let scalar) where scalar.type is FixedWidthIntegerType:
                        return .double(
                            unsafeDowncast(scalar.type, to: FixedWidthIntegerType.self).doubleValue(of: scalar.bits))
                    case .string(let text): return .optional(Double(text).map(Value.double))
                    default:
                        throw ScriptError.runtime(
                            "cannot convert \(Formatter.typeName(of: arguments[0])) to Double",
                            at: arguments.location)
                    }
                })
        ]
    }

    private func installIntMembers(on int: TypeInfo) {
        func number(_ value: Value) -> Int { if case .int(let number) = value { return number } else { return 0 } }
        int.property("max", isStatic: true, isConstant: true) { _, _ in .int(Int.max) }
        int.property("min", isStatic: true, isConstant: true) { _, _ in .int(Int.min) }
        int.property("zero", isStatic: true, isConstant: true) { _, _ in .int(0) }
        int.property("description") { _, value in .string(String(number(value))) }
        int.property("magnitude") { _, value in
            // Swift's `magnitude` is a UInt; only Int.min's does not fit in Int.
            guard let magnitude = Int(exactly: number(value).magnitude) else {
                throw ScriptError.unsupported(
                    "UInt: Int.min.magnitude is 9223372036854775808, which does not fit in Int (Undercurrent has no UInt)"
                )
            }
            return .int(magnitude)
        }
        int.method("isMultiple(of:)") { arguments in
            let divisor = try arguments.int(0)
            let receiver = number(arguments.receiverValue)
            // As Swift: every number is a multiple of -1 (`Int.min % -1` itself would trap).
            if divisor == -1 { return .bool(true) }
            return .bool(divisor == 0 ? receiver == 0 : receiver % divisor == 0)
        }
        int.method("signum()") { .int(number($0.receiverValue).signum()) }
        int.method("quotientAndRemainder(dividingBy:)") { arguments in
            let divisor = try arguments.int(0)
            let receiver = number(arguments.receiverValue)
            guard divisor != 0 else { throw ScriptError.runtime("Division by zero", at: arguments.location) }
            guard receiver != .min || divisor != -1 else {
                throw ScriptError.runtime("Division results in an overflow", at: arguments.location)
            }
            let (quotient, remainder) = receiver.quotientAndRemainder(dividingBy: divisor)
            return .tuple(TupleValue(labels: ["quotient", "remainder"], elements: [.int(quotient), .int(remainder)]))
        }
        int.method("advanced(by:)") { arguments in
            .int(try Plus.apply(number(arguments.receiverValue), try arguments.int(0), at: arguments.location))
        }
        int.method("distance(to:)") { arguments in
            .int(try Minus.apply(try arguments.int(0), number(arguments.receiverValue), at: arguments.location))
        }
    }

    private func installDoubleMembers(into interpreter: Interpreter, on double: TypeInfo) {
        func number(_ value: Value) -> Double {
            switch value {
            case .double(let number): return number
            case .int(let number): return Double(number)
            default: return 0
            }
        }
        let constants: [(String, Double)] = [
            ("pi", .pi), ("infinity", .infinity), ("nan", .nan), ("greatestFiniteMagnitude", .greatestFiniteMagnitude),
            ("leastNonzeroMagnitude", .leastNonzeroMagnitude), ("leastNormalMagnitude", .leastNormalMagnitude),
            ("ulpOfOne", .ulpOfOne), ("zero", 0),
        ]
        for (name, constant) in constants {
            double.property(name, isStatic: true, isConstant: true) { _, _ in .double(constant) }
        }
        double.property("description") { _, value in .string(Formatter.describe(.double(number(value)), debug: false)) }
        double.property("magnitude") { _, value in .double(number(value).magnitude) }
        let flags: [(String, (Double) -> Bool)] = [
            ("isNaN", \.isNaN), ("isInfinite", \.isInfinite), ("isFinite", \.isFinite), ("isZero", \.isZero),
        ]
        for (name, flag) in flags {
            double.property(name) { _, value in .bool(flag(number(value))) }
        }
        let rule = installRoundingRule(into: interpreter)
        double.method("rounded()") { .double(number($0.receiverValue).rounded()) }
        double.method("rounded(_:)", types: [.simple("FloatingPointRoundingRule")]) { arguments in
            .double(number(arguments.receiverValue).rounded(try roundingRule(arguments[0], rule, arguments)))
        }
        double.mutatingMethod("round()") { value, _ in
            value = .double(number(value).rounded())
            return .void
        }
        double.method("squareRoot()") { .double(number($0.receiverValue).squareRoot()) }
        double.method("truncatingRemainder(dividingBy:)") { arguments in
            .double(number(arguments.receiverValue).truncatingRemainder(dividingBy: try arguments.double(0)))
        }
        double.method("remainder(dividingBy:)") { arguments in
            .double(number(arguments.receiverValue).remainder(dividingBy: try arguments.double(0)))
        }
        double.method("isMultiple(of:)") { arguments in
            .bool(number(arguments.receiverValue).truncatingRemainder(dividingBy: try arguments.double(0)) == 0)
        }
    }

    /// `FloatingPointRoundingRule`, so that `rounded(.up)` finds its cases.
    private func installRoundingRule(into interpreter: Interpreter) -> TypeInfo {
        let rule = TypeInfo(
            name: "FloatingPointRoundingRule", kind: .enumType,
            qualifiedName: "Swift.FloatingPointRoundingRule")
        for name in ["toNearestOrAwayFromZero", "toNearestOrEven", "up", "down", "towardZero", "awayFromZero"] {
            rule.addEnumCase(EnumCaseInfo(name: name))
        }
        interpreter.registerType(rule)
        return rule
    }
}

private func roundingRule(_ value: Value, _ rule: TypeInfo, _ arguments: NativeArguments) throws
    -> FloatingPointRoundingRule
{
    guard case .enumValue(let enumValue) = value, enumValue.type === rule else {
        throw ScriptError.runtime("rounded(_:) needs a FloatingPointRoundingRule", at: arguments.location)
    }
    let rules: [FloatingPointRoundingRule] = [
        .toNearestOrAwayFromZero, .toNearestOrEven, .up, .down, .towardZero,
        .awayFromZero,
    ]
    return rules[enumValue.caseIndex]
}

/// `Int(someDouble)` traps in Swift when the value has no Int equivalent.
private func truncate(_ number: Double, _ arguments: NativeArguments) throws -> Int {
    guard number.isFinite else {
        throw ScriptError.runtime(
            "Double value cannot be converted to Int because it is either infinite or NaN",
            at: arguments.location)
    }
    guard let result = Int(exactly: number.rounded(.towardZero)) else {
        let side = number > 0 ? "greater than Int.max" : "less than Int.min"
        throw ScriptError.runtime(
            "Double value cannot be converted to Int because the result would be \(side)",
            at: arguments.location)
    }
    return result
}
