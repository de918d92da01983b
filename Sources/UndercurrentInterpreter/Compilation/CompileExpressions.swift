extension BodyCompiler {
    /// An expression evaluated against `expected`: the type the context wants, when known. It
    /// resolves implicit members (`.max(3)`) and gives literals their type.
    ///
    /// Every expression kind is compiled here and nowhere else.
    func expression(_ expr: Expr, expected: TypeRef? = nil) -> CompiledExpression {
        switch expr {
        case .literal(let value, _):
            return { _, _ in value }

        case .integerLiteral(let number, let location):
            var value = Value.int(number)
            if let expected {
                let wrapped = expected.optionalWrapped
                if Interpreter.isFloatingPoint(expected) || wrapped.map(Interpreter.isFloatingPoint) == true {
                    value = .double(Double(number))
                } else if let fixedWidth = Interpreter.fixedWidthIntegerName(wrapped ?? expected) {
                    // `let n: UInt8 = 200`: the literal is of that type (checked when it runs).
                    let type: TypeRef = .named([fixedWidth], [])
                    return { interpreter, _ in try interpreter.coerce(.int(number), to: type, at: location) }
                }
            }
            return { [value] _, _ in value }

        case .floatLiteral(let number, _):
            let value = Value.double(number)
            return { _, _ in value }

        case .stringLiteral(let text, _):
            let isCharacter = expected?.baseName == "Character" && text.count == 1
            let value = isCharacter ? Value.character(text.first!) : Value.string(text)
            return { _, _ in value }

        case .interpolatedString(let parts, let location):
            return interpolatedString(parts, at: location)

        case .nilLiteral:
            return { _, _ in .optional(nil) }

        case .name(let reference, let name, let location):
            return self.name(reference, name, at: location)

        case .selfReference(let location):
            return { _, frame in
                if let cell = frame.selfCell { return try cell.checkedLoad(at: location) }
                throw ScriptError.runtime("`self` is only available inside a type", at: location)
            }

        case .superReference(let location):
            return { _, _ in throw ScriptError.unsupported("`super` outside a member access", at: location) }

        case .member(.superReference, let name, _, let location):
            return { interpreter, frame in try interpreter.superMember(name, in: frame, at: location) }

        case .member(let baseExpr, let name, let siteIndex, let location):
            let site = tables.memberSite(siteIndex)
            let base = expressionWithNoContext(baseExpr)
            // Compiled when a read first finds an unset `lazy` property of a struct
            // (`lazyValueRead`): compiled with every read, a chain `a.b.c` would compile each
            // base again for each level's store, twice as many closures per level.
            let lazyStore = DeferredStore(compiler: self, target: expr)
            let read: CompiledExpression = { interpreter, frame in
                let value = try base(interpreter, frame)
                if let field = site.directRead(of: value, generation: interpreter.memberGeneration) { return field }
                if let initial = try interpreter.lazyValueRead(of: value, name, at: location) {
                    try lazyStore.storeLazyValue(initial, interpreter, frame)
                    return initial
                }
                return try interpreter.member(of: value, name, site: site, at: location)
            }
            if let (path, genericArguments) = Self.typePath(baseExpr) {
                return staticMemberRead(name, ofTypeAt: path, genericArguments, at: location, otherwise: read)
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
            if arguments.count == 1, arguments[0].label == nil {
                let index = expression(arguments[0].value)
                return { interpreter, frame in
                    let value = try base(interpreter, frame)
                    return try interpreter.subscriptGet(value, index: index(interpreter, frame), at: location)
                }
            }
            let indices = ExpressionList(arguments.map(\.value)) { expression($0) }
            let labels = arguments.map(\.label)
            return { interpreter, frame in
                let value = try base(interpreter, frame)
                let indexValues = try indices.evaluate(interpreter, frame)
                return try interpreter.subscriptGet(value, indexValues, labels: labels, at: location)
            }

        case .binary(let op, let lhs, let rhs, let location):
            return binary(op, lhs, rhs, expected: expected, at: location)

        case .implicitMember(let name, let location):
            let site = StaticMemberSite()
            return { interpreter, _ in
                if let constant = site.constant(at: interpreter.memberGeneration) { return constant }
                return try interpreter.implicitMember(name, expected: expected, site: site, at: location)
            }

        case .call(let callee, let arguments, let site, let location):
            return call(callee: callee, arguments, tables.callSite(site), expected: expected, at: location)

        case .specialize(let baseExpr, let arguments, let location):
            let base = expression(baseExpr)
            return { interpreter, frame in
                guard case .metatype(let metatype) = try base(interpreter, frame) else {
                    throw ScriptError.unsupported("generic arguments on a value", at: location)
                }
                return .metatype(Metatype(type: metatype.type, genericArguments: arguments))
            }

        case .typeExpr(let type, let location):
            // `[Int].self` prints as Swift spells it, `Array<Int>`, with its arguments.
            let spellsArguments: Bool
            switch type {
            case .optional, .implicitlyUnwrapped, .array, .dictionary: spellsArguments = true
            case .named(_, let arguments): spellsArguments = !arguments.isEmpty
            default: spellsArguments = false
            }
            return { interpreter, _ in
                let metatype = try interpreter.metatype(for: type, at: location)
                if spellsArguments {
                    metatype.spelling = (
                        SwiftTypeNames.name(of: type, in: interpreter, qualified: false),
                        SwiftTypeNames.name(of: type, in: interpreter, qualified: true)
                    )
                }
                return .metatype(metatype)
            }

        case .prefix(let op, let operandExpr, let location):
            let operand = expression(operandExpr, expected: expected)
            return { interpreter, frame in
                try interpreter.evaluatePrefix(op, operand(interpreter, frame), at: location)
            }

        case .rangeFrom(let operandExpr, _):
            let operand = expression(operandExpr)
            return { interpreter, frame in
                .range(RangeValue(kind: .from, lower: try operand(interpreter, frame), upper: nil))
            }

        case .assign(let target, let valueExpr, let location):
            return withIntegerStore(expr, otherwise: assignment(to: target, valueExpr, at: location))

        case .compoundAssign(let op, let target, let valueExpr, let location):
            return withIntegerStore(expr, otherwise: compoundAssignment(op, to: target, valueExpr, at: location))

        case .ternary(let conditionExpr, let thenExpr, let elseExpr, _):
            let condition = expression(conditionExpr)
            let conditionLocation = conditionExpr.location
            let then = expression(thenExpr, expected: expected)
            let otherwise = expression(elseExpr, expected: expected)
            // `flag ? 5 : nil` is an `Int?`: the branch that is not an Optional is wrapped in
            // one when the other branch is.
            let thenOptionality = Optionality(elseExpr)
            let elseOptionality = Optionality(thenExpr)
            return { interpreter, frame in
                if try interpreter.truth(condition(interpreter, frame), at: conditionLocation) {
                    return thenOptionality.joining(try then(interpreter, frame), interpreter, frame)
                }
                return elseOptionality.joining(try otherwise(interpreter, frame), interpreter, frame)
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
            let inner = expressionWithNoContext(innerExpr)
            return { interpreter, frame in
                try Interpreter.forceUnwrapped(inner(interpreter, frame), implicit: implicit, at: location)
            }

        case .arrayLiteral(let elements, let location):
            return arrayLiteral(elements, expected: expected, at: location)

        case .dictionaryLiteral(let pairs, let location):
            return dictionaryLiteral(pairs, expected: expected, at: location)

        case .tuple(let labels, let elements, _):
            return tuple(labels, elements, expected: expected)

        case .closure(let decl, _):
            if decl.returnType == nil, let result = Self.closureResultType(expected) {
                let state = tables.state(of: decl)
                if !state.isCompiled { state.contextReturnType = result }
            }
            if let function { tables.state(of: decl).enclosingFunction = function }
            return closure(decl)

        case .cast(let innerExpr, let kind, let type, let location):
            let inner = expression(innerExpr, expected: kind == .coerce ? type : nil)
            return { interpreter, frame in try interpreter.cast(inner(interpreter, frame), kind, to: type, at: location)
            }

        case .isType(let innerExpr, let type, let location):
            let inner = expression(innerExpr)
            return { interpreter, frame in
                .bool(try interpreter.isInstance(inner(interpreter, frame), of: type, at: location))
            }

        case .tryExpr(.plain, let innerExpr, _):
            return expression(innerExpr, expected: expected)

        case .awaitExpr(let innerExpr, _):
            let inner = expression(innerExpr, expected: expected)
            return { interpreter, frame in
                interpreter.awaitCover += 1
                defer { interpreter.awaitCover -= 1 }
                return try inner(interpreter, frame)
            }

        case .tryExpr(.optional, let innerExpr, _):
            let inner = expression(innerExpr, expected: expected?.optionalWrapped)
            return { interpreter, frame in
                do {
                    let value = try inner(interpreter, frame)
                    if case .optional = value { return value }
                    return .optional(value)
                } catch is ThrownValue {
                    return .optional(nil)
                }
            }

        case .tryExpr(.forced, let innerExpr, let location):
            let inner = expression(innerExpr, expected: expected)
            return { interpreter, frame in
                do {
                    return try inner(interpreter, frame)
                } catch let thrown as ThrownValue {
                    throw ScriptError.runtime(
                        "'try!' expression unexpectedly raised an error: \(Formatter.describe(thrown.value, debug: true))",
                        at: location)
                }
            }

        case .keyPath(let root, let path, let location):
            return { interpreter, _ in interpreter.makeKeyPath(root: root, path: path, at: location) }

        case .discard(let location):
            return { _, _ in
                throw ScriptError(
                    .syntax, "'_' can only appear in a pattern or on the left side of an assignment",
                    at: location)
            }

        case .statementExpression(let statement, let slot, _):
            // An `if`/`switch` used as a value: each branch leaves its value in `slot`,
            // which is emptied as the value is taken.
            var compiler = self
            if let expected { compiler.valueTypes[slot] = expected }
            let run = compiler.statement(statement)
            let emptied = [slot]
            return { interpreter, frame in
                _ = try run(interpreter, frame)
                let value = frame.slots[slot]?.value ?? .void
                frame.clear(emptied)
                return value
            }

        case .inoutMarker(let innerExpr, _):
            return expression(innerExpr)

        case .withTemporaries(let bindings, let clearing, let innerExpr, _):
            let parts = bindings.map { (slot: $0.slot, value: expression($0.value)) }
            let inner = expression(innerExpr, expected: expected)
            return { interpreter, frame in
                defer { frame.clear(clearing) }
                for part in parts { frame.fill(part.slot, with: try part.value(interpreter, frame)) }
                return try inner(interpreter, frame)
            }

        case .genericParameter(let name, let source, let location):
            switch source {
            case .metatypeArgument(let argument):
                return expression(argument)
            case .valueArgument(let argumentExpr):
                let argument = expression(argumentExpr)
                return { interpreter, frame in
                    try interpreter.genericParameterType(name, of: argument(interpreter, frame), at: location)
                }
            case .elementOfArgument(let argumentExpr):
                let argument = expression(argumentExpr)
                return { interpreter, frame in
                    guard case .array(let elements) = try argument(interpreter, frame).loaded,
                        let first = elements.first
                    else {
                        throw ScriptError.unsupported(
                            "`\(name)` as a value when the array it would be read from is empty: generics are "
                                + "erased at run time; pass `\(name).self` as a parameter of type `\(name).Type`",
                            at: location)
                    }
                    return try interpreter.genericParameterType(name, of: first, at: location)
                }
            case .unknown(let why):
                return { _, _ in
                    throw ScriptError.unsupported("`\(name)` as a value here: \(why)", at: location)
                }
            }

        case .temporary(let slot, let originalExpr, _):
            let original = expression(originalExpr)
            return { interpreter, frame in
                if let cell = frame.slots[slot], !interpreter.isUninitialized(cell.value) { return cell.value }
                let value = try original(interpreter, frame)
                frame.fill(slot, with: value)
                return value
            }
        }
    }

    // MARK: - Literals and closures

    private func interpolatedString(_ parts: [StringPart], at location: SourceLocation) -> CompiledExpression {
        enum Piece {
            case text(String)
            case value(CompiledExpression)
        }
        let pieces = parts.map { part -> Piece in
            switch part {
            case .text(let text): .text(text)
            case .interpolation(let inner): .value(expressionWithNoContext(inner))
            }
        }
        return { interpreter, frame in
            var result = ""
            for piece in pieces {
                switch piece {
                case .text(let text): result += text
                case .value(let value):
                    result += try Formatter.describe(value(interpreter, frame), debug: false, interpreter: interpreter)
                }
                try interpreter.checkSize(result.utf8.count, "a string", at: location)
            }
            return .string(result)
        }
    }

    private func arrayLiteral(_ elements: [Expr], expected: TypeRef?, at location: SourceLocation) -> CompiledExpression
    {
        let elementType: TypeRef?
        switch expected {
        case .array(let element)?: elementType = element
        case .named(let parts, let arguments)? where parts == ["Set"] || parts == ["Array"]:
            elementType = arguments.first
        default: elementType = nil
        }
        let isSet: Bool
        if case .named(let parts, _)? = expected, parts == ["Set"] { isSet = true } else { isSet = false }
        if elementType == nil, !isSet, elements.contains(where: Interpreter.takesTypeFromContext),
            !elements.allSatisfy(Interpreter.takesTypeFromContext)
        {
            return arrayLiteralTypedByItsElements(elements)
        }
        let values = ExpressionList(elements) { element in
            elementType.map { expression(element, expected: $0) } ?? expressionWithNoContext(element)
        }
        return { interpreter, frame in
            var elementValues = try values.evaluate(interpreter, frame)
            if let elementType {
                if interpreter.typeRulesOutOptionals(elementType) {
                    // `[count]` for a `[Int]`, `count` a `T!`: the only Optional Swift lets in.
                    elementValues = try elementValues.map {
                        try Interpreter.forceUnwrapped($0, implicit: true, at: location)
                    }
                }
                elementValues = try elementValues.map { try interpreter.coerce($0, to: elementType, at: location) }
            } else {
                elementValues = interpreter.unifyLiteralElements(elementValues)
            }
            return isSet ? .set(OrderedSet(elementValues)) : .array(elementValues)
        }
    }

    /// `[Subscribers.Demand.max(1), .none]`: an element with no type of its own (`.none`)
    /// takes the type of another element, as Swift infers the array's type from its elements.
    /// Evaluated in order, as written, except that a bare implicit member before the first
    /// element with a type (`[.none, Optional(3)]`), which runs no code, is made after it.
    private func arrayLiteralTypedByItsElements(_ elements: [Expr]) -> CompiledExpression {
        enum Element {
            case typed(CompiledExpression)
            case contextual(ExpressionCode, deferrable: Bool)
        }
        let compiled: [Element] = elements.map {
            guard Interpreter.takesTypeFromContext($0) else { return .typed(expression($0)) }
            if case .implicitMember = $0 { return .contextual(ExpressionCode($0, compiler: self), deferrable: true) }
            return .contextual(ExpressionCode($0, compiler: self), deferrable: false)
        }
        return { interpreter, frame in
            var values: [Value?] = []
            values.reserveCapacity(compiled.count)
            var context: Value?
            var deferred: [(index: Int, code: ExpressionCode)] = []
            for element in compiled {
                switch element {
                case .typed(let evaluate):
                    let value = try evaluate(interpreter, frame)
                    if context == nil {
                        context = value
                        for (index, code) in deferred {
                            values[index] = try code.evaluate(interpreter, frame, context: value)
                        }
                        deferred = []
                    }
                    values.append(value)
                case .contextual(let code, let deferrable):
                    if let context {
                        values.append(try code.evaluate(interpreter, frame, context: context))
                    } else if deferrable {
                        deferred.append((values.count, code))
                        values.append(nil)
                    } else {
                        values.append(try code.evaluate(interpreter, frame, expected: nil))
                    }
                }
            }
            for (index, code) in deferred {
                values[index] = try code.evaluate(interpreter, frame, expected: nil)
            }
            return .array(interpreter.unifyLiteralElements(values.map { $0 ?? .void }))
        }
    }

    private func dictionaryLiteral(
        _ pairs: [(Expr, Expr)], expected: TypeRef?, at location: SourceLocation
    ) -> CompiledExpression {
        var keyType: TypeRef?
        var valueType: TypeRef?
        if case .dictionary(let key, let value)? = expected {
            keyType = key
            valueType = value
        }
        struct Pair {
            let key: CompiledExpression
            let value: CompiledExpression
        }
        let compiled = pairs.map {
            Pair(key: expression($0.0, expected: keyType), value: expression($0.1, expected: valueType))
        }
        return { [valueType] interpreter, frame in
            var keys: [Value] = []
            var values: [Value] = []
            for pair in compiled {
                keys.append(try pair.key(interpreter, frame))
                values.append(try pair.value(interpreter, frame))
            }
            if let valueType {
                if interpreter.typeRulesOutOptionals(valueType) {
                    // As in an array literal: a `T!` is unwrapped for a non-optional value type.
                    values = try values.map { try Interpreter.forceUnwrapped($0, implicit: true, at: location) }
                }
                values = try values.map { try interpreter.coerce($0, to: valueType, at: location) }
            } else {
                values = interpreter.unifyLiteralElements(values)
            }
            var dictionary = OrderedDictionary()
            for (key, value) in zip(interpreter.unifyLiteralElements(keys), values) { dictionary[key] = value }
            return .dictionary(dictionary)
        }
    }

    private func tuple(_ labels: [String?], _ elements: [Expr], expected: TypeRef?) -> CompiledExpression {
        var elementTypes: [TypeRef?] = Array(repeating: nil, count: elements.count)
        if case .tuple(let types)? = expected, types.count == elements.count { elementTypes = types }
        if case .labeledTuple(_, let types)? = expected, types.count == elements.count { elementTypes = types }
        struct Element {
            let value: CompiledExpression
            let type: TypeRef?
            let location: SourceLocation
        }
        let compiled = zip(elements, elementTypes).map { element, type in
            Element(
                value: type.map { expression(element, expected: $0) } ?? expressionWithNoContext(element), type: type,
                location: element.location)
        }
        return { interpreter, frame in
            var values: [Value] = []
            values.reserveCapacity(compiled.count)
            for element in compiled {
                var value = try element.value(interpreter, frame)
                if let type = element.type { value = try interpreter.coerce(value, to: type, at: element.location) }
                values.append(value)
            }
            return .tuple(TupleValue(labels: labels, elements: values))
        }
    }

    /// The result type a closure expected as `expected` returns, when it returns a value.
    private static func closureResultType(_ expected: TypeRef?) -> TypeRef? {
        switch expected {
        case .function(_, let result)?, .optional(.function(_, let result))?:
            if case .named(["Void"], _) = result { return nil }
            if case .tuple(let elements) = result, elements.isEmpty { return nil }
            return result
        default:
            return nil
        }
    }

    /// A closure or local function: a function value holding the cells it captures, and the
    /// values of its capture list taken now.
    func closure(_ decl: FunctionDecl) -> CompiledExpression {
        struct CompiledCapture {
            let value: CompiledExpression
            let ownership: CaptureListEntry.Ownership
        }
        let captures = decl.captures
        let captureList = decl.captureList.map { CompiledCapture(value: expression($0.value), ownership: $0.ownership) }
        return { interpreter, frame in
            var captured: [Cell] = []
            captured.reserveCapacity(captures.count + captureList.count)
            for source in captures {
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
            for entry in captureList {
                let value = try entry.value(interpreter, frame)
                switch entry.ownership {
                case .strong: captured.append(Cell(value))
                case .weak: captured.append(Cell(.weakReference(WeakReference(value.objectForWeakStorage))))
                case .unowned:
                    captured.append(Cell(.weakReference(WeakReference(value.objectForWeakStorage, isUnowned: true))))
                }
            }
            return .function(FunctionValue(.script(decl, captures: captured, selfCell: nil)))
        }
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
        _ op: BinaryOperator, _ lhsExpr: Expr, _ rhsExpr: Expr, expected: TypeRef?,
        at location: SourceLocation
    ) -> CompiledExpression {
        let whole = Expr.binary(op, lhsExpr, rhsExpr, location)
        if let value = LiteralArithmetic.doubleValue(whole),
            LiteralArithmetic.hasFloatLiteral(whole)
                || expected.map({ LiteralArithmetic.isFloatingPoint($0.optionalWrapped ?? $0) }) == true
        {
            // `let half: Double = 7 / 2`, `1 / 2 * 2.0`: literals typed together, as Doubles
            // (also where a `Double?` is wanted).
            return { _, _ in .double(value) }
        }
        if !LiteralArithmetic.isIntegerLiterals(lhsExpr),
            let asDouble = LiteralArithmetic.integerOperationAsDouble(rhsExpr)
        {
            // `price * (1 / 4)`, `0.4 > 1 / 2`: the literals' arithmetic is a Double's beside a Double.
            return literalOperation(op, rhsExpr, asDouble, beside: lhsExpr, literalOnLeft: false, at: location)
        }
        if !LiteralArithmetic.isIntegerLiterals(rhsExpr),
            let asDouble = LiteralArithmetic.integerOperationAsDouble(lhsExpr)
        {
            return literalOperation(op, lhsExpr, asDouble, beside: rhsExpr, literalOnLeft: true, at: location)
        }
        if let expected, op.givesItsOperandsType,
            Interpreter.takesTypeFromContext(lhsExpr) && Interpreter.takesTypeFromContext(rhsExpr)
        {
            // `let d: Subscribers.Demand = .max(3) + .max(2)`: neither side has a type of its
            // own, so both take the one the result must have, as `+` on a type gives that type.
            return generalBinary(
                op, lhsExpr, expression(lhsExpr, expected: expected), rhsExpr, expression(rhsExpr, expected: expected),
                at: location)
        }
        if let expected, op.givesItsOperandsType,
            Interpreter.takesTypeFromContext(lhsExpr) != Interpreter.takesTypeFromContext(rhsExpr)
        {
            // `let d: Subscribers.Demand = .max(2) * 3`, `let x: Double = .pi * 2`: the side
            // with no type of its own takes the result's, not the other side's (an Int).
            let lhs =
                Interpreter.takesTypeFromContext(lhsExpr)
                ? expression(lhsExpr, expected: expected) : expression(lhsExpr)
            let rhs =
                Interpreter.takesTypeFromContext(rhsExpr)
                ? expression(rhsExpr, expected: expected) : expression(rhsExpr)
            return literalsTakingTheOtherSidesType(op, lhsExpr, lhs, rhsExpr, rhs, at: location)
        }
        let lhs = expression(lhsExpr)
        let rhs = expression(rhsExpr)
        let lhsLocation = lhsExpr.location
        let rhsLocation = rhsExpr.location
        switch op {
        case .and:
            return { interpreter, frame in
                guard try interpreter.truth(lhs(interpreter, frame), at: lhsLocation) else { return .bool(false) }
                return .bool(try interpreter.truth(rhs(interpreter, frame), at: rhsLocation))
            }
        case .or:
            return { interpreter, frame in
                if try interpreter.truth(lhs(interpreter, frame), at: lhsLocation) { return .bool(true) }
                return .bool(try interpreter.truth(rhs(interpreter, frame), at: rhsLocation))
            }
        case .nilCoalescing:
            return nilCoalescing(lhsExpr, lhs, rhsExpr, rhs, keepsOptionalRightSide: false)
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

    /// `lhs ?? rhs`. `dictionary[key] ?? nil` is an Optional (Swift's `??` of two Optionals):
    /// what the left side wraps stays wrapped. Other Optional right sides depend on the
    /// context: where an `Any` is wanted (`print(b ?? a)`), Swift makes the Optional `a` the
    /// `Any` and gives what `b` wraps as it is; with no type wanted at all (`let c = b ?? a`,
    /// `keepsOptionalRightSide`) the result is an Optional, told from the right side's static
    /// type when the left side has a value.
    private func nilCoalescing(
        _ lhsExpr: Expr, _ lhs: @escaping CompiledExpression, _ rhsExpr: Expr, _ rhs: @escaping CompiledExpression,
        keepsOptionalRightSide: Bool
    ) -> CompiledExpression {
        let rhsIsNil = if case .nilLiteral = rhsExpr { true } else { false }
        let rhsIsIntegerLiteral = if case .integerLiteral = rhsExpr { true } else { false }
        return { interpreter, frame in
            let value = try lhs(interpreter, frame)
            guard case .optional(let wrapped) = value else { return value }
            guard let wrapped else {
                let fallback = try rhs(interpreter, frame)
                // `shop?.price(of: "cake") ?? 0` is a Double: the literal takes the type the
                // left side wraps, which its nil does not show.
                guard rhsIsIntegerLiteral else { return fallback }
                // Either way of telling may know it: what a variable holds (a nil says little),
                // or what the declarations give (`$0` of a `[Double?]`'s `map`).
                let told = [
                    interpreter.staticType(of: lhsExpr, in: frame), interpreter.writtenType(of: lhsExpr, in: frame),
                ]
                if let wrappedType = told.lazy.compactMap({ $0?.optionalWrapped }).first(where: {
                    Interpreter.isFloatingPoint($0) || Interpreter.fixedWidthIntegerName($0) != nil
                }) {
                    return try interpreter.coerce(fallback, to: wrappedType, at: rhsExpr.location)
                }
                return fallback
            }
            if rhsIsNil { return value }
            if keepsOptionalRightSide,
                interpreter.staticType(of: rhsExpr, in: frame)?.isOptionalOrOptionalValue == true
            {
                return value
            }
            return wrapped
        }
    }

    /// An expression where no type is wanted (the initializer of a `let` written without a
    /// type, the base of a member, an interpolation): as `expression(_:)`, but `??` of two
    /// Optionals is then an Optional, as it is not where an `Any` is wanted.
    func expressionWithNoContext(_ expr: Expr) -> CompiledExpression {
        guard case .binary(.nilCoalescing, let lhsExpr, let rhsExpr, _) = expr else { return expression(expr) }
        return nilCoalescing(
            lhsExpr, expression(lhsExpr), rhsExpr, expression(rhsExpr), keepsOptionalRightSide: true)
    }

    /// `lhs op rhs` compiled as a comparison of Ints, when it is one of Int operands.
    func integerComparison(_ op: BinaryOperator, _ lhsExpr: Expr, _ rhsExpr: Expr) -> CompiledComparison? {
        guard FastPaths.enabled, let comparisonOperator = ComparisonOperator(op), let lhs = IntegerOperand(lhsExpr),
            let rhs = IntegerOperand(rhsExpr), lhs.readsVariable || rhs.readsVariable
        else { return nil }
        return comparison(comparisonOperator, lhs, rhs)
    }

    /// A binary operator past the Int fast paths: an implicit member or an integer literal on
    /// one side takes its type from the other side's value.
    private func generalBinary(
        _ op: BinaryOperator, _ lhsExpr: Expr, _ lhs: @escaping CompiledExpression,
        _ rhsExpr: Expr, _ rhs: @escaping CompiledExpression,
        at location: SourceLocation
    ) -> CompiledExpression {
        let binaryOperator = OperatorApplication(op, at: location)
        @inline(__always)
        func apply(_ interpreter: Interpreter, _ lhs: Value, _ rhs: Value) throws -> Value {
            try binaryOperator.apply(lhs, rhs, in: interpreter)
        }
        let lhsFromContext = Interpreter.takesTypeFromContext(lhsExpr)
        let rhsFromContext = Interpreter.takesTypeFromContext(rhsExpr)
        if lhsFromContext && !rhsFromContext {
            let lhsCode = ExpressionCode(lhsExpr, compiler: self)
            return { interpreter, frame in
                let right = try rhs(interpreter, frame)
                let left = try lhsCode.evaluate(interpreter, frame, context: right)
                return try apply(interpreter, left, right)
            }
        }
        if rhsFromContext {
            let rhsCode = ExpressionCode(rhsExpr, compiler: self)
            return { interpreter, frame in
                let left = try lhs(interpreter, frame)
                let right = try rhsCode.evaluate(interpreter, frame, context: left)
                return try apply(interpreter, left, right)
            }
        }
        return literalsTakingTheOtherSidesType(op, lhsExpr, lhs, rhsExpr, rhs, at: location)
    }

    /// `lhs op rhs`, where an integer literal on either side is a Double when the other side
    /// is (`price * 2`, `2 * .pi`).
    private func literalsTakingTheOtherSidesType(
        _ op: BinaryOperator, _ lhsExpr: Expr, _ lhs: @escaping CompiledExpression,
        _ rhsExpr: Expr, _ rhs: @escaping CompiledExpression,
        at location: SourceLocation
    ) -> CompiledExpression {
        let binaryOperator = OperatorApplication(op, at: location)
        // A shift's sides take no type from each other: `1 << count` is an Int whatever
        // `count` is, and the count may be any integer type.
        if !op.isShift, case .integerLiteral(let number, let literalLocation) = rhsExpr {
            return { interpreter, frame in
                let left = try lhs(interpreter, frame)
                return try binaryOperator.apply(
                    left, Interpreter.integerLiteral(number, besides: left, at: literalLocation), in: interpreter)
            }
        }
        if !op.isShift, case .integerLiteral(let number, let literalLocation) = lhsExpr {
            return { interpreter, frame in
                let right = try rhs(interpreter, frame)
                return try binaryOperator.apply(
                    Interpreter.integerLiteral(number, besides: right, at: literalLocation), right, in: interpreter)
            }
        }
        if [.plus, .equal, .notEqual].contains(op), Self.isArrayOfIntegerLiterals(rhsExpr) {
            return { interpreter, frame in
                let left = try lhs(interpreter, frame)
                let right = try Self.integerLiterals(rhs(interpreter, frame), besides: left, at: rhsExpr.location)
                return try binaryOperator.apply(left, right, in: interpreter)
            }
        }
        if [.plus, .equal, .notEqual].contains(op), Self.isArrayOfIntegerLiterals(lhsExpr) {
            return { interpreter, frame in
                let left = try lhs(interpreter, frame)
                let right = try rhs(interpreter, frame)
                return try binaryOperator.apply(
                    Self.integerLiterals(left, besides: right, at: lhsExpr.location), right, in: interpreter)
            }
        }
        return { interpreter, frame in
            let left = try lhs(interpreter, frame)
            return try binaryOperator.apply(left, rhs(interpreter, frame), in: interpreter)
        }
    }

    /// `[1, 2]`: an array literal whose elements take the other side's element type
    /// (`prices + [4]` is `[…, 4.0]`).
    private static func isArrayOfIntegerLiterals(_ expr: Expr) -> Bool {
        guard case .arrayLiteral(let elements, _) = expr, !elements.isEmpty else { return false }
        return elements.allSatisfy {
            if case .integerLiteral = $0 { true } else { false }
        }
    }

    /// The elements of an array of integer literals, of the type of the elements of `other`
    /// (a `Double`, a fixed-width integer), when it has any. An empty array's element type
    /// is known only where it is declared, which lowering writes as the literal's type.
    private static func integerLiterals(_ literals: Value, besides other: Value, at location: SourceLocation) throws
        -> Value
    {
        guard case .array(let elements) = literals, case .array(let others) = other, let first = others.first else {
            return literals
        }
        return .array(
            try elements.map {
                guard case .int(let number) = $0 else { return $0 }
                return try Interpreter.integerLiteral(number, besides: first, at: location)
            })
    }

    // MARK: - Assignment

    /// `target = value`. The value takes its type from the target's declared type
    /// (`generalAssignment`), except where the value's type does not depend on it: then a
    /// variable, or a property of a variable or of `self`, is stored into without that step.
    private func assignment(to target: Expr, _ valueExpr: Expr, at location: SourceLocation) -> CompiledExpression {
        if case .discard(let location) = target {
            let value = expression(valueExpr)
            return { interpreter, frame in
                var result = try value(interpreter, frame)
                interpreter.releaseUnkept(&result, at: location, explicitly: true)
                return .void
            }
        }
        guard Self.ignoresExpectedType(valueExpr) else { return generalAssignment(to: target, valueExpr, at: location) }
        switch target {
        case .name(.local(let slot), _, _):
            let value = expression(valueExpr)
            let store = self.store(to: target)
            return { interpreter, frame in
                let newValue = try value(interpreter, frame)
                if case .int = newValue, let cell = frame.slots[slot], case .int = cell.value {
                    cell.value = newValue
                } else {
                    try store(newValue, interpreter, frame)
                }
                return .void
            }
        case .name:
            break
        case .member(.selfReference, _, _, _), .member(.name(.local, _, _), _, _, _),
            .member(.name(.captured, _, _), _, _, _):
            break
        default:
            return generalAssignment(to: target, valueExpr, at: location)
        }
        let value = expression(valueExpr)
        let store = self.store(to: target)
        return { interpreter, frame in
            try store(value(interpreter, frame), interpreter, frame)
            return .void
        }
    }

    private func compoundAssignment(
        _ op: BinaryOperator, to target: Expr, _ valueExpr: Expr,
        at location: SourceLocation
    ) -> CompiledExpression {
        let binaryOperator = OperatorApplication(op, at: location)
        let current = expression(target)
        let rhs = expression(valueExpr)
        let store = quickStore(to: target)
        let general: CompiledExpression
        if Interpreter.takesTypeFromContext(valueExpr) {
            // `demand += .max(1)`: the target is read first, to give the member its type.
            let rhsCode = ExpressionCode(valueExpr, compiler: self)
            general = { interpreter, frame in
                let currentValue = try current(interpreter, frame)
                let rhsValue = try rhsCode.evaluate(interpreter, frame, context: currentValue)
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
                        // A library scalar and a value its type computes on bits (`demand +=
                        // subscriber.receive(next)`): its type's operator, which the general
                        // path asks first, without `Value`s in between.
                        if case .scalar(let old) = cell.value, case .scalar = rhsValue,
                            case .bits(let bits)? = old.operated(op, rhsValue)
                        {
                            return interpreter.store(.scalar(old.withBits(bits)), intoVariable: cell)
                        }
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

    /// Stores a computed value into `target` as `store(to:)` does, with the cell of a
    /// variable, or a collection changed in place, found without a lookup by name
    /// (`demand -= 1` on every value).
    private func quickStore(to target: Expr) -> CompiledStore {
        let general = store(to: target)
        switch target {
        case .name(let reference, _, _) where !reference.isDynamic:
            return { value, interpreter, frame in
                if let cell = frame.cell(reference) {
                    interpreter.store(value, intoVariable: cell)
                } else {
                    try general(value, interpreter, frame)
                }
            }
        case .subscriptCall(.name(let reference, let name, _), let arguments, let location):
            // `counts[i] += 1` on an array or dictionary variable: changed in place, as
            // `store(to:)` does, with the variable found without a lookup by name.
            let indices = ExpressionList(arguments.map(\.value)) { expression($0) }
            let labels = arguments.map(\.label)
            let singleIndex = arguments.count == 1 && arguments[0].label == nil ? expression(arguments[0].value) : nil
            let globalSite = GlobalSiteCache()
            let localType = declaredCollectionType(of: reference)
            return { value, interpreter, frame in
                let cell: Cell
                let declaredType: TypeRef?
                if case .dynamic = reference {
                    guard frame.selfCell == nil, let global = globalSite.global(name, in: interpreter),
                        !global.isConstant, Interpreter.editsInPlace(declaredType: global.type)
                    else {
                        return try general(value, interpreter, frame)
                    }
                    (cell, declaredType) = (global.cell, global.type)
                } else if let variable = frame.cell(reference) {
                    (cell, declaredType) = (variable, localType)
                } else {
                    return try general(value, interpreter, frame)
                }
                guard cell.value.isEditedInPlaceBySubscript else {
                    return try general(value, interpreter, frame)
                }
                if let singleIndex {
                    return try interpreter.storeBySubscript(
                        value, into: cell, declaredType: declaredType, index: singleIndex(interpreter, frame),
                        at: location)
                }
                try interpreter.storeBySubscript(
                    value, into: cell, declaredType: declaredType,
                    indices: indices.evaluate(interpreter, frame), labels: labels,
                    at: location)
            }
        case .name(_, let name, let location):
            // Outside a type a name can only be a global (what `store(to:)` finds).
            let globalSite = GlobalSiteCache()
            return { value, interpreter, frame in
                if frame.selfCell == nil, let global = globalSite.global(name, in: interpreter) {
                    try interpreter.assign(value, toGlobal: global, named: name, at: location)
                } else {
                    try general(value, interpreter, frame)
                }
            }
        default:
            return general
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

    /// Expressions whose value is worked out without looking at the expected type.
    static func ignoresExpectedType(_ expr: Expr) -> Bool {
        switch expr {
        case .literal, .floatLiteral, .nilLiteral, .name, .selfReference, .member, .subscriptCall,
            .assign, .compoundAssign, .forceUnwrap, .optionalUnwrap, .isType, .inoutMarker, .temporary:
            return true
        case .binary:
            // Arithmetic on integer literals takes the expected type: `ratio = 1 / 4` into a
            // Double is 0.25, not the 0 of an Int division made a Double.
            return LiteralArithmetic.integerOperationAsDouble(expr) == nil
        default:
            return false
        }
    }
}

/// A binary operator as compiled code applies it: `Interpreter.applyBinary`, with the
/// common operand kinds tried first.
struct OperatorApplication {
    let op: BinaryOperator
    let location: SourceLocation
    /// `...`, `..<`, `===`, `!==` and `~=`, which `applyBinary` handles before asking a
    /// native operand.
    let isHandledBeforeNatives: Bool

    init(_ op: BinaryOperator, at location: SourceLocation) {
        self.op = op
        self.location = location
        self.isHandledBeforeNatives = [.closedRange, .halfOpenRange, .identical, .notIdentical, .patternMatch]
            .contains(op)
    }

    @inline(__always)
    func apply(_ lhs: Value, _ rhs: Value, in interpreter: Interpreter) throws -> Value {
        switch lhs {
        case .int(let a):
            if case .int(let b) = rhs { return try interpreter.integerOperation(op, a, b, at: location) }
        case .scalar(let scalar) where !isHandledBeforeNatives:
            // `demand > 0`, `demand += received`: what `applyBinary` reaches after its checks by name.
            if let result = try interpreter.applyScalarOperator(op, scalar, lhs, rhs, at: location) {
                return result
            }
        case .native(let native) where !isHandledBeforeNatives:
            if let result = try interpreter.locating(location, { try native.applyOperator(op, lhs, rhs) }) {
                return result
            }
        default:
            break
        }
        return try interpreter.applyBinary(op, lhs, rhs, at: location)
    }
}

extension BodyCompiler {
    /// `op` between arithmetic over integer literals (`1 / 4`, worth `asDouble` as Doubles)
    /// and another operand: the literals are Doubles when the other operand is one, and Ints
    /// otherwise. The literals have no effects, so the other operand is evaluated first.
    fileprivate func literalOperation(
        _ op: BinaryOperator, _ literalExpr: Expr, _ asDouble: Double, beside otherExpr: Expr,
        literalOnLeft: Bool, at location: SourceLocation
    ) -> CompiledExpression {
        let application = OperatorApplication(op, at: location)
        let literal = expression(literalExpr)
        let other = expression(otherExpr)
        return { interpreter, frame in
            let otherValue = try other(interpreter, frame)
            let literalValue: Value
            if case .double = otherValue {
                literalValue = .double(asDouble)
            } else {
                literalValue = try literal(interpreter, frame)
            }
            return try literalOnLeft
                ? application.apply(literalValue, otherValue, in: interpreter)
                : application.apply(otherValue, literalValue, in: interpreter)
        }
    }
}

/// Whether an expression is an Optional, where a value from a branch beside it takes its type
/// (`flag ? 5 : nil`, `flag ? 5 : optional`): told from the expression when it is compiled where it can
/// be, and else from its static type when the code runs.
enum Optionality {
    case optional
    case notOptional
    case askWhenRun(Expr)

    init(_ expr: Expr) {
        switch expr {
        case .nilLiteral, .optionalChain, .cast(_, .conditional, _, _):
            self = .optional
        case .cast(_, _, let type, _):
            self = type.optionalWrapped != nil ? .optional : .notOptional
        case .literal, .integerLiteral, .floatLiteral, .stringLiteral, .interpolatedString, .arrayLiteral,
            .dictionaryLiteral, .closure, .tuple, .isType, .keyPath:
            self = .notOptional
        default:
            self = .askWhenRun(expr)
        }
    }

    /// `value` as the joint type has it: wrapped in an Optional when the other side is one
    /// and `value` is not.
    @inline(__always)
    func joining(_ value: Value, _ interpreter: Interpreter, _ frame: Frame) -> Value {
        switch self {
        case .notOptional:
            return value
        case .optional:
            return value.wrappedUnlessOptional
        case .askWhenRun(let expr):
            if case .optional = value { return value }
            guard interpreter.staticType(of: expr, in: frame)?.optionalWrapped != nil else { return value }
            return .optional(value)
        }
    }
}
