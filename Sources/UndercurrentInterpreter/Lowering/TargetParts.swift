/// Swift evaluates the parts of what an assignment writes — a subscript's indices, the object
/// a call returned whose property is set — once, before the value assigned, and only then
/// reads and writes the target: `counts[next()] += rhs()` calls `next()`, then `rhs()`, and
/// `next()` once. The same holds for an `&` argument (its parts are evaluated in the
/// argument's place, and the value is written back after the call) and for the receiver of
/// a method call, which a mutating method writes back.
///
/// The compiled code reads a target and writes it by walking it twice, so such parts are
/// evaluated first into temporary slots (`Expr.withTemporaries`), and the target reads them
/// (`Expr.temporary`). Parts that cannot do anything or see a change stay where they are: a
/// literal, a member with its type from context (`dict[.ready]`), a `default:` (which Swift
/// evaluates only when the key is missing), and arithmetic on local variables (`counts[i %
/// 64]`) when nothing in the value assigned can change them.
extension Lowerer {
    struct PartsFirst {
        /// Parts evaluated before anything else, in this order.
        var bindings: [TemporaryBinding] = []
        /// Parts after a `?`, evaluated where the chain first reaches them.
        var onFirstUse: [Int] = []
        var slots: [Int] { bindings.map(\.slot) + onFirstUse }
        var isEmpty: Bool { bindings.isEmpty && onFirstUse.isEmpty }
    }

    /// `target = value`, `target op= value`: the target's parts evaluated first.
    func assignment(to target: Expr, value: Expr, at location: SourceLocation, _ make: (Expr) -> Expr) -> Expr {
        var parts = PartsFirst()
        let target = evaluatingPartsFirst(of: target, &parts, valueMayChangeVariables: Self.mayChangeVariables(value))
        let assignment = make(target)
        guard !parts.isEmpty else { return assignment }
        return .withTemporaries(parts.bindings, clearing: parts.slots, assignment, location)
    }

    /// A call whose receiver is a path through subscripts and properties
    /// (`rows[index(of: x)].append(y)`), or which has `&` arguments with such parts: each part
    /// evaluated once, where Swift evaluates it, and the temporaries ended after the call.
    func callEvaluatingPartsFirst(_ callee: Expr, _ arguments: [Argument], site: Int, at location: SourceLocation)
        -> Expr
    {
        var callee = callee
        var receiverParts = PartsFirst()
        if case .member(let receiver, let name, let memberSite, let memberLocation) = callee, Self.isPath(receiver) {
            // A method may change a local the receiver names only through a closure it calls;
            // such a local is read once here, as in most calls.
            let rewritten = evaluatingPartsFirst(of: receiver, &receiverParts, valueMayChangeVariables: false)
            callee = .member(rewritten, name, memberSite, memberLocation)
        }
        var arguments = arguments
        var argumentSlots: [Int] = []
        for index in arguments.indices where arguments[index].isInout {
            let target = arguments[index].value
            var parts = PartsFirst()
            // The call runs between the read and the write-back: it may change anything.
            let rewritten = evaluatingPartsFirst(of: target, &parts, valueMayChangeVariables: true)
            guard !parts.isEmpty else { continue }
            arguments[index].value = .withTemporaries(parts.bindings, clearing: [], rewritten, target.location)
            argumentSlots += parts.slots
        }
        let call = Expr.call(callee, arguments, site, location)
        guard !receiverParts.isEmpty || !argumentSlots.isEmpty else { return call }
        return .withTemporaries(
            receiverParts.bindings, clearing: receiverParts.slots + argumentSlots, call, location)
    }

    /// `target` with its parts replaced by temporaries, bound in `parts` in the order Swift
    /// evaluates them: a base before its indices, indices left to right.
    private func evaluatingPartsFirst(of target: Expr, _ parts: inout PartsFirst, valueMayChangeVariables: Bool)
        -> Expr
    {
        switch target {
        case .member(let base, let name, let site, let location):
            return .member(
                evaluatingPartsFirst(ofBase: base, &parts, valueMayChangeVariables), name, site, location)
        case .subscriptCall(let base, let arguments, let location):
            let rewrittenBase = evaluatingPartsFirst(ofBase: base, &parts, valueMayChangeVariables)
            // After a `?` in the chain, Swift evaluates the indices only when the base is not
            // nil: where the chain first reaches them.
            let afterOptional = Self.containsOptionalUnwrap(base)
            var arguments = arguments
            for index in arguments.indices
            where arguments[index].label != "default"
                && Self.needsEvaluatingFirst(arguments[index].value, valueMayChangeVariables)
            {
                arguments[index].value = temporary(for: arguments[index].value, &parts, onFirstUse: afterOptional)
            }
            return .subscriptCall(rewrittenBase, arguments, location)
        case .optionalUnwrap(let inner, let location):
            return .optionalUnwrap(
                evaluatingPartsFirst(of: inner, &parts, valueMayChangeVariables: valueMayChangeVariables), location)
        case .forceUnwrap(let inner, let location, let implicit):
            return .forceUnwrap(
                evaluatingPartsFirst(of: inner, &parts, valueMayChangeVariables: valueMayChangeVariables), location,
                implicit: implicit)
        default:
            return target
        }
    }

