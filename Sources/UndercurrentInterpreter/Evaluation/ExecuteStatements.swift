extension Interpreter {
    /// Runs a block; its declared slots are cleared when it ends, releasing their values.
    func execute(block: Block, in frame: Frame, clearsSlots: Bool = true) throws -> Flow {
        var deferred: [Block] = []
        defer { if clearsSlots { endScope(block, in: frame) } }
        var flow = Flow.normal
        do {
            for statement in block.statements {
                if case .deferStatement(let body) = statement {
                    deferred.append(body)
                    continue
                }
                flow = try execute(statement, in: frame)
                if case .normal = flow { continue }
                break
            }
        } catch {
            for body in deferred.reversed() { _ = try execute(block: body, in: frame) }
            throw error
        }
        for body in deferred.reversed() { _ = try execute(block: body, in: frame) }
        return flow
    }

    func execute(_ statement: Stmt, in frame: Frame) throws -> Flow {
        switch statement {
        case .expression(let expr):
            var result = try evaluate(expr, in: frame)
            releaseUnkept(&result, at: expr.location, explicitly: false)
            return .normal

        case .local(let binding):
            try bindLocal(binding, in: frame)
            return .normal

        case .global(let name, let binding):
            var value: Value
            if let initializer = binding.initializer {
                value = try evaluate(initializer, in: frame, expected: binding.type)
                if let type = binding.type { value = try coerce(value, to: type, at: binding.location) }
            } else if let type = binding.type, type.isOptional {
                value = .optional(nil)
            } else {
                value = .void
            }
            if binding.isWeak {
                value = .weakReference(WeakReference(value.objectForWeakStorage, isUnowned: binding.isUnowned))
            }
            // A redeclared global's old value goes only after the dictionary is updated: its
            // deinit (a cancelled subscription's handler) may run script code that reads globals.
            let replaced = globals.updateValue(
                GlobalVariable(cell: Cell(value), type: binding.type, isConstant: binding.isConstant), forKey: name)
            withExtendedLifetime(replaced) {}
            return .normal

        case .localFunction(let slot, let decl):
            let cell = Cell(.void)
            frame.slots[slot] = cell
            cell.value = try makeClosure(decl, in: frame)
            return .normal

        case .ifStatement(let conditions, let body, let elseBranch, _):
            if try evaluate(conditions: conditions, in: frame) {
                return try execute(block: body, in: frame)
            }
            endScope(body, in: frame)
            if let elseBranch { return try execute(elseBranch, in: frame) }
            return .normal

        case .guardStatement(let conditions, let elseBlock, let location):
            if try evaluate(conditions: conditions, in: frame) { return .normal }
            let flow = try execute(block: elseBlock, in: frame)
            if case .normal = flow {
                throw ScriptError.runtime("the `else` of a `guard` must not fall through", at: location)
            }
            return flow

        case .whileLoop(let label, let conditions, let body, let location):
            while true {
                try tick(location)
                guard try evaluate(conditions: conditions, in: frame) else {
                    endScope(body, in: frame)
                    break
                }
                if let ending = try execute(block: body, in: frame).endingLoop(labelled: label) { return ending }
            }
            return .normal

        case .repeatWhile(let label, let body, let condition, let location):
            repeat {
                try tick(location)
                if let ending = try execute(block: body, in: frame).endingLoop(labelled: label) { return ending }
            } while try truth(evaluate(condition, in: frame), at: condition.location)
            return .normal

        case .forIn(let label, let pattern, let sequenceExpr, let whereExpr, let body, let location):
            let sequence = try evaluate(sequenceExpr, in: frame)
            var iterator = try makeIterator(sequence, at: sequenceExpr.location)
            while let element = try iterator.next() {
                try tick(location)
                guard try match(pattern, element, in: frame) else {
                    endScope(body, in: frame)
                    continue
                }
                if let whereExpr, !(try truth(evaluate(whereExpr, in: frame), at: whereExpr.location)) {
                    endScope(body, in: frame)
                    continue
                }
                if let ending = try execute(block: body, in: frame).endingLoop(labelled: label) { return ending }
            }
            return .normal

        case .switchStatement(let label, let subjectExpr, let cases, let location):
            let subject = try evaluate(subjectExpr, in: frame)
            var index = 0
            var matchedByFallthrough = false
            while index < cases.count {
                let switchCase = cases[index]
                var matched = matchedByFallthrough || switchCase.isDefault
                if !matched {
                    for (pattern, guardExpr) in switchCase.patterns {
                        if try match(pattern, subject, in: frame) {
                            if let guardExpr, !(try truth(evaluate(guardExpr, in: frame), at: guardExpr.location)) {
                                continue
                            }
                            matched = true
                            break
                        }
                    }
                }
                if matched {
                    let flow = try execute(block: switchCase.body, in: frame)
                    switch flow {
                    case .fallthroughCase:
                        matchedByFallthrough = true
                        index += 1
                        continue
                    case .breakLoop(let target) where target == nil || target == label:
                        return .normal
                    default:
                        return flow
                    }
                }
                endScope(switchCase.body, in: frame)
                index += 1
            }
            if matchedByFallthrough { return .normal }
            throw ScriptError.runtime(
                "no `case` of this `switch` matched \(Formatter.describe(subject, debug: true))",
                at: location)

        case .returnStatement(let expr, _):
            guard let expr else { return .returned(.void) }
            let value = try evaluate(expr, in: frame, expected: frame.function.returnType)
            return .returned(value)

        case .breakStatement(let label, _):
            return .breakLoop(label)

        case .continueStatement(let label, _):
            return .continueLoop(label)

        case .fallthroughStatement:
            return .fallthroughCase

        case .throwStatement(let expr, let location):
            let value = try evaluate(expr, in: frame)
            throw ThrownValue(value, at: location)

        case .block(let block):
            return try execute(block: block, in: frame)

        case .doCatch(let body, let clauses, _):
            do {
                return try execute(block: body, in: frame)
            } catch let thrown as ThrownValue {
                for clause in clauses {
                    let matches = try clause.pattern.map { try match($0, thrown.value, in: frame) } ?? true
                    if matches,
                        try clause.guardExpr.map({ try truth(evaluate($0, in: frame), at: $0.location) }) ?? true
                    {
                        return try execute(block: clause.body, in: frame)
                    }
                    endScope(clause.body, in: frame)
                }
                throw thrown
            }

        case .deferStatement:
            return .normal  // handled by the enclosing block

        case .declaration(let declaration):
            try declare(declaration)
            return .normal

        case .yieldValue(let slot, let expr):
            frame.slots[slot] = Cell(try evaluate(expr, in: frame))
            return .normal
        }
    }

    func bindLocal(_ binding: VariableBinding, in frame: Frame) throws {
        var value: Value
        if let initializer = binding.initializer {
            value = try evaluate(initializer, in: frame, expected: binding.type)
            if let type = binding.type { value = try coerce(value, to: type, at: binding.location) }
        } else if let type = binding.type, type.isOptional, !binding.isConstant {
            value = .optional(nil)
        } else {
            // Declared now, initialized later (`let x: Int` then `x = 1`).
            value = .void
        }
        if case .binding(let slot, _) = binding.pattern {
            if binding.isWeak {
                frame.fill(
                    slot, with: .weakReference(WeakReference(value.objectForWeakStorage, isUnowned: binding.isUnowned)))
            } else {
                frame.fill(slot, with: value)
            }
            return
        }
        guard try match(binding.pattern, value, in: frame) else {
            throw ScriptError.runtime("the value does not fit the pattern", at: binding.location)
        }
    }

    func evaluate(conditions: [Condition], in frame: Frame) throws -> Bool {
        for condition in conditions {
            switch condition {
            case .boolean(let expr):
                // The location is only worked out for the error: conditions run on every loop turn.
                let value = try evaluate(expr, in: frame)
                if case .bool(let flag) = value {
                    if !flag { return false }
                    continue
                }
                guard try truth(value, at: expr.location) else { return false }
            case .optionalBinding(let pattern, let expr):
                let value = try evaluate(expr, in: frame)
                guard case .optional(let wrapped) = value else {
                    // A non-optional value always binds (Swift would have rejected this).
                    guard try match(pattern, value, in: frame) else { return false }
                    continue
                }
                guard let wrapped, try match(pattern, wrapped, in: frame) else { return false }
            case .matches(let pattern, let expr):
                let value = try evaluate(expr, in: frame)
                guard try match(pattern, value, in: frame) else { return false }
            }
        }
        return true
    }

    func truth(_ value: Value, at location: SourceLocation) throws -> Bool {
        guard case .bool(let flag) = value else {
            throw ScriptError.runtime("expected a Bool, got \(Formatter.typeName(of: value))", at: location)
        }
        return flag
    }
}
