/// Loops that only do Int arithmetic on local variables (`while value != 1 { … value /= 2 …
/// steps += 1 }`), run with the variables in an array of plain Ints: registers.
///
/// Such a loop calls nothing, so no other code can see its variables while it runs. Each
/// variable from outside the loop is read into its register when the loop starts, checked
/// to hold an Int, and written back to its cell when the loop ends — normally, by `break`,
/// or by an error such as an overflow — so a variable holds what it would have held had the
/// loop run on the cells. When a variable does not hold an Int, the loop runs the general
/// compiled way. A profile of such a loop showed reading and writing cells, boxing each
/// result into a `Value` and returning a `Flow` from each statement as most of its time.
///
/// The loop is compiled to closures, like the rest of a body, each specialized for its
/// operator. (A list of instructions run by one `switch` was tried: the double dispatch, on
/// the instruction and then on its operator, made a loop turn cost more, not less.)
typealias Registers = UnsafeMutablePointer<Int>
typealias RegisterInteger = (Registers) throws -> Int
typealias RegisterTest = (Registers) throws -> Bool
typealias RegisterStatement = (Interpreter, Registers) throws -> RegisterFlow

/// How a statement of an integer loop ended: only unlabelled `break` and `continue` are
/// compiled, so each ends the innermost loop.
enum RegisterFlow {
    case normal, breakLoop, continueLoop
}

/// The variables of one integer loop: what it reads and writes from outside, what it declares.
struct IntegerLoopVariables {
    private(set) var declared: Set<Int> = []
    private(set) var used: Set<Int> = []
    private(set) var assigned: Set<Int> = []

    mutating func declare(_ slot: Int) { declared.insert(slot) }
    mutating func read(_ slot: Int) { used.insert(slot) }
    mutating func write(_ slot: Int) {
        used.insert(slot)
        assigned.insert(slot)
    }

    /// Variables of the enclosing function the loop reads or writes.
    var outside: [Int] { used.subtracting(declared).sorted() }
    /// Those of them the loop changes, to write back when it ends.
    var outsideAssigned: [Int] { assigned.subtracting(declared).sorted() }
    /// The highest slot the loop names, which must be one of its frame's.
    var highestSlot: Int { used.union(declared).max() ?? -1 }
}

extension BodyCompiler {
    /// A `while` or `repeat`-`while` loop compiled to run on registers, or nil when it does
    /// something other than Int arithmetic on local variables. `general` is the loop
    /// compiled the usual way, run when a variable turns out not to hold an Int.
    func integerLoop(_ loop: Stmt, general: @escaping CompiledStatement) -> CompiledStatement? {
        guard FastPaths.enabled else { return nil }
        var variables = IntegerLoopVariables()
        guard let run = registerStatement(loop, &variables) else { return nil }
        let outside = variables.outside
        let written = variables.outsideAssigned
        let highestSlot = variables.highestSlot
        return { interpreter, frame in
            let slotCount = frame.withUnsafeMutablePointerToHeader { $0.pointee.slotCount }
            guard highestSlot < slotCount else { return try general(interpreter, frame) }
            return try withUnsafeTemporaryAllocation(of: Int.self, capacity: slotCount) { buffer in
                let registers = buffer.baseAddress!
                guard frame.loadIntegers(outside, into: registers) else { return try general(interpreter, frame) }
                defer { frame.storeIntegers(written, from: registers) }
                _ = try run(interpreter, registers)
                return .normal
            }
        }
    }

