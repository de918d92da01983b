extension Interpreter {
    public func applyBinary(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value, at location: SourceLocation) throws
        -> Value
    {
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
            case .plus:
                try checkSize(a.utf8.count + b.utf8.count, "a string", at: location)
                return .string(a + b)
            default:
                if let holds = op.compares(a, b) { return .bool(holds) }
            }
        case (.bool(let a), .bool(let b)):
            switch op {
            case .equal: return .bool(a == b)
            case .notEqual: return .bool(a != b)
            default: break
            }
        case (.array(let a), .array(let b)) where op == .plus:
            try checkSize(a.count + b.count, "an array", at: location)
            return .array(a + b)
        default:
            break
        }
        switch op {
        case .closedRange, .halfOpenRange:
            return .range(RangeValue(kind: op == .closedRange ? .closed : .halfOpen, lower: lhs, upper: rhs))
        case .identical, .notIdentical:
            let same = identical(lhs, rhs)
            return .bool(op == .identical ? same : !same)
        case .patternMatch:
            return .bool(try patternMatches(lhs, rhs, at: location))
        default:
            break
        }
        if case .scalar(let scalar) = lhs, let result = try applyScalarOperator(op, scalar, lhs, rhs, at: location) {
            return result
        }
        if case .scalar(let scalar) = rhs,
            let result = try locating(location, { try scalar.withType { try $0.applyOperator(op, lhs, rhs) } })
        {
            return result
        }
        if case .native(let native) = lhs,
            let result = try locating(location, { try native.applyOperator(op, lhs, rhs) })
        {
            return result
        }
        if case .native(let native) = rhs,
            let result = try locating(location, { try native.applyOperator(op, lhs, rhs) })
        {
            return result
        }
        // `optionalMoney == money`: Swift's `==` of Optionals, which unwraps both sides before
        // a script `==` of the wrapped type sees them.
        if op == .equal || op == .notEqual, lhs.isOptionalValue || rhs.isOptionalValue {
            let equal = try valuesEqual(lhs, rhs, at: location)
            return .bool(op == .equal ? equal : !equal)
        }
        // A static operator function of either operand's type (script `static func ==`,
        // or a library type's).
        for operand in [lhs, rhs] {
            let type = typeInfo(of: operand)
            let callables = staticCallables(of: type, op.spelling)
            if let callable = callables.first(where: { $0.parameterShapes.count == 2 }) {
                return try invoke(
                    callable, receiver: .metatype(Metatype(type: type)), receiverCell: nil,
                    values: [lhs, rhs], inoutCells: [:], at: location)
            }
        }
        switch op {
        case .equal: return .bool(try valuesEqual(lhs, rhs, at: location))
        case .notEqual: return .bool(!(try valuesEqual(lhs, rhs, at: location)))
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            // Swift derives the other comparisons from a type's `<`.
            let type = typeInfo(of: lhs)
            if let less = staticCallables(of: type, BinaryOperator.less.spelling).first {
                // A static method: `self` in its body is the type (`allCases` reads `Self.allCases`).
                let owner = Value.metatype(Metatype(type: type))
                func lessThan(_ a: Value, _ b: Value) throws -> Bool {
                    try truth(
                        invoke(
                            less, receiver: owner, receiverCell: nil, values: [a, b], inoutCells: [:],
                            at: location), at: location)
                }
                switch op {
                case .less: return .bool(try lessThan(lhs, rhs))
                case .greater: return .bool(try lessThan(rhs, lhs))
                case .lessOrEqual: return .bool(!(try lessThan(rhs, lhs)))
                default: return .bool(!(try lessThan(lhs, rhs)))
                }
            }
            if let order = ValueEquality.compare(lhs, rhs) {
                switch op {
                case .less: return .bool(order < 0)
                case .greater: return .bool(order > 0)
                case .lessOrEqual: return .bool(order <= 0)
                default: return .bool(order >= 0)
                }
            }
        default:
            break
        }
        throw ScriptError.runtime(
            "binary operator '\(op.spelling)' cannot be applied to operands of type \(Formatter.typeName(of: lhs)) and \(Formatter.typeName(of: rhs))",
            at: location)
    }

    /// `==` with Swift's rules: an optional equals a non-optional by its wrapped value;
    /// script types use their own `==` when they declare one.
    func valuesEqual(_ lhs: Value, _ rhs: Value, at location: SourceLocation) throws -> Bool {
        switch (lhs, rhs) {
        // The common parts of an array, without looking for an `==` of their type.
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
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
        // Parts are compared as `==` compares them: `[Money(cents: 1)] == [Money(cents: 1, note: "z")]`
        // with a script `==` on `Money` that looks at the cents alone is true.
        return try ValueEquality.structurallyEqual(lhs, rhs) { try valuesEqual($0, $1, at: location) }
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

    /// `case pattern:` on `value`: a `~=` of the script's whose parameters take both values
    /// (a static one of the pattern's type, then a global one: `func ~= (pattern: String,
    /// value: Int)`), else the library's (`patternMatches`).
    func casePatternMatches(_ pattern: Value, _ value: Value, at location: SourceLocation) throws -> Bool {
        func matches(by callable: Callable) throws -> Bool {
            try truth(
                invoke(
                    callable, receiver: nil, receiverCell: nil, values: [pattern, value], inoutCells: [:], at: location),
                at: location)
        }
        let ofType = staticCallables(of: typeInfo(of: pattern), "~=")
        for callable in ofType + (globalFunctions["~="] ?? []) {
            guard case .script(let decl) = callable, decl.parameters.count == 2,
                takes(decl.parameters[0].type, pattern), takes(decl.parameters[1].type, value)
            else { continue }
            return try matches(by: callable)
        }
        // A type's own `~=` whose parameters are written in a way not checked here (`Self`).
        if let callable = ofType.first { return try matches(by: callable) }
        return try patternMatches(pattern, value, at: location)
    }

    /// Whether a parameter written with `type` takes `value`: unwritten, or a type it is an
    /// instance of. A name not known here (a generic parameter) is taken to.
    private func takes(_ type: TypeRef?, _ value: Value) -> Bool {
        guard let type else { return true }
        return (try? isInstance(value, of: type, at: .unknown)) ?? true
    }

    /// `pattern ~= value`: ranges contain, everything else compares with `==`.
    func patternMatches(_ pattern: Value, _ value: Value, at location: SourceLocation) throws -> Bool {
        if case .range(let range) = pattern {
            return try rangeContains(range, value, at: location)
        }
        return try valuesEqual(pattern, value, at: location)
    }

    /// Whether `value`'s type declares a `<` of its own.
    private func hasOwnLessThan(_ value: Value) -> Bool {
        switch value {
        case .structValue, .object, .enumValue:
            return !staticCallables(of: typeInfo(of: value), BinaryOperator.less.spelling).isEmpty
        default:
            return false
        }
    }

    func rangeContains(_ range: RangeValue, _ value: Value, at location: SourceLocation) throws -> Bool {
        func compare(_ a: Value, _ b: Value) throws -> Int {
            guard let order = ValueEquality.compare(a, b) else {
                // Bounds of a script type of its own `<` (`Version(1)...Version(3)`).
                if hasOwnLessThan(a) {
                    if try truth(applyBinary(.less, a, b, at: location), at: location) { return -1 }
                    return try truth(applyBinary(.less, b, a, at: location), at: location) ? 1 : 0
                }
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

    func integerOperation(_ op: BinaryOperator, _ a: Int, _ b: Int, at location: SourceLocation) throws -> Value {
        switch op {
        case .plus: return .int(try Plus.apply(a, b, at: location))
        case .minus: return .int(try Minus.apply(a, b, at: location))
        case .times: return .int(try Times.apply(a, b, at: location))
        case .divide: return .int(try Divide.apply(a, b, at: location))
        case .remainder: return .int(try Remainder.apply(a, b, at: location))
        case .wrappingPlus: return .int(a &+ b)
        case .wrappingMinus: return .int(a &- b)
        case .wrappingTimes: return .int(a &* b)
        case .bitAnd: return .int(a & b)
        case .bitOr: return .int(a | b)
        case .bitXor: return .int(a ^ b)
        case .shiftLeft: return .int(a << b)
        case .shiftRight: return .int(a >> b)
        case .maskingShiftLeft: return .int(a &<< b)
        case .maskingShiftRight: return .int(a &>> b)
        case .equal: return .bool(a == b)
        case .notEqual: return .bool(a != b)
        case .less: return .bool(a < b)
        case .greater: return .bool(a > b)
        case .lessOrEqual: return .bool(a <= b)
        case .greaterOrEqual: return .bool(a >= b)
        case .closedRange, .halfOpenRange:
            if a > b {
                throw ScriptError.runtime(
                    "Range requires lowerBound <= upperBound (\(a)\(op.spelling)\(b))", at: location)
            }
            return .range(RangeValue(kind: op == .closedRange ? .closed : .halfOpen, lower: .int(a), upper: .int(b)))
        default:
            throw ScriptError.runtime("operator '\(op.spelling)' cannot be applied to two Int operands", at: location)
        }
    }

    private func doubleOperation(_ op: BinaryOperator, _ a: Double, _ b: Double, at location: SourceLocation) throws
        -> Value
    {
        switch op {
        case .plus: return .double(a + b)
        case .minus: return .double(a - b)
        case .times: return .double(a * b)
        case .divide: return .double(a / b)
        case .remainder:
            throw ScriptError.runtime(
                "'%' is unavailable for Double: use truncatingRemainder(dividingBy:)", at: location)
        case .equal: return .bool(a == b)
        case .notEqual: return .bool(a != b)
        case .less: return .bool(a < b)
        case .greater: return .bool(a > b)
        case .lessOrEqual: return .bool(a <= b)
        case .greaterOrEqual: return .bool(a >= b)
        case .closedRange, .halfOpenRange:
            return .range(
                RangeValue(kind: op == .closedRange ? .closed : .halfOpen, lower: .double(a), upper: .double(b)))
        default:
            throw ScriptError.runtime(
                "operator '\(op.spelling)' cannot be applied to two Double operands", at: location)
        }
    }

    func evaluatePrefix(_ op: PrefixOperator, _ operand: Value, at location: SourceLocation) throws -> Value {
        switch (op, operand) {
        case (.not, .bool(let flag)): return .bool(!flag)
        case (.negate, .int(let number)):
            if number == .min { throw ScriptError.runtime("arithmetic overflow negating \(number)", at: location) }
            return .int(-number)
        case (.negate, .double(let number)): return .double(-number)
        case (.plus, .int), (.plus, .double): return operand
        case (.bitNot, .int(let number)): return .int(~number)
        case (.upThrough, _): return .range(RangeValue(kind: .through, lower: nil, upper: operand))
        case (.upTo, _): return .range(RangeValue(kind: .upTo, lower: nil, upper: operand))
        default:
            if case .scalar(let scalar) = operand,
                let result = try locating(location, { try scalar.type.applyPrefix(op, scalar.bits) })
            {
                return result
            }
            let type = typeInfo(of: operand)
            if let callable = staticCallables(of: type, op.spelling).first(where: { $0.parameterShapes.count == 1 }) {
                return try invoke(
                    callable, receiver: .metatype(Metatype(type: type)), receiverCell: nil,
                    values: [operand], inoutCells: [:], at: location)
            }
            throw ScriptError.runtime(
                "unary operator '\(op.spelling)' cannot be applied to \(Formatter.typeName(of: operand))",
                at: location)
        }
    }
}

extension Interpreter {
    /// A binary operator whose left operand is a library scalar (`demand -= 1`, `demand > 0`):
    /// on the two values' bits where the scalar's type computes it (`ScalarType.operate`),
    /// otherwise by its `applyOperator`; nil when the type has no such operator.
    @inline(__always)
    func applyScalarOperator(
        _ op: BinaryOperator, _ scalar: ScalarValue, _ lhs: Value, _ rhs: Value, at location: SourceLocation
    ) throws -> Value? {
        switch scalar.operated(op, rhs) {
        case .bits(let bits)?: return .scalar(scalar.withBits(bits))
        case .truth(let holds)?: return .bool(holds)
        case nil: return try locating(location, { try scalar.withType { try $0.applyOperator(op, lhs, rhs) } })
        }
    }
}