    /// The base of a member or subscript: a call's result (an object, whose property is set
    /// through it) becomes a temporary; a path is walked.
    private func evaluatingPartsFirst(ofBase base: Expr, _ parts: inout PartsFirst, _ valueMayChangeVariables: Bool)
        -> Expr
    {
        if case .call = base { return temporary(for: base, &parts) }
        return evaluatingPartsFirst(of: base, &parts, valueMayChangeVariables: valueMayChangeVariables)
    }

    private func temporary(for value: Expr, _ parts: inout PartsFirst, onFirstUse: Bool = false) -> Expr {
        let slot = scope.temporarySlot()
        if onFirstUse {
            parts.onFirstUse.append(slot)
        } else {
            parts.bindings.append(TemporaryBinding(slot: slot, value: value))
        }
        return .temporary(slot, original: value, value.location)
    }

    /// A receiver that a mutating method writes back through: a property or an element.
    private static func isPath(_ expr: Expr) -> Bool {
        switch expr {
        case .member(let base, _, _, _):
            if case .typeExpr = base { return false }
            return true
        case .subscriptCall, .optionalUnwrap, .forceUnwrap: return true
        default: return false
        }
    }

    private static func containsOptionalUnwrap(_ expr: Expr) -> Bool {
        switch expr {
        case .optionalUnwrap: return true
        case .member(let base, _, _, _), .subscriptCall(let base, _, _), .forceUnwrap(let base, _, _):
            return containsOptionalUnwrap(base)
        default: return false
        }
    }

    private static func needsEvaluatingFirst(_ index: Expr, _ valueMayChangeVariables: Bool) -> Bool {
        switch index {
        case .literal, .integerLiteral, .floatLiteral, .stringLiteral, .nilLiteral, .typeExpr, .closure,
            .keyPath, .selfReference:
            return false
        default:
            if Interpreter.takesTypeFromContext(index) { return false }
            // Arithmetic on locals (`counts[i % 64]`) gives the same value each time it is
            // evaluated, unless the value assigned changes those locals.
            if readsOnlyLocals(index) { return valueMayChangeVariables }
            return true
        }
    }

    /// Literals and local variables, and operators on them.
    private static func readsOnlyLocals(_ expr: Expr) -> Bool {
        switch expr {
        case .literal, .integerLiteral, .floatLiteral, .stringLiteral, .nilLiteral, .name(.local, _, _),
            .name(.captured, _, _):
            return true
        case .binary(_, let lhs, let rhs, _):
            return readsOnlyLocals(lhs) && readsOnlyLocals(rhs)
        case .prefix(_, let operand, _):
            return readsOnlyLocals(operand)
        default:
            return false
        }
    }

    /// Whether evaluating `expr` could change a local variable: it calls something, assigns,
    /// or passes `&`. Reading variables, literals and operators on them cannot.
    static func mayChangeVariables(_ expr: Expr) -> Bool {
        switch expr {
        case .literal, .integerLiteral, .floatLiteral, .stringLiteral, .nilLiteral, .name, .selfReference,
            .implicitMember, .typeExpr, .keyPath, .discard, .temporary:
            return false
        case .interpolatedString(let parts, _):
            return parts.contains {
                if case .interpolation(let inner) = $0 { return mayChangeVariables(inner) }
                return false
            }
        case .binary(_, let lhs, let rhs, _):
            return mayChangeVariables(lhs) || mayChangeVariables(rhs)
        case .prefix(_, let operand, _), .rangeFrom(let operand, _), .cast(let operand, _, _, _),
            .isType(let operand, _, _), .forceUnwrap(let operand, _, _), .optionalUnwrap(let operand, _),
            .optionalChain(let operand, _):
            return mayChangeVariables(operand)
        case .ternary(let condition, let thenExpr, let elseExpr, _):
            return mayChangeVariables(condition) || mayChangeVariables(thenExpr) || mayChangeVariables(elseExpr)
        case .arrayLiteral(let elements, _), .tuple(_, let elements, _):
            return elements.contains(where: mayChangeVariables)
        default:
            // Calls, subscripts and properties (which may run code), assignments, closures.
            return true
        }
    }
}
