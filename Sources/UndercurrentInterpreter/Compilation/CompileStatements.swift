extension BodyCompiler {
    /// A braced block: its statements in order, its declared slots cleared when it ends.
    func block(_ block: Block, clearsSlots: Bool = true) -> CompiledStatement {
        let hasDefer = block.statements.contains { if case .deferStatement = $0 { true } else { false } }
        let run = hasDefer ? withDefers(block.statements) : sequence(block.statements[...])
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
            let second = sequence(statements[middle...])
            if middle == statements.startIndex + 1, case .expression(let expr) = statements[statements.startIndex] {
                // An expression statement ends normally or throws: run without a `Flow` of its
                // own to return and test (`demand -= 1; demand += subscriber.receive(next)`, on
                // every value of a custom subscription).
                let first = expressionStatement(expr)
                return { interpreter, frame in
                    try first(interpreter, frame)
                    return try second(interpreter, frame)
                }
            }
            let first = sequence(statements[..<middle])
            return { interpreter, frame in
                let flow = try first(interpreter, frame)
                guard case .normal = flow else { return flow }
                return try second(interpreter, frame)
            }
        }
    }

    /// Statements of a block that has `defer`s: each `defer` reached is remembered, and the
    /// remembered bodies run last first when the block ends, normally or by an error.
    private func withDefers(_ statements: [Stmt]) -> CompiledStatement {
        enum Step {
            case run(CompiledStatement)
            case deferBody(CompiledStatement)
        }
        let steps = statements.map { statement -> Step in
            if case .deferStatement(let body) = statement { return .deferBody(block(body)) }
            return .run(self.statement(statement))
        }
        return { interpreter, frame in
            var deferred: [CompiledStatement] = []
            var flow = Flow.normal
            do {
                running: for step in steps {
                    switch step {
                    case .deferBody(let body):
                        deferred.append(body)
                    case .run(let run):
                        flow = try run(interpreter, frame)
                        guard case .normal = flow else { break running }
                    }
                }
            } catch {
                for body in deferred.reversed() { _ = try body(interpreter, frame) }
                throw error
            }
            for body in deferred.reversed() { _ = try body(interpreter, frame) }
            return flow
        }
    }

    /// An expression run as a statement, its value discarded; `statement(_:)` and
    /// `sequence(_:)` run it.
    private func expressionStatement(_ expr: Expr) -> (Interpreter, Frame) throws -> Void {
        let value = expression(expr)
        if let store = integerStore(expr) {
            // `steps += 1` as a statement: stored without making a `Value` to discard.
            return { interpreter, frame in
                if try !store(interpreter, frame) { _ = try value(interpreter, frame) }
            }
        }
        let location = expr.location
        return { interpreter, frame in
            var result = try value(interpreter, frame)
            interpreter.releaseUnkept(&result, at: location, explicitly: false)
        }
    }

    /// Every statement kind is compiled here and nowhere else (an expression statement's
    /// body in `expressionStatement(_:)`).
    func statement(_ statement: Stmt) -> CompiledStatement {
        switch statement {
        case .expression(let expr):
            let run = expressionStatement(expr)
            return { interpreter, frame in
                try run(interpreter, frame)
                return .normal
            }

        case .local(let binding):
            return local(binding)

        case .global(let name, let binding):
            return global(name, binding)

        case .globalTuple(let elements, let binding):
            return globalTuple(elements, binding)

        case .localFunction(let slot, let decl):
            let makeClosure = closure(decl)
            return { interpreter, frame in
                let cell = Cell(.void)
                frame.slots[slot] = cell
                cell.value = try makeClosure(interpreter, frame)
                return .normal
            }

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
            // The body's variables (and the conditions' bindings, declared in its scope) end
            // here at the end of each turn, rather than in a closure of the block's own.
            let run = block(body, clearsSlots: false)
            let scope = ScopeEnd(body)
            let general: CompiledStatement
            if body.declaredSlots.isEmpty {
                general = { interpreter, frame in
                    while true {
                        try interpreter.tick(location)
                        guard try test(interpreter, frame) else { return .normal }
                        if let ending = try run(interpreter, frame).endingLoop(labelled: label) { return ending }
                    }
                }
            } else {
                general = { interpreter, frame in
                    while true {
                        try interpreter.tick(location)
                        guard try test(interpreter, frame) else {
                            interpreter.end(scope, in: frame)
                            return .normal
                        }
                        let flow: Flow
                        do {
                            flow = try run(interpreter, frame)
                        } catch {
                            interpreter.end(scope, in: frame)
                            throw error
                        }
                        interpreter.end(scope, in: frame)
                        if let ending = flow.endingLoop(labelled: label) { return ending }
                    }
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
            guard let returnType else { return { interpreter, frame in .returned(try value(interpreter, frame)) } }
            let location = expr.location
            return { interpreter, frame in
                let result = try value(interpreter, frame)
                // A `T!` returned where the type rules out an Optional (as `coerce` does; a
                // call may skip coercing a result of a basic type).
                if case .optional = result, interpreter.typeRulesOutOptionals(returnType) {
                    return .returned(try Interpreter.forceUnwrapped(result, implicit: true, at: location))
                }
                return .returned(result)
            }

        case .breakStatement(let label, _):
            return { _, _ in .breakLoop(label) }

        case .continueStatement(let label, _):
            return { _, _ in .continueLoop(label) }

        case .fallthroughStatement:
            return { _, _ in .fallthroughCase }

        case .throwStatement(let expr, let location):
            let value = expression(expr)
            return { interpreter, frame in throw ThrownValue(try value(interpreter, frame), at: location) }

        case .block(let inner):
            return block(inner)

        case .doCatch(let body, let clauses, _):
            return doCatch(body, clauses)

        case .deferStatement:
            return { _, _ in .normal }  // remembered by the enclosing block (`withDefers`)

        case .declaration(let declaration):
            return { interpreter, _ in
                try interpreter.declare(declaration)
                return .normal
            }

        case .yieldValue(let slot, let expr):
            let value = expression(expr)
            return { interpreter, frame in
                frame.slots[slot] = Cell(try value(interpreter, frame))
                return .normal
            }
        }
    }

    /// The value a `let`/`var` starts with: its initializer's, taking the written type; nil
    /// for an optional declared without one (when `optionalStartsNil`); else none yet
    /// (`let x: Int`, then `x = 1`).
    private static func initialValue(
        of binding: VariableBinding, _ initializer: CompiledExpression?, optionalStartsNil: Bool,
        _ interpreter: Interpreter, _ frame: Frame
    ) throws -> Value {
        guard let initializer else { return optionalStartsNil ? .optional(nil) : .void }
        let value = try initializer(interpreter, frame)
        guard let type = binding.type else { return value }
        return try interpreter.coerce(value, to: type, at: binding.location)
    }

    /// `let`/`var` at the top level of a script: a global, replacing any of the same name.
    private func global(_ name: String, _ binding: VariableBinding) -> CompiledStatement {
        let initializer = binding.initializer.map {
            binding.type == nil ? expressionWithNoContext($0) : expression($0, expected: binding.type)
        }
        let optionalStartsNil = binding.type?.isOptional == true
        return { interpreter, frame in
            var value = try Self.initialValue(
                of: binding, initializer, optionalStartsNil: optionalStartsNil, interpreter, frame)
            if binding.isWeak {
                value = .weakReference(WeakReference(value.objectForWeakStorage, isUnowned: binding.isUnowned))
            }
            // A redeclared global's old value goes only after the dictionary is updated: its
            // deinit (a cancelled subscription's handler) may run script code that reads globals.
            let replaced = interpreter.globals.updateValue(
                GlobalVariable(
                    cell: Cell(value), type: binding.type, isConstant: binding.isConstant,
                    initializer: binding.initializer),
                forKey: name)
            withExtendedLifetime(replaced) {}
            return .normal
        }
    }

    /// `let (a, b) = pair` at the top level: the value is made once, and each name becomes a
    /// global holding its element.
    private func globalTuple(_ elements: [GlobalTupleElement], _ binding: VariableBinding) -> CompiledStatement {
        let initializer = binding.initializer.map { expression($0, expected: binding.type) }
        return { interpreter, frame in
            let value = try Self.initialValue(of: binding, initializer, optionalStartsNil: false, interpreter, frame)
            var globals: [(String, GlobalVariable)] = []
            for element in elements {
                var part = value
                for index in element.path {
                    guard case .tuple(let tuple) = part.loaded, index < tuple.elements.count else {
                        throw ScriptError.runtime("the value does not fit the pattern", at: binding.location)
                    }
                    part = tuple.elements[index]
                }
                if let type = element.type { part = try interpreter.coerce(part, to: type, at: binding.location) }
                globals.append(
                    (element.name, GlobalVariable(cell: Cell(part), type: element.type, isConstant: binding.isConstant))
                )
            }
            // As `global` does: a replaced global's old value goes after every name is updated.
            let replaced = globals.map { interpreter.globals.updateValue($0.1, forKey: $0.0) }
            withExtendedLifetime(replaced) {}
            return .normal
        }
    }

    private func doCatch(_ body: Block, _ clauses: [CatchClause]) -> CompiledStatement {
        struct CompiledClause {
            let matches: CompiledPattern?
            let guardHolds: CompiledCondition?
            let body: CompiledStatement
            /// The clause's variables, which end when it does not run.
            let scope: ScopeEnd
        }
        let run = block(body)
        let compiledClauses = clauses.map { clause in
            CompiledClause(
                matches: clause.pattern.map { pattern($0) },
                guardHolds: clause.guardExpr.map { condition(.boolean($0)) },
                body: block(clause.body), scope: ScopeEnd(clause.body))
        }
        return { interpreter, frame in
            do {
                return try run(interpreter, frame)
            } catch let thrown as ThrownValue {
                for clause in compiledClauses {
                    let matches = try clause.matches.map { try $0(interpreter, thrown.value, frame) } ?? true
                    if matches, try clause.guardHolds.map({ try $0(interpreter, frame) }) ?? true {
                        return try clause.body(interpreter, frame)
                    }
                    interpreter.end(clause.scope, in: frame)
                }
                throw thrown
            }
        }
    }

    private func local(_ binding: VariableBinding) -> CompiledStatement {
        guard case .binding(let slot, _) = binding.pattern else { return destructuring(binding) }
        guard let initializer = binding.initializer else {
            // Declared now, initialized later (`let x: Int` then `x = 1`); an optional `var` starts as nil.
            let initial: Value = binding.type?.isOptional == true && !binding.isConstant ? .optional(nil) : .void
            let isWeak = binding.isWeak
            let isUnowned = binding.isUnowned
            return { _, frame in
                // A weak variable gets its own reference each time it is declared.
                frame.fill(slot, with: isWeak ? .weakReference(WeakReference(nil, isUnowned: isUnowned)) : initial)
                return .normal
            }
        }
        let expected = binding.type ?? valueTypes[slot]
        let value = expected == nil ? expressionWithNoContext(initializer) : expression(initializer, expected: expected)
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

    /// `let (a, b) = pair`: the value matched against the pattern, which binds the names.
    private func destructuring(_ binding: VariableBinding) -> CompiledStatement {
        let initializer = binding.initializer.map { expression($0, expected: binding.type) }
        let matches = pattern(binding.pattern)
        let optionalStartsNil = binding.type?.isOptional == true && !binding.isConstant
        return { interpreter, frame in
            let value = try Self.initialValue(
                of: binding, initializer, optionalStartsNil: optionalStartsNil, interpreter, frame)
            guard try matches(interpreter, value, frame) else {
                throw ScriptError.runtime("the value does not fit the pattern", at: binding.location)
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
        let bind = self.pattern(pattern)
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
        struct CasePattern {
            let matches: CompiledPattern
            let hasGuard: Bool
            let guardHolds: CompiledCondition
        }
        struct CompiledCase {
            let isDefault: Bool
            let patterns: [CasePattern]
            let body: CompiledStatement
            /// The case's variables, which end when the case does not run.
            let scope: ScopeEnd
        }
        let subjectValue = expression(subjectExpr)
        let coverage = EnumCaseCoverage(cases)
        let compiledCases = cases.map { switchCase in
            CompiledCase(
                isDefault: switchCase.isDefault,
                patterns: switchCase.patterns.map { casePattern, guardExpr in
                    CasePattern(
                        matches: pattern(casePattern), hasGuard: guardExpr != nil,
                        guardHolds: guardExpr.map { condition(.boolean($0)) } ?? { _, _ in true })
                },
                body: block(switchCase.body), scope: ScopeEnd(switchCase.body))
        }
        return { interpreter, frame in
            let subject = try subjectValue(interpreter, frame)
            if let coverage, case .enumValue(let enumValue) = subject {
                try coverage.check(enumValue.type, at: location)
            }
            var matchedByFallthrough = false
            for switchCase in compiledCases {
                var matched = matchedByFallthrough || switchCase.isDefault
                if !matched {
                    for compiled in switchCase.patterns {
                        guard try compiled.matches(interpreter, subject, frame) else { continue }
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
            // Swift refuses such a `switch` before running: its cases must cover every value.
            throw ScriptError.runtime(
                "no `case` of this `switch` matched `\(Formatter.describeWithoutScriptCode(subject, debug: true))`",
                at: location,
                notes: ["A `switch` must cover every value: add the missing cases, or a `default:`."])
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
        case 3:
            // `while demand > 0, next > 0, let subscriber`: one closure, not two.
            let first = condition(conditions[conditions.startIndex])
            let second = condition(conditions[conditions.startIndex + 1])
            let third = condition(conditions[conditions.startIndex + 2])
            return { interpreter, frame in
                try first(interpreter, frame) && second(interpreter, frame) && third(interpreter, frame)
            }
        default:
            let middle = conditions.startIndex + conditions.count / 2
            let first = allOf(conditions[..<middle])
            let second = allOf(conditions[middle...])
            return { interpreter, frame in try first(interpreter, frame) && second(interpreter, frame) }
        }
    }

    func condition(_ condition: Condition) -> CompiledCondition {
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
        case .optionalBinding(.binding(let slot, _), let expr) where FastPaths.enabled:
            guard let (access, siteIndex) = Self.selfPropertyRead(expr) else { return binding(slot, expr) }
            // `while let subscriber` on a property of `self` (on every value of a custom
            // subscription): the field's payload goes into the variable, read where it is.
            let site = tables.memberSite(siteIndex)
            let general = binding(slot, expr)
            return { interpreter, frame in
                let found = frame.withObject(access) {
                    site.unwrappedRead(ofObject: $0, generation: interpreter.memberGeneration)
                }
                switch found {
                case .nilValue?:
                    return false
                case .value(let wrapped)?:
                    frame.fill(slot, with: wrapped)
                    return true
                case .unknown?, nil:
                    return try general(interpreter, frame)
                }
            }
        case .optionalBinding(let pattern, let expr):
            let value = expression(expr)
            let bind = self.pattern(pattern)
            return { interpreter, frame in
                let result = try value(interpreter, frame)
                // A non-optional value always binds (Swift would have rejected this).
                guard case .optional(let wrapped) = result else { return try bind(interpreter, result, frame) }
                guard let wrapped else { return false }
                return try bind(interpreter, wrapped, frame)
            }
        case .matches(let pattern, let expr):
            let value = expression(expr)
            let bind = self.pattern(pattern)
            return { interpreter, frame in try bind(interpreter, value(interpreter, frame), frame) }
        }
    }

    /// `self.name` (or `name` the lowerer found on `self`): how `self` is reached and the
    /// member site.
    private static func selfPropertyRead(_ expr: Expr) -> (SelfAccess, Int)? {
        guard case .member(let baseExpr, _, let siteIndex, _) = expr, let access = SelfAccess(baseExpr) else {
            return nil
        }
        return (access, siteIndex)
    }

    /// `let x = expr` as a condition binding one variable (`while let subscriber`): the value
    /// goes into its variable as the condition's result is taken apart, without a second
    /// copy of it held by a pattern's call.
    private func binding(_ slot: Int, _ expr: Expr) -> CompiledCondition {
        let value = expression(expr)
        return { interpreter, frame in
            switch try value(interpreter, frame) {
            case .optional(nil):
                return false
            case .optional(let wrapped?):
                frame.fill(slot, with: wrapped)
                return true
            case let other:
                // A non-optional value always binds (Swift would have rejected this).
                frame.fill(slot, with: other)
                return true
            }
        }
    }

}

/// Swift's check that a `switch` over an enum of the script's covers every case, made when
/// the `switch` first runs on a value of that enum, whichever case the value is: a `switch`
/// that misses a case is refused by Swift before the program runs, so it must not run here
/// either, until the missing case's value happens to come (`switch self` in a
/// `description` whose enum grew a case).
///
/// Made only where every pattern names a case (`.rect(let w, _)`); a `default:`, a catch-all
/// pattern, or another kind of pattern leaves the check to the run-time one, when no case
/// matches.
final class EnumCaseCoverage {
    /// The cases a pattern with no `where` and no refutable part covers.
    private let covered: Set<String>
    /// The enum last found covered, not checked again.
    private var checkedType: TypeInfo?

    init?(_ cases: [SwitchCase]) {
        var covered: Set<String> = []
        for switchCase in cases {
            if switchCase.isDefault { return nil }
            for (pattern, guardExpr) in switchCase.patterns {
                switch pattern {
                case .wildcard, .binding:
                    if guardExpr == nil { return nil }
                case .enumCase(let name, let subpatterns, _):
                    if guardExpr == nil, (subpatterns ?? []).allSatisfy({ Self.isIrrefutable($0.1) }) {
                        covered.insert(name)
                    }
                default:
                    return nil
                }
            }
        }
        self.covered = covered
    }

    private static func isIrrefutable(_ pattern: Pattern) -> Bool {
        switch pattern {
        case .wildcard, .binding: true
        case .tuple(let elements): elements.allSatisfy(isIrrefutable)
        default: false
        }
    }

    func check(_ type: TypeInfo, at location: SourceLocation) throws {
        guard checkedType !== type, type.declaration != nil else { return }
        let missing = type.cases.map(\.name).filter { !covered.contains($0) }
        guard missing.isEmpty else {
            throw ScriptError.runtime(
                "switch must be exhaustive: no case covers "
                    + missing.map { "`.\($0)`" }.joined(separator: ", ") + " of \(type.name)",
                at: location,
                notes: [
                    "Swift refuses this `switch` before the program runs: add the missing cases, or a `default:`."
                ])
        }
        checkedType = type
    }
}