    private func registerStatement(_ statement: Stmt, _ variables: inout IntegerLoopVariables) -> RegisterStatement? {
        switch statement {
        case .expression(let expr):
            return registerStore(expr, &variables)

        case .local(let binding):
            guard binding.type == nil, !binding.isWeak, case .binding(let slot, _) = binding.pattern,
                let initializer = binding.initializer, let value = registerInteger(initializer, &variables)
            else { return nil }
            variables.declare(slot)
            return { _, registers in
                registers[slot] = try value(registers)
                return .normal
            }

        case .block(let block):
            return registerBlock(block, &variables)

        case .ifStatement(let conditions, let body, let elseBranch, _):
            guard let test = registerConditions(conditions[...], &variables),
                let then = registerBranch(.block(body), &variables)
            else { return nil }
            var otherwise: RegisterBranch?
            if let elseBranch {
                guard let compiled = registerBranch(elseBranch, &variables) else { return nil }
                otherwise = compiled
            }
            return buildRegisterStatement(
                testing: conditions, general: test, RegisterIf(then: then, otherwise: otherwise))

        case .whileLoop(nil, let conditions, let body, let location):
            guard let test = registerConditions(conditions[...], &variables) else { return nil }
            // A body of two statements (Collatz's `if` and `steps += 1`) is run by the loop
            // itself, one closure call fewer a turn than through a sequence.
            if body.statements.count == 2 {
                for slot in body.declaredSlots { variables.declare(slot) }
                guard let first = registerBranch(body.statements[0], &variables),
                    let second = registerBranch(body.statements[1], &variables)
                else { return nil }
                return buildRegisterStatement(
                    testing: conditions, general: test, RegisterWhile(body: first, then: second, location: location))
            }
            guard let run = registerBranch(.block(body), &variables) else { return nil }
            return buildRegisterStatement(
                testing: conditions, general: test, RegisterWhile(body: run, location: location))

        case .repeatWhile(nil, let body, let conditionExpr, let location):
            guard let run = registerBlock(body, &variables),
                let test = registerCondition(conditionExpr, &variables)
            else { return nil }
            return { interpreter, registers in
                repeat {
                    try interpreter.tick(location)
                    if case .breakLoop = try run(interpreter, registers) { return .normal }
                } while try test(registers)
                return .normal
            }

        case .breakStatement(nil, _):
            return { _, _ in .breakLoop }

        case .continueStatement(nil, _):
            return { _, _ in .continueLoop }

        default:
            return nil
        }
    }

    /// A statement as a step run in place when it is one (`RegisterStep`), or else compiled.
    private func registerBranch(_ statement: Stmt, _ variables: inout IntegerLoopVariables) -> RegisterBranch? {
        if let step = RegisterStep(statement) {
            variables.read(step.source)
            variables.write(step.target)
            return .step(step)
        }
        if let choice = RegisterChoice(statement) {
            variables.read(choice.slot)
            for step in [choice.then] + (choice.otherwise.map { [$0] } ?? []) {
                variables.read(step.source)
                variables.write(step.target)
            }
            return .choice(choice)
        }
        return registerStatement(statement, &variables).map(RegisterBranch.statement)
    }

    /// A block's statements in order until one breaks or continues.
    private func registerBlock(_ block: Block, _ variables: inout IntegerLoopVariables) -> RegisterStatement? {
        for slot in block.declaredSlots { variables.declare(slot) }
        return registerSequence(block.statements[...], &variables)
    }

    /// Built as a tree of closures, not an array of them, for the reason
    /// `BodyCompiler.sequence` gives.
    private func registerSequence(
        _ statements: ArraySlice<Stmt>,
        _ variables: inout IntegerLoopVariables
    ) -> RegisterStatement? {
        switch statements.count {
        case 0:
            return { _, _ in .normal }
        case 1:
            return registerStatement(statements[statements.startIndex], &variables)
        default:
            let middle = statements.startIndex + statements.count / 2
            guard let first = registerSequence(statements[..<middle], &variables),
                let second = registerSequence(statements[middle...], &variables)
            else { return nil }
            return { interpreter, registers in
                let flow = try first(interpreter, registers)
                guard case .normal = flow else { return flow }
                return try second(interpreter, registers)
            }
        }
    }

    /// `x op= operand` or `x = operand` on a local variable.
    private func registerStore(_ expr: Expr, _ variables: inout IntegerLoopVariables) -> RegisterStatement? {
        switch expr {
        case .compoundAssign(let op, .name(.local(let slot), _, _), let valueExpr, let location):
            guard let op = ArithmeticOperator(op), let rhs = registerInteger(valueExpr, &variables) else { return nil }
            variables.write(slot)
            switch op {
            case .plus: return registerUpdate(Plus.self, slot, valueExpr, rhs, at: location)
            case .minus: return registerUpdate(Minus.self, slot, valueExpr, rhs, at: location)
            case .times: return registerUpdate(Times.self, slot, valueExpr, rhs, at: location)
            case .divide: return registerUpdate(Divide.self, slot, valueExpr, rhs, at: location)
            case .remainder: return registerUpdate(Remainder.self, slot, valueExpr, rhs, at: location)
            }
        case .assign(.name(.local(let slot), _, _), let valueExpr, _):
            guard let value = registerInteger(valueExpr, &variables) else { return nil }
            variables.write(slot)
            if case .binary(let op, let lhsExpr, .integerLiteral(let b, _), let location) = valueExpr,
                let op = ArithmeticOperator(op), let lhs = registerInteger(lhsExpr, &variables)
            {
                // `value = 3 * value + 1`: the last operation done in the store's own closure.
                switch op {
                case .plus: return registerStore(Plus.self, slot, lhs, b, at: location)
                case .minus: return registerStore(Minus.self, slot, lhs, b, at: location)
                case .times: return registerStore(Times.self, slot, lhs, b, at: location)
                case .divide: return registerStore(Divide.self, slot, lhs, b, at: location)
                case .remainder: return registerStore(Remainder.self, slot, lhs, b, at: location)
                }
            }
            return { _, registers in
                registers[slot] = try value(registers)
                return .normal
            }
        default:
            return nil
        }
    }

