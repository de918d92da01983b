extension BodyCompiler {
    /// An expression evaluated against `expected`, as `Interpreter.evaluate(_:in:expected:)` does.
    func expression(_ expr: Expr, expected: TypeRef? = nil) -> CompiledExpression {
        switch expr {
        case .literal(let value, _):
            return { _, _ in value }

        case .integerLiteral(let number, _):
            var value = Value.int(number)
            if let expected {
                let wrapped = expected.optionalWrapped
                if Interpreter.isFloatingPoint(expected) || wrapped.map(Interpreter.isFloatingPoint) == true {
                    value = .double(Double(number))
                }
            }
            return { [value] _, _ in value }

        case .floatLiteral(let number, _):
            let value = Value.double(number)
            return { _, _ in value }

        case .stringLiteral(let text, _) where expected == nil:
            let value = Value.string(text)
            return { _, _ in value }

        case .nilLiteral:
            return { _, _ in .optional(nil) }

        case .name(let reference, let name, let location):
            return self.name(reference, name, at: location)

        case .selfReference(let location):
            return { _, frame in
                if let cell = frame.selfCell { return try cell.checkedLoad(at: location) }
                throw ScriptError.runtime("`self` is only available inside a type", at: location)
            }

        case .member(let baseExpr, let name, let site, let location):
            if case .superReference = baseExpr { break }
            let base = expression(baseExpr)
            let read: CompiledExpression = { interpreter, frame in
                let value = try base(interpreter, frame)
                if let field = site.directRead(of: value, generation: interpreter.memberGeneration) { return field }
                return try interpreter.member(of: value, name, site: site, at: location)
            }
            guard case .name(let reference, "self", _) = baseExpr, !reference.isDynamic else { return read }
            // A property of `self` (`next`, `subscriber` in a subscription's `request`): read
            // from `self`'s cell, without running `self` as an expression first.
            return { interpreter, frame in
                if let field = frame.directRead(
                    site, ofSelf: .variable(reference),
                    generation: interpreter.memberGeneration)
                {
                    return field
                }
                return try read(interpreter, frame)
            }

        case .subscriptCall(let baseExpr, let arguments, let location):
            let base = expression(baseExpr)
            let indices = ExpressionList(arguments.map(\.value)) { expression($0) }
            let labels = arguments.map(\.label)
            return { interpreter, frame in
                let value = try base(interpreter, frame)
                let indexValues = try indices.evaluate(interpreter, frame)
                return try interpreter.subscriptGet(value, indexValues, labels: labels, at: location)
            }

        case .binary(let op, let lhs, let rhs, let location):
            return binary(op, lhs, rhs, at: location)

        case .call(let callee, let arguments, let site, let location):
            return call(expr, callee: callee, arguments, site, expected: expected, at: location)

        case .prefix(let op, let operandExpr, let location):
            let operand = expression(operandExpr, expected: expected)
            return { interpreter, frame in
                try interpreter.evaluatePrefix(op, operand(interpreter, frame), at: location)
            }

        case .assign(let target, let valueExpr, _):
            return withIntegerStore(expr, otherwise: assignment(to: target, valueExpr, of: expr, expected: expected))

        case .compoundAssign(let op, let target, let valueExpr, let location):
            return withIntegerStore(expr, otherwise: compoundAssignment(op, to: target, valueExpr, at: location))

        case .ternary(let conditionExpr, let thenExpr, let elseExpr, _):
            let condition = expression(conditionExpr)
            let conditionLocation = conditionExpr.location
            let then = expression(thenExpr, expected: expected)
            let otherwise = expression(elseExpr, expected: expected)
            return { interpreter, frame in
                if try interpreter.truth(condition(interpreter, frame), at: conditionLocation) {
                    return try then(interpreter, frame)
                }
                return try otherwise(interpreter, frame)
            }

        case .optionalUnwrap(let innerExpr, _):
            let inner = expression(innerExpr)
            return { interpreter, frame in try Interpreter.chainUnwrapped(inner(interpreter, frame)) }

        case .optionalChain(let innerExpr, _):
            let inner = expression(innerExpr, expected: expected)
            return { interpreter, frame in
                do {
                    let value = try inner(interpreter, frame)
                    if case .optional = value { return value }
                    return .optional(value)
                } catch is OptionalChainExit {
                    return .optional(nil)
                }
            }

        case .forceUnwrap(let innerExpr, let location, let implicit):
            let inner = expression(innerExpr)
            return { interpreter, frame in
                try Interpreter.forceUnwrapped(inner(interpreter, frame), implicit: implicit, at: location)
            }

        case .tryExpr(.plain, let innerExpr, _):
            return expression(innerExpr, expected: expected)

        case .inoutMarker(let innerExpr, _):
            return expression(innerExpr)

        default:
            break
        }
        return { interpreter, frame in try interpreter.evaluate(expr, in: frame, expected: expected) }
    }

    // MARK: - Names

    private func name(_ reference: NameReference, _ name: String, at location: SourceLocation) -> CompiledExpression {
        switch reference {
        case .local(let slot):
            return { interpreter, frame in
                if let value = frame.loadLocal(slot) { return value }
                // Empty, or an `unowned` variable whose object is gone.
                if let cell = frame.cell(reference) { return try cell.checkedLoad(at: location) }
                return try interpreter.lookupName(name, in: frame, at: location)
            }
        case .captured:
            return { interpreter, frame in
                if let cell = frame.cell(reference) { return try cell.checkedLoad(at: location) }
                return try interpreter.lookupName(name, in: frame, at: location)
            }
        case .dynamic:
            // Inside a method a lowercase name is first looked up on `self` (`lookupName`); the
            // site remembers the stored property it found there.
            guard let first = name.first, !first.isUppercase, !name.hasPrefix("Swift.") else {
                return { interpreter, frame in try interpreter.lookupName(name, in: frame, at: location) }
            }
            let site = MemberSiteCache()
            let globalSite = GlobalSiteCache()
            return { interpreter, frame in
                if let field = frame.directRead(site, ofSelf: .frameSelf, generation: interpreter.memberGeneration) {
                    return field
                }
                if let cell = frame.selfCell {
                    let selfValue = cell.load()
                    if interpreter.hasMember(of: selfValue, name) {
                        return try interpreter.member(of: selfValue, name, site: site, at: location)
                    }
                }
                // What `lookupName` tries next.
                if let global = globalSite.global(name, in: interpreter) {
                    return try global.cell.checkedLoad(at: location)
                }
                return try interpreter.lookupName(name, in: frame, at: location)
            }
        }
    }

    // MARK: - Operators

    private func binary(
        _ op: String, _ lhsExpr: Expr, _ rhsExpr: Expr,
        at location: SourceLocation
    ) -> CompiledExpression {
        let code = OperatorCode.of(op)
        let lhs = expression(lhsExpr)
        let rhs = expression(rhsExpr)
        let lhsLocation = lhsExpr.location
        let rhsLocation = rhsExpr.location
        switch code {
        case OperatorCode.and:
            return { interpreter, frame in
                guard try interpreter.truth(lhs(interpreter, frame), at: lhsLocation) else { return .bool(false) }
                return .bool(try interpreter.truth(rhs(interpreter, frame), at: rhsLocation))
            }
        case OperatorCode.or:
            return { interpreter, frame in
                if try interpreter.truth(lhs(interpreter, frame), at: lhsLocation) { return .bool(true) }
                return .bool(try interpreter.truth(rhs(interpreter, frame), at: rhsLocation))
            }
        case OperatorCode.nilCoalescing:
            return { interpreter, frame in
                let value = try lhs(interpreter, frame)
                if case .optional(let wrapped) = value {
                    if let wrapped { return wrapped }
                    return try rhs(interpreter, frame)
                }
                return value
            }
        default:
            break
        }
        let general = generalBinary(op, lhsExpr, lhs, rhsExpr, rhs, at: location)
        if let comparison = integerComparison(op, lhsExpr, rhsExpr) {
            return { interpreter, frame in
                if let holds = try comparison(interpreter, frame) { return .bool(holds) }
                return try general(interpreter, frame)
            }
        }
        if FastPaths.enabled, let arithmetic = IntegerOperand(.binary(op, lhsExpr, rhsExpr, location)),
            arithmetic.readsVariable
        {
            let compiled = integer(arithmetic)
            return { interpreter, frame in
                if let value = try compiled(interpreter, frame) { return .int(value) }
                return try general(interpreter, frame)
            }
        }
        return general
    }

    /// `lhs op rhs` compiled as a comparison of Ints, when it is one of Int operands.
    func integerComparison(_ op: String, _ lhsExpr: Expr, _ rhsExpr: Expr) -> CompiledComparison? {
        guard FastPaths.enabled, let comparisonOperator = ComparisonOperator(op), let lhs = IntegerOperand(lhsExpr),
            let rhs = IntegerOperand(rhsExpr), lhs.readsVariable || rhs.readsVariable
        else { return nil }
        return comparison(comparisonOperator, lhs, rhs)
    }

    /// `evaluateBinary` past its integer shortcut: an implicit member or an integer literal on
    /// one side takes its type from the other side's value.
    private func generalBinary(
        _ op: String, _ lhsExpr: Expr, _ lhs: @escaping CompiledExpression,
        _ rhsExpr: Expr, _ rhs: @escaping CompiledExpression,
        at location: SourceLocation
    ) -> CompiledExpression {
        let binaryOperator = BinaryOperator(op, at: location)
        @inline(__always)
        func apply(_ interpreter: Interpreter, _ lhs: Value, _ rhs: Value) throws -> Value {
            try binaryOperator.apply(lhs, rhs, in: interpreter)
        }
        let lhsFromContext = Interpreter.takesTypeFromContext(lhsExpr)
        let rhsFromContext = Interpreter.takesTypeFromContext(rhsExpr)
        if lhsFromContext && !rhsFromContext {
            return { interpreter, frame in
                let right = try rhs(interpreter, frame)
                let left = try interpreter.evaluate(lhsExpr, in: frame, expected: nil, context: right)
                return try apply(interpreter, left, right)
            }
        }
        if rhsFromContext {
            return { interpreter, frame in
                let left = try lhs(interpreter, frame)
                let right = try interpreter.evaluate(rhsExpr, in: frame, expected: nil, context: left)
                return try apply(interpreter, left, right)
            }
        }
        if case .integerLiteral(let number, _) = rhsExpr {
            // `price * 2` where `price` is a Double.
            return { interpreter, frame in
                let left = try lhs(interpreter, frame)
                if case .double = left { return try apply(interpreter, left, .double(Double(number))) }
                return try apply(interpreter, left, .int(number))
            }
        }
        return { interpreter, frame in
            let left = try lhs(interpreter, frame)
            return try apply(interpreter, left, rhs(interpreter, frame))
        }
    }

    // MARK: - Assignment

    /// `target = value` where the walker's steps are known when compiling: the target is a
    /// variable, or a property of a variable or of `self`, and the value's type does not come
    /// from the target's. Otherwise the walker evaluates `assignmentExpr`.
    private func assignment(
        to target: Expr, _ valueExpr: Expr, of assignmentExpr: Expr,
        expected: TypeRef?
    ) -> CompiledExpression {
        let walker: CompiledExpression = { interpreter, frame in
            try interpreter.evaluate(assignmentExpr, in: frame, expected: expected)
        }
        if case .discard(let location) = target {
            let value = expression(valueExpr)
            return { interpreter, frame in
                var result = try value(interpreter, frame)
                interpreter.releaseUnkept(&result, at: location, explicitly: true)
                return .void
            }
        }
        guard Self.ignoresExpectedType(valueExpr) else { return walker }
        switch target {
        case .name(.local(let slot), _, _):
            let value = expression(valueExpr)
            return { interpreter, frame in
                let newValue = try value(interpreter, frame)
                if case .int = newValue, let cell = frame.slots[slot], case .int = cell.value {
                    cell.value = newValue
                } else {
                    try interpreter.assign(newValue, to: target, in: frame)
                }
                return .void
            }
        case .name:
            break
        case .member(.selfReference, _, _, _), .member(.name(.local, _, _), _, _, _),
            .member(.name(.captured, _, _), _, _, _):
            break
        default:
            return walker
        }
        let value = expression(valueExpr)
        return { interpreter, frame in
            try interpreter.assign(value(interpreter, frame), to: target, in: frame)
            return .void
        }
    }

    private func compoundAssignment(
        _ op: String, to target: Expr, _ valueExpr: Expr,
        at location: SourceLocation
    ) -> CompiledExpression {
        let binaryOperator = BinaryOperator(op, at: location)
        let current = expression(target)
        let rhs = expression(valueExpr)
        let store = self.store(to: target)
        let general: CompiledExpression
        if Interpreter.takesTypeFromContext(valueExpr) {
            // `demand += .max(1)`: the target is read first, to give the member its type.
            general = { interpreter, frame in
                let currentValue = try current(interpreter, frame)
                let rhsValue = try interpreter.evaluate(valueExpr, in: frame, expected: nil, context: currentValue)
                try store(binaryOperator.apply(currentValue, rhsValue, in: interpreter), interpreter, frame)
                return .void
            }
        } else {
            // Swift reads the target after the right side: `pending += receive(x)` sees what
            // `receive` changed.
            general = { interpreter, frame in
                let rhsValue = try rhs(interpreter, frame)
                let currentValue = try current(interpreter, frame)
                try store(binaryOperator.apply(currentValue, rhsValue, in: interpreter), interpreter, frame)
                return .void
            }
            if case .name(.local(let slot), _, _) = target {
                // `demand -= 1` on a local: its cell, borrowed, is read and written.
                return { interpreter, frame in
                    let rhsValue = try rhs(interpreter, frame)
                    let done: Void? = try frame.withLocalCell(slot) { cell in
                        interpreter.store(
                            try binaryOperator.apply(cell.load(), rhsValue, in: interpreter),
                            intoVariable: cell)
                    }
                    if done == nil {
                        try store(
                            binaryOperator.apply(try current(interpreter, frame), rhsValue, in: interpreter),
                            interpreter, frame)
                    }
                    return .void
                }
            }
        }
        return general
    }

    /// Stores a computed value into `target` as `Interpreter.assign` does; a variable's cell
    /// is written without going through the walker (`demand -= 1` on every value).
    private func store(to target: Expr) -> (Value, Interpreter, Frame) throws -> Void {
        switch target {
        case .name(let reference, _, _) where !reference.isDynamic:
            return { value, interpreter, frame in
                if let cell = frame.cell(reference) {
                    interpreter.store(value, intoVariable: cell)
                } else {
                    try interpreter.assign(value, to: target, in: frame)
                }
            }
        case .subscriptCall(.name(let reference, let name, _), let arguments, let location):
            // `counts[i] += 1` on an array or dictionary variable: changed in place, as
            // `Interpreter.assign` does, with the variable found without a lookup by name.
            let indices = ExpressionList(arguments.map(\.value)) { expression($0) }
            let labels = arguments.map(\.label)
            let globalSite = GlobalSiteCache()
            return { value, interpreter, frame in
                let cell: Cell
                let declaredType: TypeRef?
                if case .dynamic = reference {
                    guard frame.selfCell == nil, let global = globalSite.global(name, in: interpreter),
                        !global.isConstant, Interpreter.editsInPlace(declaredType: global.type)
                    else {
                        return try interpreter.assign(value, to: target, in: frame)
                    }
                    (cell, declaredType) = (global.cell, global.type)
                } else if let variable = frame.cell(reference) {
                    (cell, declaredType) = (variable, nil)
                } else {
                    return try interpreter.assign(value, to: target, in: frame)
                }
                guard cell.value.isEditedInPlaceBySubscript else {
                    return try interpreter.assign(value, to: target, in: frame)
                }
                try interpreter.storeBySubscript(
                    value, into: cell, declaredType: declaredType,
                    indices: indices.evaluate(interpreter, frame), labels: labels,
                    at: location)
            }
        case .name(_, let name, let location):
            // Outside a type a name can only be a global (what `Interpreter.assign` finds).
            let globalSite = GlobalSiteCache()
            return { value, interpreter, frame in
                if frame.selfCell == nil, let global = globalSite.global(name, in: interpreter) {
                    try interpreter.assign(value, toGlobal: global, named: name, at: location)
                } else {
                    try interpreter.assign(value, to: target, in: frame)
                }
            }
        default:
            return { value, interpreter, frame in try interpreter.assign(value, to: target, in: frame) }
        }
    }

    /// An assignment, tried first as a store of Int arithmetic into an Int variable.
    private func withIntegerStore(_ expr: Expr, otherwise general: @escaping CompiledExpression) -> CompiledExpression {
        guard let store = integerStore(expr) else { return general }
        return { interpreter, frame in
            if try store(interpreter, frame) { return .void }
            return try general(interpreter, frame)
        }
    }

    /// Expressions whose value `evaluate` works out without looking at the expected type.
    static func ignoresExpectedType(_ expr: Expr) -> Bool {
        switch expr {
        case .literal, .floatLiteral, .nilLiteral, .name, .selfReference, .member, .binary, .subscriptCall,
            .assign, .compoundAssign, .forceUnwrap, .optionalUnwrap, .isType, .inoutMarker:
            return true
        default:
            return false
        }
    }
}

