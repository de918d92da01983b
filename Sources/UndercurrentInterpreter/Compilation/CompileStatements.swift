extension BodyCompiler {
    /// A braced block: its statements in order, its declared slots cleared when it ends.
    func block(_ block: Block, clearsSlots: Bool = true) -> CompiledStatement {
        if block.statements.contains(where: { if case .deferStatement = $0 { true } else { false } }) {
            return { interpreter, frame in try interpreter.execute(block: block, in: frame, clearsSlots: clearsSlots) }
        }
        let run = sequence(block.statements[...])
        guard clearsSlots, !block.declaredSlots.isEmpty else { return run }
        let scope = ScopeEnd(block)
        return { interpreter, frame in
            defer { interpreter.end(scope, in: frame) }
            return try run(interpreter, frame)
        }
    }

    /// Statements run in order until one does not end normally.
    ///
    /// Built as a balanced tree of closures rather than an array of them: a closure read
    /// out of an array is wrapped in a reabstraction thunk on every call, which a profile
    /// of loops showed as a quarter of their time.
    private func sequence(_ statements: ArraySlice<Stmt>) -> CompiledStatement {
        switch statements.count {
        case 0:
            return { _, _ in .normal }
        case 1:
            return statement(statements[statements.startIndex])
        default:
            let middle = statements.startIndex + statements.count / 2
            let first = sequence(statements[..<middle])
            let second = sequence(statements[middle...])
            return { interpreter, frame in
                let flow = try first(interpreter, frame)
                guard case .normal = flow else { return flow }
                return try second(interpreter, frame)
            }
        }
    }

    func statement(_ statement: Stmt) -> CompiledStatement {
        switch statement {
        case .expression(let expr):
            let value = expression(expr)
            if let store = integerStore(expr) {
                // `steps += 1` as a statement: stored without making a `Value` to discard.
                return { interpreter, frame in
                    if try !store(interpreter, frame) { _ = try value(interpreter, frame) }
                    return .normal
                }
            }
            let location = expr.location
            return { interpreter, frame in
                var result = try value(interpreter, frame)
                interpreter.releaseUnkept(&result, at: location, explicitly: false)
                return .normal
            }

        case .local(let binding):
            return local(binding)

        case .ifStatement(let conditions, let body, let elseBranch, _):
            let test = self.conditions(conditions)
            let then = block(body)
            let scope = ScopeEnd(body)
            guard let elseBranch else {
                return { interpreter, frame in
                    if try test(interpreter, frame) { return try then(interpreter, frame) }
                    interpreter.end(scope, in: frame)
                    return .normal
                }
            }
            let otherwise = self.statement(elseBranch)
            return { interpreter, frame in
                if try test(interpreter, frame) { return try then(interpreter, frame) }
                interpreter.end(scope, in: frame)
                return try otherwise(interpreter, frame)
            }

        case .guardStatement(let conditions, let elseBlock, let location):
            let test = self.conditions(conditions)
            let otherwise = block(elseBlock)
            return { interpreter, frame in
                if try test(interpreter, frame) { return .normal }
                let flow = try otherwise(interpreter, frame)
                if case .normal = flow {
                    throw ScriptError.runtime("the `else` of a `guard` must not fall through", at: location)
                }
                return flow
            }

        case .whileLoop(let label, let conditions, let body, let location):
            let test = self.conditions(conditions)
            let run = block(body)
            let scope = ScopeEnd(body)
            let general: CompiledStatement = { interpreter, frame in
                while true {
                    try interpreter.tick(location)
                    guard try test(interpreter, frame) else {
                        interpreter.end(scope, in: frame)
                        return .normal
                    }
                    if let ending = try run(interpreter, frame).endingLoop(labelled: label) { return ending }
                }
            }
            return integerLoop(statement, general: general) ?? general

        case .repeatWhile(let label, let body, let conditionExpr, let location):
            let run = block(body)
            let condition = expression(conditionExpr)
            let conditionLocation = conditionExpr.location
            let general: CompiledStatement = { interpreter, frame in
                repeat {
                    try interpreter.tick(location)
                    if let ending = try run(interpreter, frame).endingLoop(labelled: label) { return ending }
                } while try interpreter.truth(condition(interpreter, frame), at: conditionLocation)
                return .normal
            }
            return integerLoop(statement, general: general) ?? general

        case .forIn(let label, let pattern, let sequenceExpr, let whereExpr, let body, let location):
            return forIn(label: label, pattern, sequenceExpr, whereExpr, body, at: location)

        case .switchStatement(let label, let subjectExpr, let cases, let location):
            return switchStatement(label: label, subjectExpr, cases, at: location)

        case .returnStatement(let expr, _):
            guard let expr else { return { _, _ in .returned(.void) } }
            let value = expression(expr, expected: returnType)
            return { interpreter, frame in .returned(try value(interpreter, frame)) }

        case .breakStatement(let label, _):
            return { _, _ in .breakLoop(label) }

        case .continueStatement(let label, _):
            return { _, _ in .continueLoop(label) }

        case .block(let inner):
            return block(inner)

        case .global, .localFunction, .fallthroughStatement, .throwStatement, .doCatch, .deferStatement,
            .declaration, .yieldValue:
            return { interpreter, frame in try interpreter.execute(statement, in: frame) }
        }
    }

    private func local(_ binding: VariableBinding) -> CompiledStatement {
        guard let initializer = binding.initializer, case .binding(let slot, _) = binding.pattern else {
            return { interpreter, frame in
                try interpreter.bindLocal(binding, in: frame)
                return .normal
            }
        }
        let value = expression(initializer, expected: binding.type)
        let type = binding.type
        let location = binding.location
        let isWeak = binding.isWeak
        let isUnowned = binding.isUnowned
        return { interpreter, frame in
            var bound = try value(interpreter, frame)
            if let type { bound = try interpreter.coerce(bound, to: type, at: location) }
            if isWeak {
                frame.fill(slot, with: .weakReference(WeakReference(bound.objectForWeakStorage, isUnowned: isUnowned)))
            } else {
                frame.fill(slot, with: bound)
            }
            return .normal
        }
    }

    private func forIn(
        label: String?, _ pattern: Pattern, _ sequenceExpr: Expr, _ whereExpr: Expr?, _ body: Block,
        at location: SourceLocation
    ) -> CompiledStatement {
        let sequence = expression(sequenceExpr)
        let sequenceLocation = sequenceExpr.location
        let bind = self.bind(pattern)
        let hasFilter = whereExpr != nil
        let filter = whereExpr.map { self.condition(.boolean($0)) } ?? { _, _ in true }
        let run = block(body)
        let scope = ScopeEnd(body)
        return { interpreter, frame in
            var iterator = try interpreter.makeIterator(sequence(interpreter, frame), at: sequenceLocation)
            while let element = try iterator.next() {
                try interpreter.tick(location)
                guard try bind(interpreter, element, frame) else {
                    interpreter.end(scope, in: frame)
                    continue
                }
                if hasFilter, !(try filter(interpreter, frame)) {
                    interpreter.end(scope, in: frame)
                    continue
                }
                if let ending = try run(interpreter, frame).endingLoop(labelled: label) { return ending }
            }
            return .normal
        }
    }

    private func switchStatement(
        label: String?, _ subjectExpr: Expr, _ cases: [SwitchCase],
        at location: SourceLocation
    ) -> CompiledStatement {
        // Structs, not tuples: a closure kept in a tuple inside an array is called through
        // a reabstraction thunk (see `sequence`).
        struct CompiledPattern {
            let pattern: Pattern
            let hasGuard: Bool
            let guardHolds: CompiledCondition
        }
        struct CompiledCase {
            let isDefault: Bool
            let patterns: [CompiledPattern]
            let body: CompiledStatement
            /// The case's variables, which end when the case does not run.
            let scope: ScopeEnd
        }
        let subjectValue = expression(subjectExpr)
        let compiledCases = cases.map { switchCase in
            CompiledCase(
                isDefault: switchCase.isDefault,
                patterns: switchCase.patterns.map { pattern, guardExpr in
                    CompiledPattern(
                        pattern: pattern, hasGuard: guardExpr != nil,
                        guardHolds: guardExpr.map { condition(.boolean($0)) } ?? { _, _ in true })
                },
                body: block(switchCase.body), scope: ScopeEnd(switchCase.body))
        }
        return { interpreter, frame in
            let subject = try subjectValue(interpreter, frame)
            var matchedByFallthrough = false
            for switchCase in compiledCases {
                var matched = matchedByFallthrough || switchCase.isDefault
                if !matched {
                    for compiled in switchCase.patterns {
                        guard try interpreter.match(compiled.pattern, subject, in: frame) else { continue }
                        if compiled.hasGuard, !(try compiled.guardHolds(interpreter, frame)) { continue }
                        matched = true
                        break
                    }
                }
                if matched {
                    let flow = try switchCase.body(interpreter, frame)
                    switch flow {
                    case .fallthroughCase:
                        matchedByFallthrough = true
                        continue
                    case .breakLoop(let target) where target == nil || target == label:
                        return .normal
                    default:
                        return flow
                    }
                }
                interpreter.end(switchCase.scope, in: frame)
            }
            if matchedByFallthrough { return .normal }
            throw ScriptError.runtime(
                "no `case` of this `switch` matched \(Formatter.describe(subject, debug: true))",
                at: location)
        }
    }

    // MARK: - Conditions and patterns

    func conditions(_ conditions: [Condition]) -> CompiledCondition {
        allOf(conditions[...])
    }

    /// Conditions tested in order until one fails; a tree of closures for the reason
    /// `sequence` gives.
    private func allOf(_ conditions: ArraySlice<Condition>) -> CompiledCondition {
        switch conditions.count {
        case 0:
            return { _, _ in true }
        case 1:
            return condition(conditions[conditions.startIndex])
        default:
            let middle = conditions.startIndex + conditions.count / 2
            let first = allOf(conditions[..<middle])
            let second = allOf(conditions[middle...])
            return { interpreter, frame in try first(interpreter, frame) && second(interpreter, frame) }
        }
    }

    private func condition(_ condition: Condition) -> CompiledCondition {
        switch condition {
        case .boolean(let expr):
            let value = expression(expr)
            let location = expr.location
            if case .binary(let op, let lhs, let rhs, _) = expr, let comparison = integerComparison(op, lhs, rhs) {
                // `value != 1`: the comparison's Bool, without a `Value` in between.
                return { interpreter, frame in
                    if let holds = try comparison(interpreter, frame) { return holds }
                    return try interpreter.truth(value(interpreter, frame), at: location)
                }
            }
            return { interpreter, frame in
                let result = try value(interpreter, frame)
                if case .bool(let flag) = result { return flag }
                return try interpreter.truth(result, at: location)
            }
        case .optionalBinding(let pattern, let expr):
            let value = expression(expr)
            let bind = self.bind(pattern)
            return { interpreter, frame in
                let result = try value(interpreter, frame)
                // A non-optional value always binds (Swift would have rejected this).
                guard case .optional(let wrapped) = result else { return try bind(interpreter, result, frame) }
                guard let wrapped else { return false }
                return try bind(interpreter, wrapped, frame)
            }
        case .matches(let pattern, let expr):
            let value = expression(expr)
            let bind = self.bind(pattern)
            return { interpreter, frame in try bind(interpreter, value(interpreter, frame), frame) }
        }
    }

    /// Matches a value against a pattern, binding its names; a lone name binds without the
    /// walker's general matching.
    private func bind(_ pattern: Pattern) -> (Interpreter, Value, Frame) throws -> Bool {
        if case .binding(let slot, _) = pattern {
            return { _, value, frame in
                frame.fill(slot, with: value)
                return true
            }
        }
        return { interpreter, value, frame in try interpreter.match(pattern, value, in: frame) }
    }
}
