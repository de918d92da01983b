/// Steps: the statements of an integer loop that change one register by literals
/// (`steps += 1`, `value /= 2`, `value = 3 * value + 1`).
///
/// In a loop as small as Collatz's a closure call is most of what a statement costs. A step
/// is data, not a closure: the loop or `if` holding it runs it in place, so a turn of such a
/// loop makes two or three calls fewer. Any other statement stays a closure
/// (`RegisterBranch.statement`). Each operation is checked by the same kernel, with the same
/// error at the same place, as the closure it replaces.
struct RegisterStep {
    /// One arithmetic operation with a literal operand, on the left or the right.
    struct Operation {
        /// How the operation runs, decided when it is built. Dividing by a positive power of
        /// two (`value /= 2`, `value % 2`) cannot fail, as the divisor is neither 0 nor -1: it
        /// is a shift or a mask, with none of the kernel's checks, which were a tenth of a
        /// Collatz turn. No payload: a larger step made every branch holding one slower to read.
        private enum Form: UInt8 {
            case literalOnRight, literalOnLeft
            /// `value / literal`, rounded toward zero as `/` is.
            case shiftRight
            /// `value % literal`, with the sign of `value` as `%` gives it.
            case lowBits
        }

        let op: ArithmeticOperator
        let literal: Int
        private let form: Form
        let location: SourceLocation

        init(op: ArithmeticOperator, literal: Int, literalOnLeft: Bool, location: SourceLocation) {
            self.op = op
            self.literal = literal
            self.location = location
            let isPowerOfTwo = literal > 0 && literal & (literal - 1) == 0
            switch op {
            case .divide where !literalOnLeft && isPowerOfTwo: form = .shiftRight
            case .remainder where !literalOnLeft && isPowerOfTwo: form = .lowBits
            default: form = literalOnLeft ? .literalOnLeft : .literalOnRight
            }
        }

        @inline(__always)
        func apply(_ value: Int) throws -> Int {
            switch form {
            case .literalOnRight:
                return try op.apply(value, literal, at: location)
            case .literalOnLeft:
                return try op.apply(literal, value, at: location)
            case .shiftRight:
                // A negative dividend is moved up first, so that the shift rounds toward zero.
                return (value &+ ((value >> (Int.bitWidth - 1)) & (literal &- 1))) >> literal.trailingZeroBitCount
            case .lowBits:
                let low = value & (literal &- 1)
                return value < 0 && low != 0 ? low &- literal : low
            }
        }
    }

    /// The register written.
    let target: Int
    /// The register read.
    let source: Int
    let first: Operation
    /// Applied to what `first` gave, with its literal on the right (`3 * value + 1`).
    let second: Operation?

    @inline(__always)
    func run(_ registers: Registers) throws {
        var value = try first.apply(registers[source])
        if let second { value = try second.apply(value) }
        registers[target] = value
    }

    /// The step `statement` is, or nil when it is not one.
    init?(_ statement: Stmt) {
        switch statement {
        case .expression(
            .compoundAssign(let op, .name(.local(let slot), _, _), .integerLiteral(let b, _), let location)):
            guard let op = ArithmeticOperator(op) else { return nil }
            self.init(
                target: slot, source: slot,
                first: Operation(op: op, literal: b, literalOnLeft: false, location: location), second: nil)
        case .expression(.assign(.name(.local(let slot), _, _), let valueExpr, _)):
            guard case .binary(let op, let lhsExpr, let rhsExpr, let location) = valueExpr,
                let op = ArithmeticOperator(op)
            else { return nil }
            if let (source, operation) = Self.operation(op, lhsExpr, rhsExpr, at: location) {
                self.init(target: slot, source: source, first: operation, second: nil)
            } else if case .integerLiteral(let c, _) = rhsExpr,
                case .binary(let innerOp, let a, let b, let innerLocation) = lhsExpr,
                let innerOp = ArithmeticOperator(innerOp),
                let (source, operation) = Self.operation(innerOp, a, b, at: innerLocation)
            {
                self.init(
                    target: slot, source: source, first: operation,
                    second: Operation(op: op, literal: c, literalOnLeft: false, location: location))
            } else {
                return nil
            }
        case .block(let block) where block.statements.count == 1 && block.declaredSlots.isEmpty:
            self.init(block.statements[0])
        default:
            return nil
        }
    }