    /// `slot = lhs op b`.
    private func registerStore<Kernel: IntegerKernel>(
        _: Kernel.Type, _ slot: Int, _ lhs: @escaping RegisterInteger, _ b: Int, at location: SourceLocation
    ) -> RegisterStatement {
        { _, registers in
            registers[slot] = try Kernel.apply(lhs(registers), b, at: location)
            return .normal
        }
    }

    // `steps += 1`: the literal kept in place rather than read through a closure.
    private func registerUpdate<Kernel: IntegerKernel>(
        _: Kernel.Type, _ slot: Int, _ valueExpr: Expr,
        _ rhs: @escaping RegisterInteger,
        at location: SourceLocation
    ) -> RegisterStatement {
        if case .integerLiteral(let b, _) = valueExpr {
            return { _, registers in
                registers[slot] = try Kernel.apply(registers[slot], b, at: location)
                return .normal
            }
        }
        return { _, registers in
            let b = try rhs(registers)
            registers[slot] = try Kernel.apply(registers[slot], b, at: location)
            return .normal
        }
    }

    // MARK: - Expressions

    /// An Int expression of literals and local variables; a field of `self` is not one, as
    /// reading it needs the object.
    private func registerInteger(_ expr: Expr, _ variables: inout IntegerLoopVariables) -> RegisterInteger? {
        switch expr {
        case .integerLiteral(let value, _):
            return { _ in value }
        case .name(.local(let slot), _, _):
            variables.read(slot)
            return { registers in registers[slot] }
        case .binary(let op, let lhsExpr, let rhsExpr, let location):
            guard let op = ArithmeticOperator(op), let lhs = registerInteger(lhsExpr, &variables),
                let rhs = registerInteger(rhsExpr, &variables)
            else { return nil }
            switch op {
            case .plus: return registerArithmetic(Plus.self, lhsExpr, lhs, rhsExpr, rhs, at: location)
            case .minus: return registerArithmetic(Minus.self, lhsExpr, lhs, rhsExpr, rhs, at: location)
            case .times: return registerArithmetic(Times.self, lhsExpr, lhs, rhsExpr, rhs, at: location)
            case .divide: return registerArithmetic(Divide.self, lhsExpr, lhs, rhsExpr, rhs, at: location)
            case .remainder: return registerArithmetic(Remainder.self, lhsExpr, lhs, rhsExpr, rhs, at: location)
            }
        default:
            return nil
        }
    }

    // A variable and a literal is the common shape (`value % 2`, `3 * value`): read in place
    // rather than through another closure.
    private func registerArithmetic<Kernel: IntegerKernel>(
        _: Kernel.Type, _ lhsExpr: Expr,
        _ lhs: @escaping RegisterInteger, _ rhsExpr: Expr,
        _ rhs: @escaping RegisterInteger,
        at location: SourceLocation
    ) -> RegisterInteger {
        switch (lhsExpr, rhsExpr) {
        case (.name(.local(let slot), _, _), .integerLiteral(let b, _)):
            return { registers in try Kernel.apply(registers[slot], b, at: location) }
        case (.integerLiteral(let a, _), .name(.local(let slot), _, _)):
            return { registers in try Kernel.apply(a, registers[slot], at: location) }
        case (_, .integerLiteral(let b, _)):
            return { registers in try Kernel.apply(lhs(registers), b, at: location) }
        default:
            return { registers in
                let a = try lhs(registers)
                return try Kernel.apply(a, rhs(registers), at: location)
            }
        }
    }

    // MARK: - Conditions

    /// `(slot op b) cmp c`.
    private func registerComparison<Comparison: ComparisonKernel, Arithmetic: IntegerKernel>(
        _: Comparison.Type, _: Arithmetic.Type, _ slot: Int, _ b: Int, _ c: Int, at location: SourceLocation
    ) -> RegisterTest {
        { registers in try Comparison.holds(Arithmetic.apply(registers[slot], b, at: location), c) }
    }

