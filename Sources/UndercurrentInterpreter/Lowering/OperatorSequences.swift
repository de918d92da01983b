import SwiftSyntax

/// A sequence expression as the parser leaves it (`a + b * c`, `x = y ?? 0`, `v as? Int`: operands
/// and operators side by side), folded by the standard library's precedence groups into the
/// tree Swift evaluates.
///
/// The folding is SwiftOperators' (`OperatorTable.foldSingle` over
/// `OperatorTable.standardOperators`), step for step, errors included; what differs is the
/// result. SwiftOperators builds a new syntax node for every operator, each with its own arena,
/// and rebuilds every node above it: a third of the time of an input with many operators.
/// Here the tree is a list of nodes that refer to the parsed syntax, which the lowerer lowers
/// as it lowered SwiftOperators' nodes (`Lowerer.lowerSequence`).
struct OperatorSequence {
    enum Node {
        /// An element of the sequence that is not an operator.
        case operand(ExprSyntax)
        /// `left op right`, where `op` is a `BinaryOperatorExprSyntax`, an
        /// `AssignmentExprSyntax` (`=`) or an `ArrowExprSyntax` (`->`).
        case infix(left: Int, operator: ExprSyntax, right: Int)
        /// `condition ? then : otherwise`, the middle held by the ternary's syntax.
        case ternary(condition: Int, UnresolvedTernaryExprSyntax, otherwise: Int)
        /// `operand as Type`, `as?`, `as!`.
        case cast(Int, UnresolvedAsExprSyntax, TypeExprSyntax)
        /// `operand is Type`.
        case typeCheck(Int, UnresolvedIsExprSyntax, TypeExprSyntax)
        /// A `try`, `await` or `unsafe` written before the first operand, covering the whole
        /// operation (`try a + b` is `try (a + b)`), with the operation its operand starts.
        case covering(ExprSyntax, Int)
    }

    /// Nodes refer to each other by index, so that a long chain is a flat array rather than a
    /// tree as deep as the chain, whose release would recurse as deep.
    private(set) var nodes: [Node] = []
    private(set) var root = 0

    /// Folds `sequence`; throws as SwiftOperators does, at the first error.
    init(_ sequence: SequenceExprSyntax) throws(OperatorSequenceError) {
        var folder = Folder(elements: Array(sequence.elements))
        let first = folder.add(.operand(folder.elements[0]))
        folder.position = 1
        root = try folder.fold(first, bound: Bound(group: nil, isStrict: false))
        nodes = folder.nodes
    }

    /// The syntax of a node that is a plain operand; nil for an operation.
    func operandSyntax(_ index: Int) -> ExprSyntax? {
        if case .operand(let syntax) = nodes[index] { return syntax }
        return nil
    }

    /// The syntax an operation's text starts with (its leftmost operand's, or the covering
    /// `try`'s), where SwiftOperators' node for it started.
    func startSyntax(_ index: Int) -> ExprSyntax {
        switch nodes[index] {
        case .operand(let syntax), .covering(let syntax, _): syntax
        case .infix(let left, _, _), .ternary(let left, _, _), .cast(let left, _, _), .typeCheck(let left, _, _):
            startSyntax(left)
        }
    }

    /// Whether `expr` is the value assigned by an `=` of this sequence (`x = if … { } else { }`).
    func isAssignedValue(_ expr: ExprSyntax) -> Bool {
        nodes.contains { node in
            guard case .infix(_, let op, let right) = node, op.is(AssignmentExprSyntax.self) else { return false }
            return operandSyntax(right)?.id == expr.id
        }
    }
}

/// Why a sequence could not be folded, as SwiftOperators' `OperatorError` says it.
enum OperatorSequenceError: Error {
    /// An infix operator the standard library does not declare (`a <> b`), at its token.
    case missingOperator(String, TokenSyntax)
    /// Two operators neither of which binds tighter (`1 < 2 < 3`), at the left one.
    case incomparableOperators(left: ExprSyntax, leftGroup: PrecedenceGroup, rightGroup: PrecedenceGroup)
    /// An element where an operator belongs that is none (the parser never makes one).
    case notAnOperator(ExprSyntax)

    /// SwiftOperators' words, which are the compiler's.
    var message: String {
        switch self {
        case .missingOperator(let name, _): "unknown infix operator '\(name)'"
        case .incomparableOperators(_, let left, let right) where left == right:
            "adjacent operators are in non-associative precedence group '\(left.name)'"
        case .incomparableOperators(_, let left, let right):
            "adjacent operators are in unordered precedence groups '\(left.name)' and '\(right.name)'"
        case .notAnOperator: "expected an operator"
        }
    }
}