    private init(target: Int, source: Int, first: Operation, second: Operation?) {
        self.target = target
        self.source = source
        self.first = first
        self.second = second
    }

    /// `slot op literal` or `literal op slot`.
    private static func operation(_ op: ArithmeticOperator, _ lhs: Expr, _ rhs: Expr, at location: SourceLocation)
        -> (source: Int, Operation)?
    {
        switch (lhs, rhs) {
        case (.name(.local(let slot), _, _), .integerLiteral(let b, _)):
            return (slot, Operation(op: op, literal: b, literalOnLeft: false, location: location))
        case (.integerLiteral(let a, _), .name(.local(let slot), _, _)):
            return (slot, Operation(op: op, literal: a, literalOnLeft: true, location: location))
        default:
            return nil
        }
    }
}

/// `if slot cmp c { step } else { step }`, or with `(slot op b) cmp c` (Collatz's
/// `if value % 2 == 0 { value /= 2 } else { value = 3 * value + 1 }`): run in place by the
/// loop that holds it, as its steps are. A class: held in a `RegisterBranch`, whose every
/// case it would otherwise make three times as large to copy.
final class RegisterChoice {
    let slot: Int
    /// Applied to the register before it is compared.
    let arithmetic: RegisterStep.Operation?
    let comparison: ComparisonOperator
    let c: Int
    let then: RegisterStep
    let otherwise: RegisterStep?

    @inline(__always)
    func run(_ registers: Registers) throws {
        if try holds(registers) {
            try then.run(registers)
        } else if let otherwise {
            try otherwise.run(registers)
        }
    }

    @inline(__always)
    private func holds(_ registers: Registers) throws -> Bool {
        var value = registers[slot]
        if let arithmetic { value = try arithmetic.apply(value) }
        return comparison.holds(value, c)
    }

    /// The choice `statement` is, or nil when it is not one.
    init?(_ statement: Stmt) {
        guard case .ifStatement(let conditions, let body, let elseBranch, _) = statement,
            conditions.count == 1,
            case .boolean(.binary(let op, let lhs, .integerLiteral(let c, _), _)) = conditions[0],
            let comparison = ComparisonOperator(op), let then = RegisterStep(.block(body))
        else { return nil }
        switch lhs {
        case .name(.local(let slot), _, _):
            (self.slot, arithmetic) = (slot, nil)
        case .binary(let op, .name(.local(let slot), _, _), .integerLiteral(let b, _), let location):
            guard let op = ArithmeticOperator(op) else { return nil }
            (self.slot, arithmetic) = (
                slot, RegisterStep.Operation(op: op, literal: b, literalOnLeft: false, location: location)
            )
        default:
            return nil
        }
        if let elseBranch {
            guard let otherwise = RegisterStep(elseBranch) else { return nil }
            self.otherwise = otherwise
        } else {
            otherwise = nil
        }
        self.comparison = comparison
        self.c = c
        self.then = then
    }
}

/// A statement held by a register loop or `if`: a step or a choice between steps run in
/// place, or any other statement.
enum RegisterBranch {
    case step(RegisterStep)
    case choice(RegisterChoice)
    case statement(RegisterStatement)

    @inline(__always)
    func run(_ interpreter: Interpreter, _ registers: Registers) throws -> RegisterFlow {
        switch self {
        case .step(let step):
            try step.run(registers)
            return .normal
        case .choice(let choice):
            try choice.run(registers)
            return .normal
        case .statement(let statement):
            return try statement(interpreter, registers)
        }
    }
}