    /// Conditions tested in order until one fails; a tree of closures, as `registerSequence`.
    private func registerConditions(
        _ conditions: ArraySlice<Condition>,
        _ variables: inout IntegerLoopVariables
    ) -> RegisterTest? {
        switch conditions.count {
        case 0:
            return { _ in true }
        case 1:
            guard case .boolean(let expr) = conditions[conditions.startIndex] else { return nil }
            return registerCondition(expr, &variables)
        default:
            let middle = conditions.startIndex + conditions.count / 2
            guard let first = registerConditions(conditions[..<middle], &variables),
                let second = registerConditions(conditions[middle...], &variables)
            else { return nil }
            return { registers in try first(registers) && second(registers) }
        }
    }

    /// A comparison of Int expressions, or `&&`/`||` of such.
    private func registerCondition(_ expr: Expr, _ variables: inout IntegerLoopVariables) -> RegisterTest? {
        guard case .binary(let op, let lhsExpr, let rhsExpr, _) = expr else { return nil }
        if op == .and || op == .or {
            guard let lhs = registerCondition(lhsExpr, &variables),
                let rhs = registerCondition(rhsExpr, &variables)
            else { return nil }
            if op == .and { return { registers in try lhs(registers) && rhs(registers) } }
            return { registers in try lhs(registers) || rhs(registers) }
        }
        guard let comparison = ComparisonOperator(op), let lhs = registerInteger(lhsExpr, &variables),
            let rhs = registerInteger(rhsExpr, &variables)
        else { return nil }
        switch comparison {
        case .equal: return registerComparison(Equal.self, lhsExpr, lhs, rhsExpr, rhs)
        case .notEqual: return registerComparison(NotEqual.self, lhsExpr, lhs, rhsExpr, rhs)
        case .less: return registerComparison(Less.self, lhsExpr, lhs, rhsExpr, rhs)
        case .greater: return registerComparison(Greater.self, lhsExpr, lhs, rhsExpr, rhs)
        case .lessOrEqual: return registerComparison(LessOrEqual.self, lhsExpr, lhs, rhsExpr, rhs)
        case .greaterOrEqual: return registerComparison(GreaterOrEqual.self, lhsExpr, lhs, rhsExpr, rhs)
        }
    }

    private func registerComparison<Kernel: ComparisonKernel>(
        _: Kernel.Type, _ lhsExpr: Expr,
        _ lhs: @escaping RegisterInteger, _ rhsExpr: Expr,
        _ rhs: @escaping RegisterInteger
    ) -> RegisterTest {
        switch (lhsExpr, rhsExpr) {
        case (.name(.local(let slot), _, _), .integerLiteral(let b, _)):
            return { registers in Kernel.holds(registers[slot], b) }
        case (
            .binary(let op, .name(.local(let slot), _, _), .integerLiteral(let b, _), let location),
            .integerLiteral(let c, _)
        ):
            // `value % 2 == 0`, in one closure.
            switch ArithmeticOperator(op) {
            case .plus?: return registerComparison(Kernel.self, Plus.self, slot, b, c, at: location)
            case .minus?: return registerComparison(Kernel.self, Minus.self, slot, b, c, at: location)
            case .times?: return registerComparison(Kernel.self, Times.self, slot, b, c, at: location)
            case .divide?: return registerComparison(Kernel.self, Divide.self, slot, b, c, at: location)
            case .remainder?: return registerComparison(Kernel.self, Remainder.self, slot, b, c, at: location)
            case nil: return { registers in try Kernel.holds(lhs(registers), c) }
            }
        case (.name(.local(let left), _, _), .name(.local(let right), _, _)):
            return { registers in Kernel.holds(registers[left], registers[right]) }
        case (_, .integerLiteral(let b, _)):
            return { registers in try Kernel.holds(lhs(registers), b) }
        default:
            return { registers in
                let a = try lhs(registers)
                return try Kernel.holds(a, rhs(registers))
            }
        }
    }
}

extension Frame {
    /// Copies the Ints the variables in `slots` hold into their registers; false when one
    /// is unset or holds something else, or two share a cell (an `inout` argument passed
    /// for two parameters), which registers could not keep in step.
    func loadIntegers(_ slots: [Int], into registers: Registers) -> Bool {
        withUnsafeMutablePointers { header, cells in
            for (index, slot) in slots.enumerated() {
                precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
                guard let cell = cells[slot], case .int(let value) = cell.value else { return false }
                for earlier in slots[..<index] where cells[earlier] === cell { return false }
                registers[slot] = value
            }
            return true
        }
    }

    /// Writes the registers of `slots` back to their cells.
    func storeIntegers(_ slots: [Int], from registers: Registers) {
        withUnsafeMutablePointers { header, cells in
            for slot in slots {
                precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
                cells[slot]?.value = .int(registers[slot])
            }
        }
    }
}
