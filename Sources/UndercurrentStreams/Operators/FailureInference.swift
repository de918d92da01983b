import UndercurrentInterpreter

/// Operators such as `flatMap` and `catch` take their Failure type from the publisher
/// their closure returns, which compiled code knows from the closure's type. Script
/// generics are erased, so the bridge reads the closure's source instead: its declared
/// return type, or the publisher its returned expression obviously builds. When neither
/// says, the operator's publisher can fail (`ScriptFailure`), which delivers the same
/// values and completions either way.
enum FailureInference {
    /// True when the closure returns a publisher that cannot fail, false when it returns
    /// one that can, nil when its source does not say.
    static func closureReturnsNeverFailing(_ closure: Value) -> Bool? {
        guard case .function(let function) = closure, case .script(let decl, _, _) = function.body else { return nil }
        if let returnType = decl.returnType { return neverFails(returnType) }
        let returned = returnedExpressions(decl.body.statements, singleExpression: decl.isSingleExpression)
        let answers = returned.map(neverFails)
        guard let first = answers.first, answers.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// True when the closure (of `multicast(_:)`) makes a CurrentValueSubject.
    static func closureReturnsCurrentValueSubject(_ closure: Value) -> Bool {
        guard case .function(let function) = closure, case .script(let decl, _, _) = function.body else { return false }
        if let returnType = decl.returnType { return returnType.qualifiedName == "CurrentValueSubject" }
        return returnedExpressions(decl.body.statements, singleExpression: decl.isSingleExpression).contains { expr in
            switch expr {
            case .call(.name(_, "CurrentValueSubject", _), _, _, _),
                .call(.specialize(.name(_, "CurrentValueSubject", _), _, _), _, _, _):
                return true
            default: return false
            }
        }
    }

    /// What a written publisher type says of its Failure.
    static func neverFails(_ type: TypeRef) -> Bool? {
        let arguments = type.genericArguments
        switch type.qualifiedName {
        case "Just"?, "Optional.Publisher"?:
            return true
        case "Deferred"?:
            return arguments.first.flatMap(neverFails)
        case "AnyPublisher"?, "Empty"?, "Fail"?, "PassthroughSubject"?, "CurrentValueSubject"?, "Future"?,
            "Publishers.Sequence"?, "Record"?:
            // <Output, Failure>
            guard arguments.count == 2 else { return nil }
            return arguments[1].qualifiedName == "Never"
        default:
            return nil
        }
    }

    private static func returnedExpressions(_ statements: [Stmt], singleExpression: Bool) -> [Expr] {
        if singleExpression, statements.count == 1, case .expression(let expr) = statements[0] { return [expr] }
        var found: [Expr] = []
        func walk(_ statements: [Stmt]) {
            for statement in statements {
                switch statement {
                case .returnStatement(.statementExpression(let valueStatement, let slot, _), _):
                    // `if`/`switch` used as the value: what each branch gives.
                    found += branchValues(of: valueStatement, slot: slot)
                case .returnStatement(let expr?, _): found.append(expr)
                case .ifStatement(_, let body, let elseBranch, _):
                    walk(body.statements)
                    if let elseBranch { walk([elseBranch]) }
                case .guardStatement(_, let body, _): walk(body.statements)
                case .block(let block): walk(block.statements)
                case .switchStatement(_, _, let cases, _): for branch in cases { walk(branch.body.statements) }
                case .doCatch(let body, let clauses, _):
                    walk(body.statements)
                    for clause in clauses { walk(clause.body.statements) }
                default: break
                }
            }
        }
        walk(statements)
        return found
    }

    /// The values the branches of an `if`/`switch` used as a value leave in `slot`.
    private static func branchValues(of statement: Stmt, slot: Int) -> [Expr] {
        switch statement {
        case .local(let binding):
            guard case .binding(slot, _) = binding.pattern, let value = binding.initializer else { return [] }
            if case .statementExpression(let inner, let innerSlot, _) = value {
                return branchValues(of: inner, slot: innerSlot)
            }
            return [value]
        case .ifStatement(_, let body, let elseBranch, _):
            return body.statements.flatMap { branchValues(of: $0, slot: slot) }
                + (elseBranch.map { branchValues(of: $0, slot: slot) } ?? [])
        case .block(let block):
            return block.statements.flatMap { branchValues(of: $0, slot: slot) }
        case .switchStatement(_, _, let cases, _):
            return cases.flatMap { $0.body.statements.flatMap { branchValues(of: $0, slot: slot) } }
        default:
            return []
        }
    }

    /// What an expression that builds a publisher says of its Failure.
    private static func neverFails(_ expr: Expr) -> Bool? {
        switch expr {
        case .call(.name(_, "Just", _), _, _, _), .call(.specialize(.name(_, "Just", _), _, _), _, _, _):
            return true
        case .call(.name(_, "Fail", _), _, _, _), .call(.specialize(.name(_, "Fail", _), _, _), _, _, _):
            return false
        case .call(.specialize(.name(_, let name, _), let arguments, _), _, _, _):
            return neverFails(.named([name], arguments))
        case .member(_, "publisher", _, _):
            return true
        case .call(.member(let base, let name, _, _), _, _, _):
            switch name {
            case "replaceError", "assertNoFailure": return true
            case "setFailureType", "tryMap", "tryFilter", "tryCompactMap", "mapError", "tryScan", "tryReduce":
                return false
            case "eraseToAnyPublisher", "map", "filter", "compactMap", "prefix", "dropFirst", "print",
                "handleEvents", "removeDuplicates", "delay", "receive", "subscribe", "scan", "reduce",
                "collect", "first", "last", "debounce", "throttle", "share", "append", "prepend":
                return neverFails(base)
            default: return nil
            }
        default:
            return nil
        }
    }
}
