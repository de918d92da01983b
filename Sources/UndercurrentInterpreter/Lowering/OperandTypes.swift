/// Operators applied to a value declared `Any` or `AnyObject`.
///
/// Swift does not compile `let y: Any = 2; y + 1`: `Any` has no `+`. The interpreter's
/// values know what they hold (an Int) but not the type they were declared with, so without
/// this check it computed 3, a wrong answer with no error. The operands' declared types are
/// read from the declarations the lowerer has seen: variables of the function being lowered,
/// globals (this input's so far and earlier inputs'), and elements of collections of them.
/// Where no declaration tells, nothing is refused.
extension Lowerer {
    /// Throws Swift's error when an operand of `op` is declared `Any` or `AnyObject`.
    /// `spelling` is the operator as written (`+` or `+=`).
    func refuseOperatorOnAny(
        _ op: BinaryOperator, spelling: String, _ lhs: Expr, _ rhs: Expr, at location: SourceLocation
    ) throws {
        guard !Self.operatorsTakingAny.contains(op) else { return }
        let left = declaredType(of: lhs)
        let right = declaredType(of: rhs)
        guard let refused = [left, right].compactMap({ $0 }).first(where: Self.isUntyped) else { return }
        let message: String
        switch (left, right) {
        case (let left?, let right?) where left == right:
            message = "binary operator '\(spelling)' cannot be applied to two '\(left)' operands"
        case (let left?, let right?):
            message =
                "binary operator '\(spelling)' cannot be applied to operands of type '\(left)' and '\(right)'"
        default:
            message = "binary operator '\(spelling)' cannot be applied to an operand of type '\(refused)'"
        }
        throw ScriptError(
            .syntax, message, at: location,
            notes: ["cast the value to the type it holds first (`y as! Int`), or declare it with that type"])
    }

    /// Operators Swift applies to `Any` or `AnyObject` operands: identity, `??`, `&&`/`||`
    /// (whose own error differs) and pattern matching.
    private static let operatorsTakingAny: Set<BinaryOperator> = [
        .identical, .notIdentical, .nilCoalescing, .and, .or, .patternMatch,
    ]

    private static func isUntyped(_ type: TypeRef) -> Bool {
        type == .simple("Any") || type == .simple("AnyObject")
    }

    /// The type `expr` was declared with, as far as the declarations seen so far tell.
    private func declaredType(of expr: Expr) -> TypeRef? {
        switch expr {
        case .integerLiteral: return .simple("Int")
        case .floatLiteral: return .simple("Double")
        case .stringLiteral: return .simple("String")
        case .name(.local(let slot), _, _): return scope.declaredTypes[slot]
        case .name(.dynamic(let name), _, _): return globalDeclaredTypes[name] ?? nil
        case .subscriptCall(let base, let arguments, _) where arguments.count == 1 && arguments[0].label == nil:
            switch declaredType(of: base) {
            case .array(let element)?: return element
            case .dictionary(_, let value)?: return .optional(value)
            default: return nil
            }
        case .forceUnwrap(let wrapped, _, _): return declaredType(of: wrapped)?.optionalWrapped
        default: return nil
        }
    }
}
