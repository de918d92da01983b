extension Interpreter {
    /// Evaluates an expression. `expected` is the type the context wants, when known: it
    /// resolves implicit members (`.max(3)`) and gives literals their type.
    func evaluate(_ expr: Expr, in frame: Frame, expected: TypeRef? = nil) throws -> Value {
        switch expr {
        case .literal(let value, _):
            return value

        case .integerLiteral(let value, _):
            if let expected, Self.isFloatingPoint(expected) { return .double(Double(value)) }
            if let wrapped = expected?.optionalWrapped, Self.isFloatingPoint(wrapped) { return .double(Double(value)) }
            return .int(value)

        case .floatLiteral(let value, _):
            return .double(value)

        case .stringLiteral(let text, _):
            if let expected, expected.baseName == "Character", text.count == 1 {
                return .character(text.first!)
            }
            return .string(text)

        case .interpolatedString(let parts, _):
            var result = ""
            for part in parts {
                switch part {
                case .text(let text): result += text
                case .interpolation(let inner):
                    result += try Formatter.describe(evaluate(inner, in: frame), debug: false, interpreter: self)
                }
                try checkSize(result.utf8.count, "a string", at: expr.location)
            }
            return .string(result)

        case .nilLiteral:
            return .optional(nil)

        case .name(let reference, let name, let location):
            if let cell = frame.cell(reference) { return try cell.checkedLoad(at: location) }
            return try lookupName(name, in: frame, at: location)

        case .selfReference(let location):
            if let cell = frame.selfCell { return try cell.checkedLoad(at: location) }
            throw ScriptError.runtime("`self` is only available inside a type", at: location)

        case .superReference(let location):
            throw ScriptError.unsupported("`super` outside a member access", at: location)

        case .member(let baseExpr, let name, let site, let location):
            if case .superReference = baseExpr {
                return try superMember(name, in: frame, at: location)
            }
            let base = try evaluate(baseExpr, in: frame)
            if let value = site.directRead(of: base, generation: memberGeneration) { return value }
            return try member(of: base, name, site: site, at: location)

        case .implicitMember(let name, let location):
            return try implicitMember(name, expected: expected, at: location)

        case .call(let callee, let arguments, let site, let location):
            return try evaluateCall(callee, arguments, site, in: frame, expected: expected, at: location)

        case .subscriptCall(let baseExpr, let arguments, let location):
            let base = try evaluate(baseExpr, in: frame)
            let indices = try arguments.map { try evaluate($0.value, in: frame) }
            return try subscriptGet(base, indices, labels: arguments.map(\.label), at: location)

        case .specialize(let baseExpr, let arguments, let location):
            let base = try evaluate(baseExpr, in: frame)
            guard case .metatype(let metatype) = base else {
                throw ScriptError.unsupported("generic arguments on a value", at: location)
            }
            return .metatype(Metatype(type: metatype.type, genericArguments: arguments))

        case .typeExpr(let type, let location):
            return .metatype(try metatype(for: type, at: location))

        case .binary(let op, let lhs, let rhs, let location):
            return try evaluateBinary(op, lhs, rhs, in: frame, at: location)

        case .prefix(let op, let operand, let location):
            return try evaluatePrefix(op, try evaluate(operand, in: frame, expected: expected), at: location)

        case .postfix(let op, let operand, let location):
            guard op == "..." else { throw ScriptError.unsupported("postfix `\(op)`", at: location) }
            return .range(RangeValue(kind: .from, lower: try evaluate(operand, in: frame), upper: nil))

        case .assign(let target, let valueExpr, let location):
            if case .discard = target {
                var result = try evaluate(valueExpr, in: frame)
                releaseUnkept(&result, at: location, explicitly: true)
                return .void
            }
            if case .tuple(_, let targets, _) = target {
                let value = try evaluate(valueExpr, in: frame)
                guard case .tuple(let tuple) = value, tuple.elements.count == targets.count else {
                    throw ScriptError.runtime("tuple assignment needs a tuple of \(targets.count) values", at: location)
                }
                for (element, elementTarget) in zip(tuple.elements, targets) {
                    try assign(element, to: elementTarget, in: frame)
                }
                return .void
            }
            if case .member(let baseExpr, let name, let site, let memberLocation) = target, !namesStorage(baseExpr) {
                // `make().value = 5`: a base that is computed is evaluated once, before the value, as Swift does.
                var base = try evaluate(baseExpr, in: frame)
                guard isReferenceValue(base) else {
                    throw ScriptError.runtime(
                        "cannot assign to property: '\(name)' of a value that is not stored anywhere",
                        at: memberLocation)
                }
                let value = try evaluate(valueExpr, in: frame, expected: memberType(of: base, name, site: site))
                try setMember(of: &base, name, to: value, site: site, at: memberLocation)
                return .void
            }
            let expectedType = try declaredType(of: target, in: frame)
            let value = try evaluate(valueExpr, in: frame, expected: expectedType)
            try assign(value, to: target, in: frame)
            return .void

        case .compoundAssign(let op, let target, let valueExpr, let location):
            if case .name(let reference, _, _) = target, let cell = frame.cell(reference),
                case .int(let current) = cell.value, let rhs = quickInteger(valueExpr, in: frame)
            {
                // `steps += 1` on an Int variable.
                cell.value = try applyBinary(op, .int(current), .int(rhs), at: location)
                return .void
            }
            // Swift reads the target after the right side (`pending += receive(x)` sees what
            // `receive` changed); only an implicit member (`demand += .max(1)`) needs it first.
            let current: Value
            let rhs: Value
            if Self.takesTypeFromContext(valueExpr) {
                current = try evaluate(target, in: frame)
                rhs = try evaluate(valueExpr, in: frame, expected: nil, context: current)
            } else {
                rhs = try evaluate(valueExpr, in: frame)
                current = try evaluate(target, in: frame)
            }
            let result = try applyBinary(op, current, rhs, at: location)
            try assign(result, to: target, in: frame)
            return .void

        case .ternary(let condition, let thenExpr, let elseExpr, _):
            if try truth(evaluate(condition, in: frame), at: condition.location) {
                return try evaluate(thenExpr, in: frame, expected: expected)
            }
            return try evaluate(elseExpr, in: frame, expected: expected)

        case .optionalUnwrap(let inner, _):
            return try Self.chainUnwrapped(evaluate(inner, in: frame))

        case .optionalChain(let inner, _):
            do {
                let value = try evaluate(inner, in: frame, expected: expected)
                if case .optional = value { return value }
                return .optional(value)
            } catch is OptionalChainExit {
                return .optional(nil)
            }

        case .forceUnwrap(let inner, let location, let implicit):
            return try Self.forceUnwrapped(evaluate(inner, in: frame), implicit: implicit, at: location)

        case .arrayLiteral(let elements, _):
            let elementType: TypeRef?
            switch expected {
            case .array(let element)?: elementType = element
            case .named(let parts, let arguments)? where parts == ["Set"] || parts == ["Array"]:
                elementType = arguments.first
            default: elementType = nil
            }
            var values = try elements.map { try evaluate($0, in: frame, expected: elementType) }
            if let elementType {
                values = try values.map { try coerce($0, to: elementType, at: expr.location) }
            } else {
                values = unifyLiteralElements(values)
            }
            if case .named(let parts, _)? = expected, parts == ["Set"] {
                return .set(OrderedSet(values))
            }
            return .array(values)

        case .dictionaryLiteral(let pairs, _):
            var keyType: TypeRef?
            var valueType: TypeRef?
            if case .dictionary(let key, let value)? = expected {
                keyType = key
                valueType = value
            }
            var dictionary = OrderedDictionary()
            var keys: [Value] = []
            var values: [Value] = []
            for (keyExpr, valueExpr) in pairs {
                keys.append(try evaluate(keyExpr, in: frame, expected: keyType))
                values.append(try evaluate(valueExpr, in: frame, expected: valueType))
            }
            if let valueType {
                values = try values.map { try coerce($0, to: valueType, at: expr.location) }
            } else {
                values = unifyLiteralElements(values)
            }
            for (key, value) in zip(unifyLiteralElements(keys), values) { dictionary[key] = value }
            return .dictionary(dictionary)

        case .tuple(let labels, let elements, _):
            var elementTypes: [TypeRef?] = Array(repeating: nil, count: elements.count)
            if case .tuple(let types)? = expected, types.count == elements.count { elementTypes = types }
            if case .labeledTuple(_, let types)? = expected, types.count == elements.count { elementTypes = types }
            var values: [Value] = []
            for (element, type) in zip(elements, elementTypes) {
                var value = try evaluate(element, in: frame, expected: type)
                if let type { value = try coerce(value, to: type, at: element.location) }
                values.append(value)
            }
            return .tuple(TupleValue(labels: labels, elements: values))

        case .closure(let decl, _):
            return try makeClosure(decl, in: frame)

        case .cast(let inner, let kind, let type, let location):
            let value = try evaluate(inner, in: frame, expected: kind == .coerce ? type : nil)
            return try cast(value, kind, to: type, at: location)

        case .isType(let inner, let type, let location):
            return .bool(try isInstance(try evaluate(inner, in: frame), of: type, at: location))

        case .tryExpr(let kind, let inner, let location):
            switch kind {
            case .plain:
                return try evaluate(inner, in: frame, expected: expected)
            case .optional:
                do {
                    let value = try evaluate(inner, in: frame, expected: expected?.optionalWrapped)
                    if case .optional = value { return value }
                    return .optional(value)
                } catch is ThrownValue {
                    return .optional(nil)
                }
            case .forced:
                do {
                    return try evaluate(inner, in: frame, expected: expected)
                } catch let thrown as ThrownValue {
                    throw ScriptError.runtime(
                        "'try!' expression unexpectedly raised an error: \(Formatter.describe(thrown.value, debug: true))",
                        at: location)
                }
            }

        case .keyPath(let root, let path, let location):
            return makeKeyPath(root: root, path: path, at: location)

        case .discard(let location):
            throw ScriptError(
                .syntax, "'_' can only appear in a pattern or on the left side of an assignment",
                at: location)

        case .statementExpression(let statement, let slot, _):
            _ = try execute(statement, in: frame)
            return frame.slots[slot]?.value ?? .void

        case .inoutMarker(let inner, _):
            return try evaluate(inner, in: frame)
        }
    }

    /// `value?` in an optional chain: the wrapped value, or the chain ends with nil.
    static func chainUnwrapped(_ value: Value) throws -> Value {
        guard case .optional(let wrapped) = value else { return value }
        guard let wrapped else { throw OptionalChainExit() }
        return wrapped
    }

    /// `value!`; `implicit` for a `T!` read where its value is needed.
    static func forceUnwrapped(_ value: Value, implicit: Bool = false, at location: SourceLocation) throws -> Value {
        guard case .optional(let wrapped) = value else { return value }
        guard let wrapped else {
            throw ScriptError.runtime(
                "unexpectedly found nil while \(implicit ? "implicitly " : "")unwrapping an Optional value",
                at: location)
        }
        return wrapped
    }

    /// Evaluates `expr` where an implicit member takes its type from a value already known
    /// (`demand > .none`, `d += .unlimited`).
    func evaluate(_ expr: Expr, in frame: Frame, expected: TypeRef?, context: Value) throws -> Value {
        if Self.takesTypeFromContext(expr) { return try evaluate(expr, in: frame, expected: typeRef(of: context)) }
        if case .integerLiteral(let value, _) = expr, case .double = context { return .double(Double(value)) }
        return try evaluate(expr, in: frame, expected: expected)
    }

    /// An implicit member (`.max(1)`, `.unlimited`), alone or as a branch of `?:`: its type
    /// comes from the other operand of an operator.
    static func takesTypeFromContext(_ expr: Expr) -> Bool {
        switch expr {
        case .implicitMember, .call(.implicitMember, _, _, _): return true
        case .ternary(_, let thenExpr, let elseExpr, _):
            return Self.takesTypeFromContext(thenExpr) || Self.takesTypeFromContext(elseExpr)
        default: return false
        }
    }

    static func isFloatingPoint(_ type: TypeRef) -> Bool {
        // Asked for every integer literal that has an expected type: no array, no joined name.
        guard case .named(let parts, _) = type, parts.count == 1 else { return false }
        // Most often `Int`: one byte decides it without comparing strings.
        switch parts[0].utf8.first {
        case UInt8(ascii: "D"), UInt8(ascii: "F"), UInt8(ascii: "C"), UInt8(ascii: "T"): break
        default: return false
        }
        switch parts[0] {
        case "Double", "Float", "CGFloat", "TimeInterval", "Float64", "Float32": return true
        default: return false
        }
    }

    /// `[1, 2.5]` is `[Double]` in Swift; `[1, nil]` is `[Int?]`.
    func unifyLiteralElements(_ values: [Value]) -> [Value] {
        var hasDouble = false
        var hasInt = false
        var hasOptional = false
        var hasOther = false
        for value in values {
            switch value {
            case .double: hasDouble = true
            case .int: hasInt = true
            case .optional: hasOptional = true
            default: hasOther = true
            }
        }
        var result = values
        if hasDouble && hasInt && !hasOther && !hasOptional {
            result = result.map { if case .int(let n) = $0 { return .double(Double(n)) } else { return $0 } }
        }
        if hasOptional && (hasInt || hasDouble || hasOther) {
            result = result.map { if case .optional = $0 { return $0 } else { return .optional($0) } }
        }
        return result
    }

    func makeClosure(_ decl: FunctionDecl, in frame: Frame) throws -> Value {
        var captured: [Cell] = []
        captured.reserveCapacity(decl.captures.count + decl.captureList.count)
        for source in decl.captures {
            switch source {
            case .local(let slot):
                if let cell = frame.slots[slot] {
                    captured.append(cell)
                } else {
                    // Declared but not yet initialized (a local function that calls itself).
                    let cell = Cell(.void)
                    frame.slots[slot] = cell
                    captured.append(cell)
                }
            case .captured(let index):
                captured.append(frame.captures[index])
            }
        }
        if !decl.captureList.isEmpty {
            for entry in decl.captureList {
                let value = try evaluate(entry.value, in: frame)
                switch entry.ownership {
                case .strong: captured.append(Cell(value))
                case .weak: captured.append(Cell(.weakReference(WeakReference(value.objectForWeakStorage))))
                case .unowned:
                    captured.append(Cell(.weakReference(WeakReference(value.objectForWeakStorage, isUnowned: true))))
                }
            }
        }
        return .function(FunctionValue(.script(decl, captures: captured, selfCell: nil)))
    }
}
