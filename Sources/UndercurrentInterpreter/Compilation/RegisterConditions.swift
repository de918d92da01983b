/// The conditions of an integer loop's `while` and `if` that are tested inside the loop's
/// or the `if`'s own closure rather than by calling another: `value != 1`, `value % 2 == 0`.
///
/// A register loop is a tree of closures, and in a loop as small as Collatz's a call from
/// one to the next is most of what a turn costs. The test is a small struct whose type says
/// its operators (`ArithmeticTest<Equal, Remainder>`); the statement built with it is
/// generic over that type, so the compiler makes one copy of it per kind of test with the
/// test written into it. Any other condition is a closure as before (`ClosureTest`).
protocol RegisterCondition {
    func holds(_ registers: Registers) throws -> Bool
}

/// `slot cmp c`.
struct SlotTest<Comparison: ComparisonKernel>: RegisterCondition {
    let slot: Int
    let c: Int

    @inline(__always)
    func holds(_ registers: Registers) throws -> Bool { Comparison.holds(registers[slot], c) }
}

/// `(slot op b) cmp c`.
struct ArithmeticTest<Comparison: ComparisonKernel, Arithmetic: IntegerKernel>: RegisterCondition {
    let slot: Int
    let b: Int
    let c: Int
    let location: SourceLocation

    @inline(__always)
    func holds(_ registers: Registers) throws -> Bool {
        try Comparison.holds(Arithmetic.apply(registers[slot], b, at: location), c)
    }
}

/// Any other condition, compiled to a closure.
struct ClosureTest: RegisterCondition {
    let test: RegisterTest

    @inline(__always)
    func holds(_ registers: Registers) throws -> Bool { try test(registers) }
}

/// What is built around a condition: a `while` loop or an `if`.
protocol RegisterConditionUser {
    func build<Condition: RegisterCondition>(testing condition: Condition) -> RegisterStatement
}

extension BodyCompiler {
    /// Builds `user`'s statement around `conditions` as a test of its own kind when they are
    /// one comparison of a shape above, or else around `general`, the conditions compiled as
    /// a closure.
    func buildRegisterStatement(
        testing conditions: [Condition], general: @escaping RegisterTest, _ user: some RegisterConditionUser
    ) -> RegisterStatement {
        guard conditions.count == 1, case .boolean(let expr) = conditions[0],
            case .binary(let op, let lhsExpr, .integerLiteral(let c, _), _) = expr,
            let comparison = ComparisonOperator(op)
        else { return user.build(testing: ClosureTest(test: general)) }
        func build<Comparison: ComparisonKernel>(_: Comparison.Type) -> RegisterStatement {
            switch lhsExpr {
            case .name(.local(let slot), _, _):
                return user.build(testing: SlotTest<Comparison>(slot: slot, c: c))
            case .binary(let op, .name(.local(let slot), _, _), .integerLiteral(let b, _), let location):
                switch ArithmeticOperator(op) {
                case .plus?:
                    return user.build(
                        testing: ArithmeticTest<Comparison, Plus>(slot: slot, b: b, c: c, location: location))
                case .minus?:
                    return user.build(
                        testing: ArithmeticTest<Comparison, Minus>(slot: slot, b: b, c: c, location: location))
                case .times?:
                    return user.build(
                        testing: ArithmeticTest<Comparison, Times>(slot: slot, b: b, c: c, location: location))
                case .divide?:
                    return user.build(
                        testing: ArithmeticTest<Comparison, Divide>(slot: slot, b: b, c: c, location: location))
                case .remainder?:
                    return user.build(
                        testing: ArithmeticTest<Comparison, Remainder>(slot: slot, b: b, c: c, location: location))
                case nil:
                    return user.build(testing: ClosureTest(test: general))
                }
            default:
                return user.build(testing: ClosureTest(test: general))
            }
        }
        switch comparison {
        case .equal: return build(Equal.self)
        case .notEqual: return build(NotEqual.self)
        case .less: return build(Less.self)
        case .greater: return build(Greater.self)
        case .lessOrEqual: return build(LessOrEqual.self)
        case .greaterOrEqual: return build(GreaterOrEqual.self)
        }
    }
}

/// `while condition { body }` on registers.
struct RegisterWhile: RegisterConditionUser {
    let body: RegisterBranch
    /// A second statement of the body, run after `body` unless it broke or continued.
    var then: RegisterBranch? = nil
    let location: SourceLocation

    func build<Condition: RegisterCondition>(testing condition: Condition) -> RegisterStatement {
        let body = body
        let location = location
        guard let then else {
            return { interpreter, registers in
                while true {
                    try interpreter.tick(location)
                    guard try condition.holds(registers) else { return .normal }
                    if case .breakLoop = try body.run(interpreter, registers) { return .normal }
                }
            }
        }
        return { interpreter, registers in
            while true {
                try interpreter.tick(location)
                guard try condition.holds(registers) else { return .normal }
                switch try body.run(interpreter, registers) {
                case .normal:
                    if case .breakLoop = try then.run(interpreter, registers) { return .normal }
                case .breakLoop:
                    return .normal
                case .continueLoop:
                    continue
                }
            }
        }
    }
}

/// `if condition { then } else { otherwise }` on registers.
struct RegisterIf: RegisterConditionUser {
    let then: RegisterBranch
    let otherwise: RegisterBranch?

    func build<Condition: RegisterCondition>(testing condition: Condition) -> RegisterStatement {
        let then = then
        guard let otherwise else {
            return { interpreter, registers in
                try condition.holds(registers) ? try then.run(interpreter, registers) : .normal
            }
        }
        return { interpreter, registers in
            try condition.holds(registers)
                ? try then.run(interpreter, registers) : try otherwise.run(interpreter, registers)
        }
    }
}