/// The standard library's precedence groups that have operators, lowest first. Each is
/// higher than the one before it, so comparing two is comparing their order here.
enum PrecedenceGroup: Int, Comparable {
    case assignment, functionArrow, ternary, logicalDisjunction, logicalConjunction, comparison
    case nilCoalescing, casting, rangeFormation, addition, multiplication, bitwiseShift

    enum Associativity { case left, right, none }

    var associativity: Associativity {
        switch self {
        case .assignment, .functionArrow, .ternary, .nilCoalescing: .right
        case .logicalDisjunction, .logicalConjunction, .addition, .multiplication: .left
        case .comparison, .casting, .rangeFormation, .bitwiseShift: .none
        }
    }

    var name: String {
        switch self {
        case .assignment: "AssignmentPrecedence"
        case .functionArrow: "FunctionArrowPrecedence"
        case .ternary: "TernaryPrecedence"
        case .logicalDisjunction: "LogicalDisjunctionPrecedence"
        case .logicalConjunction: "LogicalConjunctionPrecedence"
        case .comparison: "ComparisonPrecedence"
        case .nilCoalescing: "NilCoalescingPrecedence"
        case .casting: "CastingPrecedence"
        case .rangeFormation: "RangeFormationPrecedence"
        case .addition: "AdditionPrecedence"
        case .multiplication: "MultiplicationPrecedence"
        case .bitwiseShift: "BitwiseShiftPrecedence"
        }
    }

    /// The standard library's infix operators (SwiftOperators' `standardOperators`).
    static let ofInfixOperator: [String: PrecedenceGroup] = {
        var groups: [String: PrecedenceGroup] = [:]
        let table: [(PrecedenceGroup, [String])] = [
            (.bitwiseShift, ["<<", "&<<", ">>", "&>>"]),
            (.multiplication, ["*", "&*", "/", "%", "&"]),
            (.addition, ["+", "&+", "-", "&-", "|", "^"]),
            (.rangeFormation, ["...", "..<"]),
            (.nilCoalescing, ["??"]),
            (.comparison, ["<", "<=", ">", ">=", "==", "!=", "===", "!==", "~="]),
            (.logicalConjunction, ["&&"]),
            (.logicalDisjunction, ["||"]),
            (
                .assignment,
                ["*=", "&*=", "/=", "%=", "+=", "&+=", "-=", "&-=", "<<=", "&<<=", ">>=", "&>>=", "&=", "^=", "|="]
            ),
        ]
        for (group, operators) in table {
            for op in operators { groups[op] = group }
        }
        return groups
    }()

    /// Infix operators the table declares without a group (`~>`): SwiftOperators folds them
    /// where they stand, with no error, and the lowerer refuses them by name.
    static let infixOperatorsWithoutGroup: Set<String> = ["~>"]