/// A binary operator as compiled code applies it: `Interpreter.applyBinary`, with the
/// operator's code worked out once and the common operand kinds tried first.
struct BinaryOperator {
    let op: String
    let code: UInt32
    let location: SourceLocation
    /// `...`, `..<`, `===`, `!==` and `~=`, which `applyBinary` handles before asking a
    /// native operand.
    let isHandledBeforeNatives: Bool

    init(_ op: String, at location: SourceLocation) {
        self.op = op
        self.code = OperatorCode.of(op)
        self.location = location
        self.isHandledBeforeNatives = ["...", "..<", "===", "!==", "~="].contains(op)
    }

    @inline(__always)
    func apply(_ lhs: Value, _ rhs: Value, in interpreter: Interpreter) throws -> Value {
        switch lhs {
        case .int(let a):
            if case .int(let b) = rhs { return try interpreter.integerOperation(code, op, a, b, at: location) }
        case .native(let native) where !isHandledBeforeNatives:
            // `demand > 0`, `demand -= 1`: what `applyBinary` reaches after its checks by name.
            if let result = try interpreter.locating(location, { try native.applyOperator(op, code: code, lhs, rhs) }) {
                return result
            }
        default:
            break
        }
        return try interpreter.applyBinary(op, lhs, rhs, at: location)
    }
}
