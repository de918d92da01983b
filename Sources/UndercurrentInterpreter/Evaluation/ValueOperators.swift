extension Interpreter {
    public func applyBinary(_ op: String, _ lhs: Value, _ rhs: Value, at location: SourceLocation) throws -> Value {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            return try integerOperation(op, a, b, at: location)
        case (.double(let a), .double(let b)):
            return try doubleOperation(op, a, b, at: location)
        case (.int(let a), .double(let b)):
            return try doubleOperation(op, Double(a), b, at: location)
        case (.double(let a), .int(let b)):
            return try doubleOperation(op, a, Double(b), at: location)
        case (.string(let a), .string(let b)):
            switch op {
            case "+":
                try checkSize(a.utf8.count + b.utf8.count, "a string", at: location)
                return .string(a + b)
            case "==": return .bool(a == b)
            case "!=": return .bool(a != b)
            case "<": return .bool(a < b)
            case ">": return .bool(a > b)
            case "<=": return .bool(a <= b)
            case ">=": return .bool(a >= b)
            default: break
            }
        case (.bool(let a), .bool(let b)):
            switch op {
            case "==": return .bool(a == b)
            case "!=": return .bool(a != b)
            default: break
            }
        case (.array(let a), .array(let b)) where op == "+":
            try checkSize(a.count + b.count, "an array", at: location)
            return .array(a + b)
        default:
            break
        }
        switch op {
        case "...", "..<":
            return .range(RangeValue(kind: op == "..." ? .closed : .halfOpen, lower: lhs, upper: rhs))
        case "===", "!==":
            let same = identical(lhs, rhs)
            return .bool(op == "===" ? same : !same)
        case "~=":
            return .bool(try patternMatches(lhs, rhs, at: location))
        default:
            break
        }
        if case .native(let native) = lhs,
            let result = try locating(location, { try native.applyOperator(op, code: OperatorCode.of(op), lhs, rhs) })
        {
            return result
        }
        if case .native(let native) = rhs,
            let result = try locating(location, { try native.applyOperator(op, code: OperatorCode.of(op), lhs, rhs) })
        {
            return result
        }
        // A static operator function of either operand's type (script `static func ==`,
        // or a library type's).
        for operand in [lhs, rhs] {
            let type = typeInfo(of: operand)
            let callables = staticCallables(of: type, op)
            if let callable = callables.first(where: { $0.parameterShapes.count == 2 }) {
                return try invoke(
                    callable, receiver: .metatype(Metatype(type: type)), receiverCell: nil,
                    values: [lhs, rhs], inoutCells: [:], at: location)
            }
        }
        switch op {
        case "==": return .bool(try valuesEqual(lhs, rhs, at: location))
        case "!=": return .bool(!(try valuesEqual(lhs, rhs, at: location)))
        case "<", ">", "<=", ">=":
            // Swift derives the other comparisons from a type's `<`.
            if let less = staticCallables(of: typeInfo(of: lhs), "<").first {
                func lessThan(_ a: Value, _ b: Value) throws -> Bool {
                    try truth(
                        invoke(
                            less, receiver: nil, receiverCell: nil, values: [a, b], inoutCells: [:],
                            at: location), at: location)
                }
                switch op {
                case "<": return .bool(try lessThan(lhs, rhs))
                case ">": return .bool(try lessThan(rhs, lhs))
                case "<=": return .bool(!(try lessThan(rhs, lhs)))
                default: return .bool(!(try lessThan(lhs, rhs)))
                }
            }
            if let order = ValueEquality.compare(lhs, rhs) {
                switch op {
                case "<": return .bool(order < 0)
                case ">": return .bool(order > 0)
                case "<=": return .bool(order <= 0)
                default: return .bool(order >= 0)
                }
            }
        default:
            break
        }
        throw ScriptError.runtime(
            "binary operator '\(op)' cannot be applied to operands of type \(Formatter.typeName(of: lhs)) and \(Formatter.typeName(of: rhs))",
            at: location)
    }

    /// `==` with Swift's rules: an optional equals a non-optional by its wrapped value;
    /// script types use their own `==` when they declare one.
    func valuesEqual(_ lhs: Value, _ rhs: Value, at location: SourceLocation) throws -> Bool {
        switch (lhs, rhs) {
        case (.optional(let a), .optional(let b)):
            switch (a, b) {
            case (nil, nil): return true
            case (let a?, let b?): return try valuesEqual(a, b, at: location)
            default: return false
            }
        case (.optional(let a), _):
            guard let a else { return false }
            return try valuesEqual(a, rhs, at: location)
        case (_, .optional(let b)):
            guard let b else { return false }
            return try valuesEqual(lhs, b, at: location)
        default:
            break
        }
        let type = typeInfo(of: lhs)
        if type.declaration != nil || type.kind == .builtin {
            if let callable = staticCallables(of: type, "==").first(where: { $0.parameterShapes.count == 2 }) {
                return try truth(
                    invoke(
                        callable, receiver: .metatype(Metatype(type: type)), receiverCell: nil,
                        values: [lhs, rhs], inoutCells: [:], at: location), at: location)
            }
        }
        return ValueEquality.structurallyEqual(lhs, rhs)
    }

    func identical(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (lhs.loaded, rhs.loaded) {
        case (.object(let a), .object(let b)): return a === b
        case (.native(let a), .native(let b)): return a.identity === b.identity
        case (.optional(let a), .optional(let b)):
            switch (a, b) {
            case (nil, nil): return true
            case (let a?, let b?): return identical(a, b)
            default: return false
            }
        case (.optional(let a), let b), (let b, .optional(let a)):
            guard let a else { return false }
            return identical(a, b)
        default: return false
        }
    }

    /// `pattern ~= value`: ranges contain, everything else compares with `==`.
    func patternMatches(_ pattern: Value, _ value: Value, at location: SourceLocation) throws -> Bool {
        if case .range(let range) = pattern {
            return try rangeContains(range, value, at: location)
        }
        return try valuesEqual(pattern, value, at: location)
    }

    func rangeContains(_ range: RangeValue, _ value: Value, at location: SourceLocation) throws -> Bool {
        func compare(_ a: Value, _ b: Value) throws -> Int {
            guard let order = ValueEquality.compare(a, b) else {
                throw ScriptError.runtime(
                    "cannot compare \(Formatter.typeName(of: a)) with \(Formatter.typeName(of: b))",
                    at: location)
            }
            return order
        }
        if let lower = range.lower, try compare(value, lower) < 0 { return false }
        guard let upper = range.upper else { return true }
        switch range.kind {
        case .closed, .through: return try compare(value, upper) <= 0
        case .halfOpen, .upTo: return try compare(value, upper) < 0
        case .from: return true
        }
    }

    private func integerOperation(_ op: String, _ a: Int, _ b: Int, at location: SourceLocation) throws -> Value {
        try integerOperation(OperatorCode.of(op), op, a, b, at: location)
    }

    /// `code` is `OperatorCode.of(op)`, which compiled code works out once.
    func integerOperation(
        _ code: UInt32, _ op: String, _ a: Int, _ b: Int,
        at location: SourceLocation
    ) throws -> Value {
        switch code {
        case OperatorCode.plus: return .int(try Plus.apply(a, b, at: location))
        case OperatorCode.minus: return .int(try Minus.apply(a, b, at: location))
        case OperatorCode.times: return .int(try Times.apply(a, b, at: location))
        case OperatorCode.divide: return .int(try Divide.apply(a, b, at: location))
        case OperatorCode.remainder: return .int(try Remainder.apply(a, b, at: location))
        case OperatorCode.wrappingPlus: return .int(a &+ b)
        case OperatorCode.wrappingMinus: return .int(a &- b)
        case OperatorCode.wrappingTimes: return .int(a &* b)
        case OperatorCode.bitAnd: return .int(a & b)
        case OperatorCode.bitOr: return .int(a | b)
        case OperatorCode.bitXor: return .int(a ^ b)
        case OperatorCode.shiftLeft: return .int(a << b)
        case OperatorCode.shiftRight: return .int(a >> b)
        case OperatorCode.equal: return .bool(a == b)
        case OperatorCode.notEqual: return .bool(a != b)
        case OperatorCode.less: return .bool(a < b)
        case OperatorCode.greater: return .bool(a > b)
        case OperatorCode.lessOrEqual: return .bool(a <= b)
        case OperatorCode.greaterOrEqual: return .bool(a >= b)
        case OperatorCode.closedRange, OperatorCode.halfOpenRange:
            if op == "..." && a > b || op == "..<" && a > b {
                throw ScriptError.runtime("Range requires lowerBound <= upperBound (\(a)\(op)\(b))", at: location)
            }
            return .range(RangeValue(kind: op == "..." ? .closed : .halfOpen, lower: .int(a), upper: .int(b)))
        default:
            throw ScriptError.runtime("operator '\(op)' cannot be applied to two Int operands", at: location)
        }
    }

    private func doubleOperation(_ op: String, _ a: Double, _ b: Double, at location: SourceLocation) throws -> Value {
        switch op {
        case "+": return .double(a + b)
        case "-": return .double(a - b)
        case "*": return .double(a * b)
        case "/": return .double(a / b)
        case "%":
            throw ScriptError.runtime(
                "'%' is unavailable for Double: use truncatingRemainder(dividingBy:)", at: location)
        case "==": return .bool(a == b)
        case "!=": return .bool(a != b)
        case "<": return .bool(a < b)
        case ">": return .bool(a > b)
        case "<=": return .bool(a <= b)
        case ">=": return .bool(a >= b)
        case "...", "..<":
            return .range(RangeValue(kind: op == "..." ? .closed : .halfOpen, lower: .double(a), upper: .double(b)))
        default:
            throw ScriptError.runtime("operator '\(op)' cannot be applied to two Double operands", at: location)
        }
    }

    func evaluatePrefix(_ op: String, _ operand: Value, at location: SourceLocation) throws -> Value {
        switch (op, operand) {
        case ("!", .bool(let flag)): return .bool(!flag)
        case ("-", .int(let number)):
            if number == .min { throw ScriptError.runtime("arithmetic overflow negating \(number)", at: location) }
            return .int(-number)
        case ("-", .double(let number)): return .double(-number)
        case ("+", .int), ("+", .double): return operand
        case ("~", .int(let number)): return .int(~number)
        case ("...", _): return .range(RangeValue(kind: .through, lower: nil, upper: operand))
        case ("..<", _): return .range(RangeValue(kind: .upTo, lower: nil, upper: operand))
        default:
            let type = typeInfo(of: operand)
            if let callable = staticCallables(of: type, op).first(where: { $0.parameterShapes.count == 1 }) {
                return try invoke(
                    callable, receiver: .metatype(Metatype(type: type)), receiverCell: nil,
                    values: [operand], inoutCells: [:], at: location)
            }
            throw ScriptError.runtime(
                "unary operator '\(op)' cannot be applied to \(Formatter.typeName(of: operand))",
                at: location)
        }
    }
}
