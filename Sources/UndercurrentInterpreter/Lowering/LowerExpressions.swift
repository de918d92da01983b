@_spi(Compiler) import SwiftParser
import SwiftSyntax

extension Lowerer {
    /// Lowers an expression. `chainBase` is true while lowering the base of a member access,
    /// call, subscript or unwrap: an optional chain ends only at the outermost of these.
    func lowerExpr(_ expr: ExprSyntax, chainBase: Bool = false) throws -> Expr {
        // Lowering and evaluation recurse once per level of an expression; a chain of tens of
        // thousands of operators or calls would overflow the native stack, not stop cleanly.
        expressionDepth += 1
        defer { expressionDepth -= 1 }
        if expressionDepth > Lowerer.maximumExpressionDepth { throw expressionTooDeep(at: location(expr)) }
        let lowered = try lowerExprNode(expr)
        if !chainBase && containsOptionalChaining(expr) {
            return .optionalChain(lowered, location(expr))
        }
        return lowered
    }

    func expressionTooDeep(at location: SourceLocation) -> ScriptError {
        ScriptError(
            .unsupported,
            "an expression nested more than \(Lowerer.maximumExpressionDepth) deep (as many operators or calls "
                + "in one chain) is not supported; split it into several statements",
            at: location)
    }

    /// Members Optional has itself, which a `T!` uses without unwrapping.
    static let optionalMemberNames: Set<String> = [
        "map", "flatMap", "unsafelyUnwrapped", "debugDescription", "customMirror", "publisher",
    ]

