import SwiftSyntax

/// `if` and `switch` used as values (SE-0380): `let label = if ok { "yes" } else { "no" }`,
/// `return switch completion { … }`, `text = if …`, and a function or closure whose whole
/// body is one of them (its value is returned).
///
/// Each branch is one expression, or a `throw`. The statement is lowered as a statement
/// whose branches put their value in a temporary slot; `Expr.statementExpression` runs it
/// and takes the value out of the slot.
extension Lowerer {
    /// Whether `expr` is an `if` ending in an unconditional `else`, or a `switch`, every
    /// branch of which is one expression or a `throw`: what Swift takes as a value where
    /// the body of a function or closure is only that statement.
    func canBeValue(_ expr: ExprSyntax) -> Bool {
        if let node = expr.as(IfExprSyntax.self) {
            guard isValueBranch(node.body.statements) else { return false }
            switch node.elseBody {
            case .ifExpr(let nested)?: return canBeValue(ExprSyntax(nested))
            case .codeBlock(let block)?: return isValueBranch(block.statements)
            case nil: return false
            }
        }
        if let node = expr.as(SwitchExprSyntax.self) {
            return node.cases.allSatisfy { element in
                guard case .switchCase(let switchCase) = element else { return false }
                return isValueBranch(switchCase.statements)
            }
        }
        return false
    }

    private func isValueBranch(_ items: CodeBlockItemListSyntax) -> Bool {
        guard items.count == 1, let only = items.first else { return false }
        if let expr = Self.expression(of: only) {
            if expr.is(IfExprSyntax.self) || expr.is(SwitchExprSyntax.self) { return canBeValue(expr) }
            return true
        }
        if case .stmt(let stmt) = only.item { return stmt.is(ThrowStmtSyntax.self) }
        return false
    }

    /// The expression an item is, written alone (an `if` or `switch` there is parsed as a
    /// statement that holds one).
    static func expression(of item: CodeBlockItemSyntax) -> ExprSyntax? {
        switch item.item {
        case .expr(let expr): return expr
        case .stmt(let stmt): return stmt.as(ExpressionStmtSyntax.self)?.expression
        default: return nil
        }
    }

    /// An `if` or `switch` met where an expression is: Swift allows one only as the value of
    /// an assignment, a `return` or a `throw`.
    func lowerIfOrSwitchExpression(_ expr: ExprSyntax) throws -> Expr {
        let keyword = expr.is(IfExprSyntax.self) ? "if" : "switch"
        guard Self.isValuePosition(expr) else {
            throw ScriptError(
                .syntax,
                "'\(keyword)' may only be used as expression in return, throw, or as the source of an assignment",
                at: location(expr))
        }
        return try lowerValueStatement(expr)
    }

    private static func isValuePosition(_ expr: ExprSyntax) -> Bool {
        guard let parent = expr.parent else { return false }
        // A variable's initializer; not a parameter's default value.
        if parent.is(InitializerClauseSyntax.self) { return parent.parent?.is(PatternBindingSyntax.self) == true }
        if parent.is(ReturnStmtSyntax.self) || parent.is(ThrowStmtSyntax.self) { return true }
        // The value of an `=` (`x = if … { } else { }`), once the sequence it is in is folded.
        if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) {
            return (try? OperatorSequence(sequence))?.isAssignedValue(expr) ?? false
        }
        return false
    }

    /// The `if` or `switch` lowered as a statement that leaves its value in a new slot.
    func lowerValueStatement(_ expr: ExprSyntax) throws -> Expr {
        let slot = scope.temporarySlot()
        if let type = try optionalBranchType(expr) { valueStatementTypes[slot] = type }
        let statement: Stmt
        if let node = expr.as(IfExprSyntax.self) {
            statement = try lowerIf(node, valueSlot: slot)
        } else if let node = expr.as(SwitchExprSyntax.self) {
            statement = try lowerSwitch(node, label: nil, valueSlot: slot)
        } else {
            throw unsupported("this expression as a branch's value", expr)
        }
        return .statementExpression(statement, slot, location(expr))
    }

    /// One branch of an `if` or `switch` used as a value: its expression stored in `slot`,
    /// or its `throw`.
    func lowerValueBranch(_ items: CodeBlockItemListSyntax, into slot: Int, of keyword: String) throws -> [Stmt] {
        if items.count == 1, let only = items.first {
            if let expr = Self.expression(of: only) {
                let value: Expr
                if expr.is(IfExprSyntax.self) || expr.is(SwitchExprSyntax.self) {
                    value = try lowerValueStatement(expr)
                } else {
                    value = try lowerExpr(expr)
                }
                return [
                    .local(
                        VariableBinding(
                            pattern: .binding(slot: slot, name: "\(keyword) value"), type: valueStatementTypes[slot],
                            initializer: value,
                            isConstant: true, isWeak: false, location: location(expr)))
                ]
            }
            if case .stmt(let stmt) = only.item, stmt.is(ThrowStmtSyntax.self) { return try lowerItems(items) }
        }
        let end = closingBrace(of: items).map { location($0) } ?? items.first.map { location($0) }
        throw ScriptError(
            .syntax, "non-expression branch of '\(keyword)' expression may only end with a 'throw'",
            at: end ?? .unknown)
    }

    /// The Optional type a branch is cast to (`nil as Int?`): Swift gives the whole `if` or
    /// `switch` that type, so `if flag { 3 } else { nil as Int? }` is `Optional(3)`.
    private func optionalBranchType(_ expr: ExprSyntax) throws -> TypeRef? {
        for branch in branchExpressions(of: expr) {
            if let cast = branch.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil,
                cast.type.is(OptionalTypeSyntax.self)
            {
                return try lowerType(cast.type)
            }
            // As parsed, before its operators are folded: `nil`, `as`, `Int?`.
            if let sequence = branch.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
                let parts = Array(sequence.elements)
                if let cast = parts[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
                    let type = parts[2].as(TypeExprSyntax.self)?.type, type.is(OptionalTypeSyntax.self)
                {
                    return try lowerType(type)
                }
            }
        }
        return nil
    }

    /// The expressions an `if` or `switch` used as a value gives, branch by branch.
    private func branchExpressions(of expr: ExprSyntax) -> [ExprSyntax] {
        func single(_ items: CodeBlockItemListSyntax) -> [ExprSyntax] {
            guard items.count == 1, let only = items.first, let expr = Self.expression(of: only) else { return [] }
            return [expr]
        }
        if let node = expr.as(IfExprSyntax.self) {
            switch node.elseBody {
            case .ifExpr(let nested)?: return single(node.body.statements) + branchExpressions(of: ExprSyntax(nested))
            case .codeBlock(let block)?: return single(node.body.statements) + single(block.statements)
            case nil: return single(node.body.statements)
            }
        }
        if let node = expr.as(SwitchExprSyntax.self) {
            return node.cases.flatMap { element -> [ExprSyntax] in
                guard case .switchCase(let switchCase) = element else { return [] }
                return single(switchCase.statements)
            }
        }
        return []
    }
}
