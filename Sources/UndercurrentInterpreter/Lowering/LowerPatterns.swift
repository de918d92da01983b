import SwiftSyntax

extension Lowerer {
    /// A pattern that only binds names: `let x`, `let (a, b)`, `for (i, x) in`.
    func lowerBindingPattern(_ pattern: PatternSyntax, isCasePattern: Bool) throws -> Pattern {
        if isCasePattern { return try lowerCasePattern(pattern) }
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            let name = identifier.identifier.text
            return .binding(slot: scope.declare(name), name: name)
        }
        if pattern.is(WildcardPatternSyntax.self) { return .wildcard }
        if let tuple = pattern.as(TuplePatternSyntax.self) {
            return .tuple(try tuple.elements.map { try lowerBindingPattern($0.pattern, isCasePattern: false) })
        }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            return try lowerBindingPattern(binding.pattern, isCasePattern: false)
        }
        throw unsupported("this pattern", pattern)
    }

    /// A pattern of a `case`: enum cases, values, ranges, type checks and bindings.
    func lowerCasePattern(_ pattern: PatternSyntax, binding: Bool = false) throws -> Pattern {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            return try lowerCasePattern(binding.pattern, binding: true)
        }
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            let name = identifier.identifier.text
            return .binding(slot: scope.declare(name), name: name)
        }
        if pattern.is(WildcardPatternSyntax.self) { return .wildcard }
        if let tuple = pattern.as(TuplePatternSyntax.self) {
            return .tuple(try tuple.elements.map { try lowerCasePattern($0.pattern, binding: binding) })
        }
        if let isType = pattern.as(IsTypePatternSyntax.self) {
            return .isType(try lowerType(isType.type))
        }
        if let expression = pattern.as(ExpressionPatternSyntax.self) {
            return try patternFromExpression(expression.expression, binding: binding)
        }
        throw unsupported("this pattern", pattern)
    }

    private func patternFromExpression(_ expr: ExprSyntax, binding: Bool) throws -> Pattern {
        if let node = expr.as(PatternExprSyntax.self) {
            return try lowerCasePattern(node.pattern, binding: binding)
        }
        if expr.is(DiscardAssignmentExprSyntax.self) { return .wildcard }
        if binding, let reference = expr.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return .binding(slot: scope.declare(name), name: name)
        }
        if let call = expr.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        {
            var subpatterns: [(String?, Pattern)] = []
            for argument in call.arguments {
                subpatterns.append(
                    (
                        argument.label?.text,
                        try patternFromExpression(argument.expression, binding: binding)
                    ))
            }
            // `case .max(3)` on a subject that is no enum (a `Subscribers.Demand`) is an
            // expression matched with `~=`: kept as the fallback when no argument binds.
            let bindsNothing = subpatterns.allSatisfy { if case .expression = $0.1 { true } else { false } }
            let fallback = bindsNothing ? try lowerExpr(ExprSyntax(call)) : nil
            return .enumCase(member.declName.baseName.text, subpatterns, fallback)
        }
        if let member = expr.as(MemberAccessExprSyntax.self), startsWithTypeOrNothing(member) {
            let fallback = try lowerExpr(ExprSyntax(member))
            return .enumCase(member.declName.baseName.text, nil, fallback)
        }
        if let tuple = expr.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                return try patternFromExpression(only.expression, binding: binding)
            }
            return .tuple(try tuple.elements.map { try patternFromExpression($0.expression, binding: binding) })
        }
        if let optional = expr.as(OptionalChainingExprSyntax.self) {
            return .optionalSome(try patternFromExpression(optional.expression, binding: binding))
        }
        // `case let x as Int`: a cast at the top of the folded sequence casts what its operand
        // matches.
        if let sequence = expr.as(SequenceExprSyntax.self), let folded = try? OperatorSequence(sequence),
            case .cast = folded.nodes[folded.root]
        {
            return try pattern(from: folded, folded.root, binding: binding)
        }
        return .expression(try lowerExpr(expr))
    }

    /// `patternFromExpression` for a node of a folded sequence.
    private func pattern(from sequence: OperatorSequence, _ index: Int, binding: Bool) throws -> Pattern {
        switch sequence.nodes[index] {
        case .operand(let syntax):
            return try patternFromExpression(syntax, binding: binding)
        case .cast(let operand, _, let type):
            return .cast(try pattern(from: sequence, operand, binding: binding), try lowerType(type.type))
        default:
            return .expression(try lowerOperand(sequence, index))
        }
    }

    /// `.foo` or `Type.foo` (but not `value.foo`): an enum case written in a pattern.
    private func startsWithTypeOrNothing(_ member: MemberAccessExprSyntax) -> Bool {
        guard let base = member.base else { return true }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase ?? false
        }
        if let nested = base.as(MemberAccessExprSyntax.self) { return startsWithTypeOrNothing(nested) }
        return base.is(GenericSpecializationExprSyntax.self) || base.is(TypeExprSyntax.self)
    }
}