    static func < (lhs: PrecedenceGroup, rhs: PrecedenceGroup) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension OperatorSequence {
    /// The lowest group an operator may have to be folded at this level, as SwiftOperators'
    /// `PrecedenceBound`.
    fileprivate struct Bound {
        var group: PrecedenceGroup?
        var isStrict: Bool

        func admits(_ group: PrecedenceGroup?) -> Bool {
            guard let bound = self.group else { return true }
            guard let group else { return false }
            return group == bound ? !isStrict : group > bound
        }
    }

    /// SwiftOperators' `fold(_:rest:bound:)`, over indices into the sequence's elements.
    fileprivate struct Folder {
        let elements: [ExprSyntax]
        var position = 0
        var nodes: [Node] = []

        init(elements: [ExprSyntax]) {
            self.elements = elements
            nodes.reserveCapacity(elements.count + 1)
        }

        mutating func add(_ node: Node) -> Int {
            nodes.append(node)
            return nodes.count - 1
        }

        private mutating func nextOperand() -> Int {
            defer { position += 1 }
            return add(.operand(elements[position]))
        }

        private func group(of op: ExprSyntax) throws(OperatorSequenceError) -> PrecedenceGroup? {
            if let binary = op.as(BinaryOperatorExprSyntax.self) {
                let name = binary.operator.text
                if let group = PrecedenceGroup.ofInfixOperator[name] { return group }
                guard PrecedenceGroup.infixOperatorsWithoutGroup.contains(name) else {
                    throw .missingOperator(name, binary.operator)
                }
                return nil
            }
            if op.is(UnresolvedTernaryExprSyntax.self) { return .ternary }
            if op.is(AssignmentExprSyntax.self) { return .assignment }
            if op.is(UnresolvedIsExprSyntax.self) || op.is(UnresolvedAsExprSyntax.self) { return .casting }
            if op.is(ArrowExprSyntax.self) { return .functionArrow }
            throw .notAnOperator(op)
        }

        /// The operator at `position` and its group, if the bound admits it.
        private func nextOperator(within bound: Bound) throws(OperatorSequenceError) -> (
            ExprSyntax, PrecedenceGroup?
        )? {
            let op = elements[position]
            let group = try group(of: op)
            return bound.admits(group) ? (op, group) : nil
        }

        mutating func fold(_ first: Int, bound: Bound) throws(OperatorSequenceError) -> Int {
            guard position < elements.count, var (op1, group1) = try nextOperator(within: bound) else { return first }
            var lhs = first
            position += 1
            var rhs = nextOperand()
            while position < elements.count {
                // A cast's right side is its type: nothing after it folds into it.
                if op1.is(UnresolvedIsExprSyntax.self) || op1.is(UnresolvedAsExprSyntax.self) {
                    lhs = try combine(lhs, op1, rhs)
                    guard let next = try nextOperator(within: bound) else { return lhs }
                    (op1, group1) = next
                    position += 1
                    rhs = nextOperand()
                    continue
                }
                let op2 = elements[position]
                let group2 = try group(of: op2)
                guard bound.admits(group2) else { break }
                switch Self.associativity(group1, group2) {
                case .left:
                    lhs = try combine(lhs, op1, rhs)
                    (op1, group1) = (op2, group2)
                    position += 1
                    rhs = nextOperand()
                case .right where group1 != group2:
                    rhs = try fold(rhs, bound: Bound(group: group1, isStrict: true))
                case .right:
                    rhs = try fold(rhs, bound: Bound(group: group1, isStrict: false))
                    lhs = try combine(lhs, op1, rhs)
                    if position >= elements.count { return lhs }
                    return try fold(lhs, bound: bound)
                case .none:
                    if let group1, let group2 {
                        throw .incomparableOperators(left: op1, leftGroup: group1, rightGroup: group2)
                    }
                    // An operator without a group (`~>`) folds where it stands.
                    lhs = try combine(lhs, op1, rhs)
                    return try fold(lhs, bound: bound)
                }
            }
            return try combine(lhs, op1, rhs)
        }

        /// How two adjacent operators group: by their groups' order, or by the group's own
        /// associativity when they share one; `.none` when either has no group.
        private static func associativity(
            _ first: PrecedenceGroup?, _ second: PrecedenceGroup?
        ) -> PrecedenceGroup.Associativity {
            guard let first, let second else { return .none }
            if first == second { return first.associativity }
            return first > second ? .left : .right
        }

        /// SwiftOperators' `makeBinaryOperationExpr`: a `try`, `await` or `unsafe` before the
        /// left operand is hoisted to cover the whole operation.
        private mutating func combine(_ lhs: Int, _ op: ExprSyntax, _ rhs: Int) throws(OperatorSequenceError) -> Int {
            switch nodes[lhs] {
            case .covering(let cover, let inner):
                return add(.covering(cover, try combine(inner, op, rhs)))
            case .operand(let syntax):
                if let covered = Self.coveredExpression(syntax) {
                    let inner = add(.operand(covered))
                    return add(.covering(syntax, try combine(inner, op, rhs)))
                }
            default:
                break
            }
            if let ternary = op.as(UnresolvedTernaryExprSyntax.self) {
                return add(.ternary(condition: lhs, ternary, otherwise: rhs))
            }
            if let isExpr = op.as(UnresolvedIsExprSyntax.self) {
                guard case .operand(let type) = nodes[rhs], let type = type.as(TypeExprSyntax.self) else {
                    throw .notAnOperator(op)
                }
                return add(.typeCheck(lhs, isExpr, type))
            }
            if let asExpr = op.as(UnresolvedAsExprSyntax.self) {
                guard case .operand(let type) = nodes[rhs], let type = type.as(TypeExprSyntax.self) else {
                    throw .notAnOperator(op)
                }
                return add(.cast(lhs, asExpr, type))
            }
            return add(.infix(left: lhs, operator: op, right: rhs))
        }

        private static func coveredExpression(_ syntax: ExprSyntax) -> ExprSyntax? {
            if let tryExpr = syntax.as(TryExprSyntax.self) { return tryExpr.expression }
            if let awaitExpr = syntax.as(AwaitExprSyntax.self) { return awaitExpr.expression }
            if let unsafeExpr = syntax.as(UnsafeExprSyntax.self) { return unsafeExpr.expression }
            return nil
        }
    }
}

extension OperatorSequence {
    /// Folds every sequence in `tree`, innermost first, as SwiftOperators' `foldAll` does, and
    /// throws its first error: an input whose operators cannot be folded is refused before any
    /// of it is lowered. Subtrees without a sequence are skipped.
    static func checkAll(in tree: some SyntaxProtocol) throws(OperatorSequenceError) {
        let node = Syntax(tree)
        guard node.hasSequenceExpr else { return }
        for child in node.children(viewMode: .sourceAccurate) { try checkAll(in: child) }
        if let sequence = node.as(SequenceExprSyntax.self) { _ = try OperatorSequence(sequence) }
    }
}
