// What the declarations tell about an operator's operands. Swift refuses an operator on a
// value declared `Any`, and a change to a local `let` constant; the interpreter's values
// know what they hold but not how they were declared, and its variables are all cells it
// can write, so without these checks it computed answers Swift does not compile.

/// Operators on a value declared `Any` or `AnyObject` (`let y: Any = 2; y + 1`, which gave
/// 3). The operands' declared types are read from the declarations the lowerer has seen:
/// variables of the function being lowered, globals (this input's so far and earlier
/// inputs'), and elements of collections of them. Where no declaration tells, nothing is
/// refused.
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
        case .name(.dynamic(let name), _, _): return globalDeclaredTypes[name] ?? nil
        case .name(let reference, _, _): return scope.declaredType(reference)
        case .subscriptCall(let base, let arguments, _) where arguments.count == 1 && arguments[0].label == nil:
            return declaredType(of: base)?.subscriptResult
        case .forceUnwrap(let wrapped, _, _): return declaredType(of: wrapped)?.optionalWrapped
        default: return nil
        }
    }
}

/// Changes to a local `let` constant or parameter (`let total = 1; total += 1` in a function
/// gave 2).
extension Lowerer {
    /// Throws Swift's error for `=` or `op=` (`compound`) whose target is a local constant,
    /// or an element of one holding a collection. `let late: Int` may still be assigned its
    /// value once.
    func refuseChangingAConstant(
        _ target: Expr, compound: Bool, operatorAt location: SourceLocation,
        memberNameAt memberLocation: SourceLocation?
    ) throws {
        switch target {
        case .member(.name(let reference, "self", _), _, _, let implicitMemberLocation)
        where scope.isImmutableSelf(reference):
            // `count += 1` in a struct's method that is not `mutating`.
            if compound {
                throw ScriptError(
                    .syntax, "left side of mutating operator isn't mutable: 'self' is immutable", at: location,
                    notes: ["mark the method 'mutating' to make 'self' mutable"])
            }
            throw ScriptError(
                .syntax, "cannot assign to property: 'self' is immutable",
                at: memberLocation ?? implicitMemberLocation,
                notes: ["mark the method 'mutating' to make 'self' mutable"])
        case .member(.name(let reference, let name, _), _, _, _):
            // `p.x = 1` on `let p` holding a struct: its properties are part of its value.
            // Only a property of the variable itself: `p.box.x = 1` is allowed when `box`
            // holds an object, which the lowerer cannot tell.
            guard let constant = scope.constant(reference), constant.holdsStruct else { return }
            if compound {
                throw ScriptError(
                    .syntax, "left side of mutating operator isn't mutable: '\(name)' is a 'let' constant",
                    at: location, notes: [constant.fix])
            }
            throw ScriptError(
                .syntax, "cannot assign to property: '\(name)' is a 'let' constant", at: memberLocation ?? location,
                notes: [constant.fix])
        case .name(let reference, let name, let targetLocation):
            guard let constant = scope.constant(reference) else { return }
            if compound {
                throw ScriptError(
                    .syntax, "left side of mutating operator isn't mutable: '\(name)' is a 'let' constant",
                    at: location, notes: [constant.fix])
            }
            guard constant.isInitialized else { return }
            throw ScriptError(
                .syntax, "cannot assign to value: '\(name)' is a 'let' constant", at: targetLocation,
                notes: [constant.fix])
        case .subscriptCall(.name(let reference, let name, let nameLocation), _, _):
            guard let constant = scope.constant(reference), constant.isCollection else { return }
            // Swift points at the subscript's `[`, just after the name.
            let subscriptLocation = SourceLocation(line: nameLocation.line, column: nameLocation.column + name.count)
            if compound {
                throw ScriptError(
                    .syntax, "left side of mutating operator isn't mutable: '\(name)' is a 'let' constant",
                    at: location, notes: [constant.fix])
            }
            throw ScriptError(
                .syntax, "cannot assign through subscript: '\(name)' is a 'let' constant", at: subscriptLocation,
                notes: [constant.fix])
        default:
            return
        }
    }

    /// Whether a variable declared with `type` or made by `initializer` holds one of the
    /// structs this input or an earlier one declared.
    func holdsStruct(_ type: TypeRef?, _ initializer: Expr?) -> Bool {
        if let type {
            guard case .named(let parts, _) = type else { return false }
            return structTypeNames.contains(parts.joined(separator: "."))
        }
        guard case .call(.name(.dynamic(let callee), _, _), _, _, _)? = initializer else { return false }
        return structTypeNames.contains(callee)
    }

    /// Whether a variable declared with `type` or made by `initializer` is an Array or a
    /// Dictionary.
    static func isCollection(_ type: TypeRef?, _ initializer: Expr?) -> Bool {
        switch type {
        case .array?, .dictionary?: return true
        case .some: return false
        case nil: break
        }
        switch initializer {
        case .arrayLiteral?, .dictionaryLiteral?: return true
        case .call(.name(_, let callee, _), _, _, _)?: return callee == "Array" || callee == "Dictionary"
        default: return false
        }
    }
}