    /// `name`, `self.name` or `value.name` where `name` was declared with an implicitly
    /// unwrapped type (`var name: T!`), in this input or an earlier one. Matched by name until
    /// the resolution pass knows declarations: a same-named value that is not optional is
    /// left as it is by the unwrap.
    func isImplicitlyUnwrapped(_ expr: ExprSyntax) -> Bool {
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            return implicitlyUnwrappedNames.contains(reference.baseName.text)
        }
        if let member = expr.as(MemberAccessExprSyntax.self), member.base != nil {
            return implicitlyUnwrappedNames.contains(member.declName.baseName.text)
        }
        return false
    }

    func containsOptionalChaining(_ expr: ExprSyntax) -> Bool {
        var current = expr
        while true {
            if current.is(OptionalChainingExprSyntax.self) { return true }
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                // `Int?.self`: the `?` writes the type `Optional<Int>`, no chain.
                if member.declName.baseName.text == "self", base.is(OptionalChainingExprSyntax.self),
                    (try? writtenType(base)) != nil
                {
                    return false
                }
                current = base
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) {
                current = subscriptCall.calledExpression
            } else if let unwrap = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrap.expression
            } else {
                return false
            }
        }
    }

    private func lowerExprNode(_ expr: ExprSyntax) throws -> Expr {
        let loc = location(expr)
        switch expr.as(ExprSyntaxEnum.self) {
        case .integerLiteralExpr(let node):
            guard let value = node.representedLiteralValue else {
                throw ScriptError(.syntax, "integer literal '\(node.literal.text)' overflows Int", at: loc)
            }
            return .integerLiteral(value, loc)
        case .floatLiteralExpr(let node):
            guard let value = node.representedLiteralValue else {
                throw ScriptError(.syntax, "invalid number '\(node.literal.text)'", at: loc)
            }
            return .floatLiteral(value, loc)
        case .booleanLiteralExpr(let node):
            return .literal(.bool(node.literal.tokenKind == .keyword(.true)), loc)
        case .nilLiteralExpr:
            return .nilLiteral(loc)
        case .stringLiteralExpr(let node):
            return try lowerStringLiteral(node)
        case .simpleStringLiteralExpr(let node):
            throw unsupported("this string literal", node)
        case .declReferenceExpr(let node):
            return try lowerName(node.baseName.text, node: node)
        case .superExpr:
            return .superReference(loc)
        case .memberAccessExpr(let node):
            let name = node.declName.baseName.text
            guard let base = node.base else { return .implicitMember(name, loc) }
            if name == "self" {
                // `[Int].self`, `[String: Int].self`, `Optional<String>.self`, `Int?.self`: the
                // type, not an array literal of a type, a bare `Optional`, or `Int.self` chained.
                if let type = try writtenType(base) { return .typeExpr(type, loc) }
                return try lowerExpr(base, chainBase: true)
            }
            // `Int?.none`, `String?.some("a")`: a member of the Optional type, not an optional
            // chain on the type `Int`.
            if let chained = base.as(OptionalChainingExprSyntax.self),
                let typeName = chained.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                typeName.first?.isUppercase == true, scope.resolve(typeName) == nil,
                let type = try writtenType(base)
            {
                let site = nextSiteIndex()
                memberNameLocations[site] = location(node.declName)
                return .member(.typeExpr(type, location(base)), name, site, loc)
            }
            // `Swift.print`: the standard library's name, never a member of `self` (code in a
            // Publisher type must write it so, as `print` there is the operator).
            if let module = base.as(DeclReferenceExprSyntax.self), module.baseName.text == "Swift",
                scope.resolve("Swift") == nil
            {
                return .name(.dynamic("Swift." + name), "Swift." + name, loc)
            }
            var lowered = try lowerExpr(base, chainBase: true)
            if isImplicitlyUnwrapped(base), !Self.optionalMemberNames.contains(name) {
                // `subscription.request(.max(1))` on `var subscription: Subscription!`: Swift
                // unwraps a `T!` where its value is needed, and Optional has no such member.
                lowered = .forceUnwrap(lowered, location(node.period), implicit: true)
            }
            let site = nextSiteIndex()
            memberNameLocations[site] = location(node.declName)
            return .member(lowered, name, site, loc)
        case .functionCallExpr(let node):
            return try lowerCall(node)
        case .subscriptCallExpr(let node):
            if node.trailingClosure != nil { throw unsupported("a trailing closure on a subscript", node) }
            var base = try lowerExpr(node.calledExpression, chainBase: true)
            if isImplicitlyUnwrapped(node.calledExpression) {
                // `names[1]` on a `var names: [String]!`.
                base = .forceUnwrap(base, location(node.calledExpression), implicit: true)
            }
            return .subscriptCall(base, try lowerArguments(node.arguments), location(node.leftSquare))
        case .genericSpecializationExpr(let node):
            let base = try lowerExpr(node.expression, chainBase: true)
            let arguments = try node.genericArgumentClause.arguments.map { try lowerGenericArgument($0) }
            return .specialize(base, arguments, loc)
        case .typeExpr(let node):
            return .typeExpr(try lowerType(node.type), loc)
        case .sequenceExpr(let node):
            return try lowerSequence(node)
        case .prefixOperatorExpr(let node):
            let op = node.operator.text
            if op == "-", let literal = node.expression.as(IntegerLiteralExprSyntax.self),
                let value = literal.representedLiteralValue
            {
                return .integerLiteral(-value, loc)
            }
            if op == "-", let literal = node.expression.as(FloatLiteralExprSyntax.self),
                let value = literal.representedLiteralValue
            {
                return .floatLiteral(-value, loc)
            }
            guard let prefixOperator = PrefixOperator(rawValue: op) else {
                throw unsupported("the prefix operator `\(op)`", node)
            }
            return .prefix(prefixOperator, try operand(node.expression, unwrapped: true), loc)
        case .postfixOperatorExpr(let node):
            let op = node.operator.text
            if op == "..." { return .rangeFrom(try lowerExpr(node.expression), loc) }
            throw unsupported("the postfix operator `\(op)`", node)
        case .inOutExpr(let node):
            return .inoutMarker(try lowerExpr(node.expression), loc)
        case .optionalChainingExpr(let node):
            return .optionalUnwrap(try lowerExpr(node.expression, chainBase: true), loc)
        case .forceUnwrapExpr(let node):
            return .forceUnwrap(try lowerExpr(node.expression, chainBase: true), loc, implicit: false)
        case .arrayExpr(let node):
            return .arrayLiteral(try node.elements.map { try lowerExpr($0.expression) }, loc)
        case .dictionaryExpr(let node):
            switch node.content {
            case .colon: return .dictionaryLiteral([], loc)
            case .elements(let elements):
                return .dictionaryLiteral(try elements.map { (try lowerExpr($0.key), try lowerExpr($0.value)) }, loc)
            }
        case .tupleExpr(let node):
            if node.elements.count == 1, let only = node.elements.first, only.label == nil {
                return try lowerExpr(only.expression)
            }
            return .tuple(
                node.elements.map { $0.label?.text }, try node.elements.map { try lowerExpr($0.expression) }, loc)
        case .closureExpr(let node):
            return .closure(try lowerClosure(node), loc)
        case .tryExpr(let node):
            return .tryExpr(Self.tryKind(node), try lowerExpr(node.expression), loc)
        case .awaitExpr(let node):
            return try lowerAwait(node) { try lowerExpr(node.expression) }
        case .keyPathExpr(let node):
            return try lowerKeyPath(node)
        case .discardAssignmentExpr:
            return .discard(loc)
        case .ifExpr(let node):
            return try lowerIfOrSwitchExpression(ExprSyntax(node))
        case .switchExpr(let node):
            return try lowerIfOrSwitchExpression(ExprSyntax(node))
        case .macroExpansionExpr(let node):
            return try lowerMacroExpansion(node)
        case .regexLiteralExpr(let node):
            throw unsupported("regex literals", node)
        case .patternExpr(let node):
            throw ScriptError(.syntax, "a pattern is not allowed here", at: location(node))
        case .editorPlaceholderExpr(let node):
            throw ScriptError(.syntax, "editor placeholder in source", at: location(node))
        default:
            throw unsupported("this expression (\(expr.kind))", expr)
        }
    }

    func lowerName(_ name: String, node: some SyntaxProtocol) throws -> Expr {
        let loc = location(node)
        if name == "self" {
            if let reference = scope.resolve("self") { return .name(reference, "self", loc) }
            return .selfReference(loc)
        }
        if name.hasPrefix("$"), let index = Int(name.dropFirst()) {
            guard let slot = scope.shorthandSlots[index] else {
                throw ScriptError(.syntax, "anonymous closure argument not contained in a closure", at: loc)
            }
            return .name(.local(slot), name, loc)
        }
        if let reference = scope.resolve(name) {
            if let read = try asyncLetRead(reference, name, at: loc) { return read }
            return .name(reference, name, loc)
        }
        // Inside a type, a bare member name means `self.name`.
        if let context = scope.memberContext, context.memberNames.contains(name) {
            let selfExpr: Expr
            if let reference = scope.resolve("self") {
                selfExpr = .name(reference, "self", loc)
            } else {
                selfExpr = .selfReference(loc)
            }
            return .member(selfExpr, name, nextSiteIndex(), loc)
        }
        if let generic = try genericParameter(name, at: loc) { return generic }
        // A local type, then a nested type by its short name, from inside its enclosing types
        // (closures included).
        if let qualified = localTypeKey(name) ?? nestedTypeName(name) {
            return .name(.dynamic(qualified), qualified, loc)
        }
        if let refused = refusedNumericType(name, node) { throw refused }
        return .name(.dynamic(name), name, loc)
    }

    func lowerStringLiteral(_ node: StringLiteralExprSyntax) throws -> Expr {
        let loc = location(node)
        guard let kind = node.stringLiteralKind else { throw unsupported("this string literal", node) }
        var parts: [StringPart] = []
        var hasInterpolation = false
        for segment in node.segments {
            switch segment {
            case .stringSegment(let text):
                var unescaped = ""
                text.appendUnescapedLiteralValue(
                    stringLiteralKind: kind, delimiterLength: node.delimiterLength,
                    to: &unescaped)
                parts.append(.text(unescaped))
            case .expressionSegment(let interpolation):
                hasInterpolation = true
                guard interpolation.expressions.count == 1, let only = interpolation.expressions.first,
                    only.label == nil
                else {
                    throw unsupported("interpolation with labels or several values", interpolation)
                }
                parts.append(.interpolation(try lowerExpr(only.expression)))
            }
        }
        if !hasInterpolation {
            return .stringLiteral(parts.map { if case .text(let t) = $0 { return t } else { return "" } }.joined(), loc)
        }
        return .interpolatedString(parts, loc)
    }

    /// A sequence of operands and operators, folded (`OperatorSequence`) and lowered as
    /// SwiftOperators' folded tree was: each operation as its own expression node. A
    /// contextual type given for the whole sequence (`lowerExpr(_:wantedAs:)`) is the
    /// top operation's.
    func lowerSequence(_ node: SequenceExprSyntax) throws -> Expr {
        let sequence: OperatorSequence
        do {
            sequence = try OperatorSequence(node)
        } catch {
            // `Lowerer.lower` folded every sequence before lowering any.
            throw ScriptError(.syntax, error.message, at: location(node))
        }
        let context = contextualExpression.flatMap { $0.id == node.id ? $0.type : nil }
        return try lowerOperation(sequence, sequence.root, context: context)
    }

    /// A node of a folded sequence as an operand: what `lowerExpr` (with `chainBase`, or
    /// `wantedAs` a `context`) did with the node of SwiftOperators' tree.
    func lowerOperand(
        _ sequence: OperatorSequence, _ index: Int, chainBase: Bool = false, context: String? = nil
    ) throws -> Expr {
        if let syntax = sequence.operandSyntax(index) {
            return try context == nil ? lowerExpr(syntax, chainBase: chainBase) : lowerExpr(syntax, wantedAs: context)
        }
        expressionDepth += 1
        defer { expressionDepth -= 1 }
        if expressionDepth > Lowerer.maximumExpressionDepth {
            throw expressionTooDeep(at: location(sequence.startSyntax(index)))
        }
        return try lowerOperation(sequence, index, context: context)
    }

    /// An operation of a folded sequence (any node but an operand).
    private func lowerOperation(_ sequence: OperatorSequence, _ index: Int, context: String?) throws -> Expr {
        let loc = location(sequence.startSyntax(index))
        switch sequence.nodes[index] {
        case .operand(let syntax):
            return try lowerExpr(syntax)
        case .infix(let left, let op, let right):
            return try lowerInfix(sequence, left, op, right, context: context)
        case .ternary(let condition, let ternary, let otherwise):
            return .ternary(
                try lowerOperand(sequence, condition), try lowerExpr(ternary.thenExpression),
                try lowerOperand(sequence, otherwise), loc)
        case .cast(let operand, let cast, let type):
            let kind: CastKind
            switch cast.questionOrExclamationMark?.tokenKind {
            case .postfixQuestionMark?, .infixQuestionMark?: kind = .conditional
            case .exclamationMark?: kind = .forced
            default: kind = .coerce
            }
            return .cast(try lowerOperand(sequence, operand), kind, try lowerType(type.type), loc)
        case .typeCheck(let operand, _, let type):
            return .isType(try lowerOperand(sequence, operand), try lowerType(type.type), loc)
        case .covering(let cover, let operation):
            if let tryExpr = cover.as(TryExprSyntax.self) {
                return .tryExpr(Self.tryKind(tryExpr), try lowerOperand(sequence, operation), loc)
            }
            if let awaitExpr = cover.as(AwaitExprSyntax.self) {
                return try lowerAwait(awaitExpr) { try lowerOperand(sequence, operation) }
            }
            throw unsupported("this expression (\(cover.kind))", cover)
        }
    }

    private func lowerInfix(
        _ sequence: OperatorSequence, _ left: Int, _ opSyntax: ExprSyntax, _ right: Int, context: String?
    ) throws -> Expr {
        let loc = location(opSyntax)
        let leftSyntax = sequence.operandSyntax(left)
        // Asked once the operands are lowered, as before (it may look up a written type).
        func leftIsChain() -> Bool { leftSyntax.map { containsOptionalChaining($0) } ?? false }
        if opSyntax.is(AssignmentExprSyntax.self) {
            let target = try lowerOperand(sequence, left, chainBase: true)
            let targetType = basicType(of: target)
            let value = try lowerOperand(sequence, right, context: targetType)
            try refuseConversion(of: value, to: targetType, assigning: true, operatorAt: loc)
            try refuseChangingAConstant(
                target, compound: false, operatorAt: loc,
                memberNameAt: leftSyntax?.as(MemberAccessExprSyntax.self).map { location($0.declName) })
            let assignment = self.assignment(to: target, value: value, at: loc) { .assign($0, value, loc) }
            if leftIsChain() { return .optionalChain(assignment, loc) }
            return assignment
        }
        guard let op = opSyntax.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            throw unsupported("this operator", opSyntax)
        }
        if op.hasSuffix("="), let compound = BinaryOperator(rawValue: String(op.dropLast())),
            compound.hasCompoundAssignment
        {
            var target = try lowerOperand(sequence, left, chainBase: true)
            if let leftSyntax, isImplicitlyUnwrapped(leftSyntax) {
                // `count += 1` on a `var count: Int!` reads and writes its value.
                target = .forceUnwrap(target, location(leftSyntax), implicit: true)
            }
            let value = try lowerOperand(sequence, right)
            try refuseOperatorOnAny(compound, spelling: op, target, value, at: loc)
            try refuseOptionalOperands(compound, [target, value])
            try refuseMixedBasicTypes(compound, spelling: op, compound: true, target, value, at: loc)
            try refuseChangingAConstant(target, compound: true, operatorAt: loc, memberNameAt: nil)
            // `prices += [3 / 4]` on a `[Double]` appends 0.75, as `prices + [3 / 4]` gives it.
            let typedValue = arrayLiteral(value, besides: target, of: compound)
            let assignment = self.assignment(to: target, value: typedValue, at: loc) {
                .compoundAssign(compound, $0, typedValue, loc)
            }
            if leftIsChain() { return .optionalChain(assignment, loc) }
            return assignment
        }
        guard let binaryOperator = BinaryOperator(rawValue: op) else {
            throw unsupported("the operator `\(op)`", opSyntax)
        }
        let unwrapped = !binaryOperator.takesOptionals
        let lhs = try operand(sequence, left, unwrapped: unwrapped)
        let rhs = try operand(sequence, right, unwrapped: unwrapped)
        try refuseOperatorOnAny(binaryOperator, spelling: op, lhs, rhs, at: loc)
        try refuseOptionalOperands(binaryOperator, [lhs, rhs])
        try refuseMixedBasicTypes(binaryOperator, spelling: op, compound: false, lhs, rhs, context: context, at: loc)
        return .binary(
            binaryOperator, arrayLiteral(lhs, besides: rhs, of: binaryOperator),
            arrayLiteral(rhs, besides: lhs, of: binaryOperator), loc)
    }

    static func tryKind(_ node: TryExprSyntax) -> TryKind {
        switch node.questionOrExclamationMark?.tokenKind {
        case .postfixQuestionMark?, .infixQuestionMark?: .optional
        case .exclamationMark?: .forced
        default: .plain
        }
    }

    /// `await` before `operand`, which is lowered inside it.
    func lowerAwait(_ node: AwaitExprSyntax, _ operand: () throws -> Expr) throws -> Expr {
        try noteAwait(node)
        scope.awaitNesting += 1
        defer { scope.awaitNesting -= 1 }
        return .awaitExpr(try operand(), location(node))
    }

    /// An operand of an operator: a `T!` is unwrapped, as Swift does where the operator does
    /// not take an Optional (`count * 2`, `-total`), and left one where it does
    /// (`count == nil`, `count ?? 0`).
    private func operand(_ syntax: ExprSyntax, unwrapped: Bool) throws -> Expr {
        let lowered = try lowerExpr(syntax)
        guard unwrapped, isImplicitlyUnwrapped(syntax) else { return lowered }
        return .forceUnwrap(lowered, location(syntax), implicit: true)
    }

    /// `operand(_:unwrapped:)` for a node of a folded sequence: an operation is never a `T!`.
    private func operand(_ sequence: OperatorSequence, _ index: Int, unwrapped: Bool) throws -> Expr {
        guard let syntax = sequence.operandSyntax(index) else { return try lowerOperand(sequence, index) }
        return try operand(syntax, unwrapped: unwrapped)
    }

    /// `wanted` gives the basic type an argument is passed as, by its expression's syntax,
    /// where the callee is known (`argumentTypes(of:callee:)`).
    func lowerArguments(_ list: LabeledExprListSyntax, wanted: [SyntaxIdentifier: String] = [:]) throws -> [Argument] {
        try list.map { element in
            if let inoutExpr = element.expression.as(InOutExprSyntax.self) {
                return Argument(
                    label: element.label?.text, value: try lowerExpr(inoutExpr.expression, chainBase: true),
                    isInout: true, isTrailingClosure: false)
            }
            var argument = Argument(
                label: element.label?.text,
                value: try lowerExpr(element.expression, wantedAs: wanted[element.expression.id]),
                isInout: false, isTrailingClosure: false)
            argument.isImplicitlyUnwrapped = isImplicitlyUnwrapped(element.expression)
            return argument
        }
    }

    /// The type a collection literal or a generic specialization before `.self` spells
    /// (`[Int]`, `[String: Int]`, `Box<Int>`), when every name in it is a type's (capitalized).
    private func writtenType(_ base: ExprSyntax) throws -> TypeRef? {
        guard
            base.is(ArrayExprSyntax.self) || base.is(DictionaryExprSyntax.self)
                || base.is(GenericSpecializationExprSyntax.self) || base.is(OptionalChainingExprSyntax.self)
        else { return nil }
        var parser = Parser(base.trimmedDescription)
        let type = TypeSyntax.parse(from: &parser)
        guard !type.hasError, type.trimmedDescription == base.trimmedDescription else { return nil }
        let names = type.tokens(viewMode: .sourceAccurate).filter {
            if case .identifier = $0.tokenKind { true } else { false }
        }
        guard names.allSatisfy({ $0.text.first?.isUppercase == true && scope.resolve($0.text) == nil }) else {
            return nil
        }
        return try lowerType(type)
    }

    func lowerCall(_ node: FunctionCallExprSyntax) throws -> Expr {
        var callee = try publisherMemberCallee(node) ?? lowerExpr(node.calledExpression, chainBase: true)
        // `[Int]()`, `[String: Int]()`: a collection literal that is called names a type.
        if node.calledExpression.is(ArrayExprSyntax.self) || node.calledExpression.is(DictionaryExprSyntax.self) {
            var parser = Parser(node.calledExpression.trimmedDescription)
            let type = TypeSyntax.parse(from: &parser)
            if !type.hasError { callee = .typeExpr(try lowerType(type), location(node.calledExpression)) }
        }
        noteClosureTypes(of: node, callee: callee)
        var arguments = try lowerArguments(node.arguments, wanted: argumentTypes(of: node, callee: callee))
        if let trailing = node.trailingClosure {
            arguments.append(
                Argument(
                    label: nil, value: .closure(try lowerClosure(trailing), location(trailing)),
                    isInout: false, isTrailingClosure: true))
        }
        for extra in node.additionalTrailingClosures {
            arguments.append(
                Argument(
                    label: extra.label.text,
                    value: .closure(try lowerClosure(extra.closure), location(extra.closure)),
                    isInout: false, isTrailingClosure: false))
        }
        try refuseArguments(arguments, to: callee)
        try refuseElement(arguments, to: callee)
        arguments = try typedArguments(arguments, to: callee)
        arguments = reduceInitialLiteral(arguments, callee: callee)
        arguments = publisherValueArguments(arguments, to: callee)
        return callEvaluatingPartsFirst(callee, arguments, site: nextSiteIndex(), at: location(node))
    }

    func lowerKeyPath(_ node: KeyPathExprSyntax) throws -> Expr {
        let root = try node.root.map { try lowerType($0) }
        var path: [String] = []
        for component in node.components {
            switch component.component {
            case .property(let property):
                path.append(property.declName.baseName.text)
            case .optional:
                throw unsupported("optional chaining in a key path", component)
            case .subscript:
                throw unsupported("subscripts in a key path", component)
            default:
                throw unsupported("this key path component", component)
            }
        }
        return .keyPath(root, path, location(node))
    }

    func lowerMacroExpansion(_ node: MacroExpansionExprSyntax) throws -> Expr {
        let loc = location(node)
        switch node.macroName.text {
        case "line": return .integerLiteral(loc.line - lineOffset, loc)
        case "column": return .integerLiteral(loc.column, loc)
        case "function": return .stringLiteral(scope.parent == nil ? "main" : "function", loc)
        case "file", "fileID", "filePath": return .stringLiteral("main.swift", loc)
        default: throw unsupported("`#\(node.macroName.text)`", node)
        }
    }

    func lowerGenericArgument(_ argument: GenericArgumentSyntax) throws -> TypeRef {
        switch argument.argument {
        case .type(let type): return try lowerType(type)
        case .expr(let expr): throw unsupported("value generic arguments", expr)
        }
    }
}
