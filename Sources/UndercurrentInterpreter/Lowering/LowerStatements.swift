import SwiftSyntax

extension Lowerer {
    func lowerTopLevel(_ items: CodeBlockItemListSyntax) throws -> Block {
        noteTopLevelFunctionSignatures(items)
        // The outermost block of the top level declares globals; its slots stay empty.
        var statements: [Stmt] = []
        for item in items {
            statements.append(contentsOf: try lowerItem(item))
        }
        return Block(statements: statements, declaredSlots: [])
    }

    func lowerCodeBlock(_ block: CodeBlockSyntax) throws -> Block {
        try withBlock(closingBrace: block.rightBrace) { try lowerItems(block.statements) }
    }

    /// The `}` that ends a list of statements: a code block's or a closure's.
    func closingBrace(of items: CodeBlockItemListSyntax) -> TokenSyntax? {
        if let block = items.parent?.as(CodeBlockSyntax.self) { return block.rightBrace }
        if let closure = items.parent?.as(ClosureExprSyntax.self) { return closure.rightBrace }
        return nil
    }

    func lowerItems(_ items: CodeBlockItemListSyntax) throws -> [Stmt] {
        localTypeScopes.append(localTypeKeys(declaredIn: items))
        defer { localTypeScopes.removeLast() }
        var statements: [Stmt] = []
        for item in items {
            statements.append(contentsOf: try lowerItem(item))
        }
        return statements
    }

    func lowerItem(_ item: CodeBlockItemSyntax) throws -> [Stmt] {
        switch item.item {
        case .decl(let decl): return try lowerDeclarationStatement(decl)
        case .stmt(let stmt): return [try lowerStatement(stmt, label: nil)]
        case .expr(let expr): return [try lowerExpressionStatement(expr)]
        }
    }

    func lowerExpressionStatement(_ expr: ExprSyntax) throws -> Stmt {
        if let ifExpr = expr.as(IfExprSyntax.self) { return try lowerIf(ifExpr) }
        if let switchExpr = expr.as(SwitchExprSyntax.self) { return try lowerSwitch(switchExpr, label: nil) }
        return .expression(try lowerExpr(expr))
    }

    func lowerStatement(_ stmt: StmtSyntax, label: String?) throws -> Stmt {
        if let node = stmt.as(ExpressionStmtSyntax.self) {
            if let switchExpr = node.expression.as(SwitchExprSyntax.self) {
                return try lowerSwitch(switchExpr, label: label)
            }
            return try lowerExpressionStatement(node.expression)
        }
        if let node = stmt.as(GuardStmtSyntax.self) {
            // Bindings made by the conditions stay visible after the guard.
            let conditions = try lowerConditions(node.conditions)
            let elseBlock = try lowerCodeBlock(node.body)
            return .guardStatement(conditions, elseBlock, location(node))
        }
        if let node = stmt.as(WhileStmtSyntax.self) {
            var conditions: [Condition] = []
            let body = try withBlock {
                conditions = try lowerConditions(node.conditions)
                // The body's variables join this block, so they end with it (in reverse order).
                return try lowerItems(node.body.statements)
            }
            return .whileLoop(label: label, conditions, body, location(node))
        }
        if let node = stmt.as(RepeatStmtSyntax.self) {
            let body = try lowerCodeBlock(node.body)
            return .repeatWhile(label: label, body, try lowerExpr(node.condition), location(node))
        }
        if let node = stmt.as(ForStmtSyntax.self) {
            if node.awaitKeyword != nil { return try lowerForAwait(node, label: label) }
            let sequence = try lowerExpr(node.sequence)
            var pattern = Pattern.wildcard
            var whereExpr: Expr?
            let body = try withBlock {
                pattern = try lowerBindingPattern(node.pattern, isCasePattern: node.caseKeyword != nil)
                if case .binding(let slot, _) = pattern, let element = elementType(ofSequence: sequence) {
                    scope.noteTypeFacts(of: slot) { $0.basicType = element }
                }
                if case .tuple(let parts) = pattern, parts.count == 2,
                    let (first, second) = pairTypes(ofSequence: sequence)
                {
                    if case .binding(let slot, _) = parts[0] { scope.noteTypeFacts(of: slot) { $0.basicType = first } }
                    if case .binding(let slot, _) = parts[1] { scope.noteTypeFacts(of: slot) { $0.basicType = second } }
                }
                // `for i in …` binds a constant each turn; `for var i in …` a variable.
                if node.pattern.is(IdentifierPatternSyntax.self) {
                    scope.noteConstant(pattern, FunctionScope.Constant(isInitialized: true, isCollection: false))
                }
                whereExpr = try node.whereClause.map { try lowerExpr($0.condition) }
                // The body's variables join this block, so they end with it (in reverse order).
                return try lowerItems(node.body.statements)
            }
            return .forIn(label: label, pattern, sequence, whereExpr, body, location(node))
        }
        if let node = stmt.as(ReturnStmtSyntax.self) {
            let value = try node.expression.map {
                try lowerExpr($0, wantedAs: scope.returnBasicType ?? scope.resultBasicType)
            }
            if let value { try refuseReturning(value) }
            return .returnStatement(value, location(node))
        }
        if let node = stmt.as(BreakStmtSyntax.self) {
            return .breakStatement(node.label?.text, location(node))
        }
        if let node = stmt.as(ContinueStmtSyntax.self) {
            return .continueStatement(node.label?.text, location(node))
        }
        if let node = stmt.as(FallThroughStmtSyntax.self) {
            return .fallthroughStatement(location(node))
        }
        if let node = stmt.as(ThrowStmtSyntax.self) {
            return .throwStatement(try lowerExpr(node.expression), location(node))
        }
        if let node = stmt.as(DoStmtSyntax.self) {
            let body = try lowerCodeBlock(node.body)
            if node.catchClauses.isEmpty { return .block(body) }
            var clauses: [CatchClause] = []
            for clause in node.catchClauses {
                var pattern: Pattern?
                var guardExpr: Expr?
                let catchBody = try withBlock {
                    if let item = clause.catchItems.first {
                        if clause.catchItems.count > 1 {
                            throw unsupported("a `catch` with several patterns", clause)
                        }
                        pattern = try item.pattern.map { try lowerCasePattern($0) }
                        guardExpr = try item.whereClause.map { try lowerExpr($0.condition) }
                    } else {
                        let slot = scope.declare("error")
                        pattern = .binding(slot: slot, name: "error")
                    }
                    return try lowerItems(clause.body.statements)
                }
                clauses.append(CatchClause(pattern: pattern, guardExpr: guardExpr, body: catchBody))
            }
            return .doCatch(body, clauses, location(node))
        }
        if let node = stmt.as(DeferStmtSyntax.self) {
            return .deferStatement(try lowerCodeBlock(node.body))
        }
        if let node = stmt.as(LabeledStmtSyntax.self) {
            return try lowerStatement(node.statement, label: node.label.text)
        }
        if let node = stmt.as(DiscardStmtSyntax.self) { throw unsupported("`discard`", node) }
        if let node = stmt.as(YieldStmtSyntax.self) { throw unsupported("`yield`", node) }
        throw unsupported("this statement", stmt)
    }

    /// An `if` statement; with `valueSlot`, an `if` used as a value whose branches leave
    /// their value there (`lowerValueStatement`).
    func lowerIf(_ node: IfExprSyntax, valueSlot: Int? = nil) throws -> Stmt {
        var conditions: [Condition] = []
        let body = try withBlock {
            conditions = try lowerConditions(node.conditions)
            // The body's variables join this block, so they end with it (in reverse order).
            if let valueSlot { return try lowerValueBranch(node.body.statements, into: valueSlot, of: "if") }
            return try lowerItems(node.body.statements)
        }
        var elseStmt: Stmt?
        switch node.elseBody {
        case .ifExpr(let nested)?:
            elseStmt = try lowerIf(nested, valueSlot: valueSlot)
        case .codeBlock(let block)?:
            if let valueSlot {
                elseStmt = .block(
                    try withBlock(closingBrace: block.rightBrace) {
                        try lowerValueBranch(block.statements, into: valueSlot, of: "if")
                    })
            } else {
                elseStmt = .block(try lowerCodeBlock(block))
            }
        case nil:
            if valueSlot != nil {
                throw ScriptError(
                    .syntax, "'if' must have an unconditional 'else' to be used as expression", at: location(node))
            }
            elseStmt = nil
        }
        return .ifStatement(conditions, body, elseStmt, location(node))
    }

    func lowerConditions(_ list: ConditionElementListSyntax) throws -> [Condition] {
        var conditions: [Condition] = []
        for element in list {
            switch element.condition {
            case .expression(let expr):
                conditions.append(.boolean(try lowerExpr(expr)))
            case .optionalBinding(let binding):
                let value: Expr
                if let initializer = binding.initializer {
                    value = try lowerExpr(initializer.value)
                } else if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                    // `if let x` is `if let x = x`.
                    value = try lowerName(identifier.identifier.text, node: identifier)
                } else {
                    throw unsupported("this optional binding", binding)
                }
                let pattern = try lowerBindingPattern(binding.pattern, isCasePattern: false)
                if let type = binding.typeAnnotation {
                    let typeRef = try lowerType(type.type)
                    conditions.append(.optionalBinding(pattern, .cast(value, .conditional, typeRef, location(binding))))
                } else {
                    conditions.append(.optionalBinding(pattern, value))
                }
            case .matchingPattern(let matching):
                let value = try lowerExpr(matching.initializer.value)
                let pattern = try lowerCasePattern(matching.pattern)
                conditions.append(.matches(pattern, value))
            case .availability(let node):
                throw unsupported("`#available`", node)
            }
        }
        return conditions
    }

    /// A `switch` statement; with `valueSlot`, one used as a value (see `lowerIf`).
    func lowerSwitch(_ node: SwitchExprSyntax, label: String?, valueSlot: Int? = nil) throws -> Stmt {
        let subject = try lowerExpr(node.subject)
        var cases: [SwitchCase] = []
        for element in node.cases {
            guard case .switchCase(let switchCase) = element else {
                throw unsupported("`#if` inside `switch`", element)
            }
            var patterns: [(Pattern, Expr?)] = []
            var isDefault = false
            let body = try withBlock {
                switch switchCase.label {
                case .default:
                    isDefault = true
                case .case(let caseLabel):
                    // Each pattern binds the same variables: the later ones reuse the first's slots.
                    let outerNames = scope.innermostBlockNames
                    var firstBindings: [String: Int]?
                    for item in caseLabel.caseItems {
                        let pattern: Pattern
                        if let firstBindings {
                            pattern = try scope.sharingBindings(firstBindings) { try lowerCasePattern(item.pattern) }
                        } else {
                            pattern = try lowerCasePattern(item.pattern)
                            firstBindings = scope.innermostBlockNames.filter { outerNames[$0.key] != $0.value }
                        }
                        let guardExpr = try item.whereClause.map { try lowerExpr($0.condition) }
                        patterns.append((pattern, guardExpr))
                    }
                }
                if let valueSlot { return try lowerValueBranch(switchCase.statements, into: valueSlot, of: "switch") }
                return try lowerItems(switchCase.statements)
            }
            cases.append(
                SwitchCase(
                    patterns: patterns, isDefault: isDefault, body: body,
                    location: location(switchCase)))
        }
        return .switchStatement(label: label, subject, cases, location(node))
    }

    // MARK: - Declarations as statements

    func lowerDeclarationStatement(_ decl: DeclSyntax) throws -> [Stmt] {
        if let variable = decl.as(VariableDeclSyntax.self) {
            return try lowerVariableStatement(variable)
        }
        if let function = decl.as(FunctionDeclSyntax.self) {
            if scope.declaresGlobals {
                let lowered = try lowerFunction(function, isMethod: false)
                hoisted.append(.function(lowered))
                return []
            }
            // A nested function may call itself: its slot exists before its body is lowered.
            let slot = scope.declare(function.name.text)
            let lowered = try lowerFunction(function, isMethod: false, nested: true)
            return [.localFunction(slot: slot, lowered)]
        }
        if let importDecl = decl.as(ImportDeclSyntax.self) {
            let name = importDecl.path.map(\.name.text).joined(separator: ".")
            hoisted.append(.importDecl(name, location(importDecl)))
            return []
        }
        if decl.is(StructDeclSyntax.self) || decl.is(ClassDeclSyntax.self)
            || decl.is(EnumDeclSyntax.self) || decl.is(ProtocolDeclSyntax.self) || decl.is(ActorDeclSyntax.self)
        {
            // Declared before the input runs, as every type is; a local one under its own key.
            if !scope.declaresGlobals, let name = Self.typeDeclarationName(decl),
                let key = localTypeScopes.last?[name]
            {
                let typeDecl = try lowerTypeDeclaration(decl, registryName: key)
                let context = typeNesting.flatMap { $0.split(separator: ".").map(String.init) }
                typeDecl.localDebugName =
                    (["main"] + context + ["(unknown context at $…)", "(unknown context at $…)", name])
                    .joined(separator: ".")
                hoisted.append(.type(typeDecl))
                return []
            }
            hoisted.append(.type(try lowerTypeDeclaration(decl)))
            return []
        }
        if let node = decl.as(ExtensionDeclSyntax.self) {
            hoisted.append(.extensionDecl(try lowerExtension(node)))
            return []
        }
        if let node = decl.as(TypeAliasDeclSyntax.self) {
            hoisted.append(.typeAlias(node.name.text, try lowerType(node.initializer.value), location(node)))
            return []
        }
        if let node = decl.as(OperatorDeclSyntax.self) { throw unsupported("declaring operators", node) }
        if let node = decl.as(PrecedenceGroupDeclSyntax.self) { throw unsupported("precedence groups", node) }
        if let node = decl.as(MacroDeclSyntax.self) { throw unsupported("macros", node) }
        if let node = decl.as(MacroExpansionDeclSyntax.self) { throw unsupported("`#\(node.macroName.text)`", node) }
        if let node = decl.as(IfConfigDeclSyntax.self) { throw unsupported("`#if`", node) }
        throw unsupported("this declaration", decl)
    }

    func lowerVariableStatement(_ variable: VariableDeclSyntax) throws -> [Stmt] {
        if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.async) }) {
            return try lowerAsyncLet(variable)
        }
        let isConstant = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let isWeak = variable.modifiers.contains { $0.name.text == "weak" || $0.name.text == "unowned" }
        let isUnowned = variable.modifiers.contains { $0.name.text == "unowned" }
        if let attribute = variable.attributes.first {
            throw unsupported("`\(attribute.trimmedDescription)` on a local variable", attribute)
        }
        var statements: [Stmt] = []
        // `let a: Int, b: Int` shares a type written once at the end.
        let bindings = Array(variable.bindings)
        for (index, binding) in bindings.enumerated() {
            if let accessors = binding.accessorBlock {
                // `var x = 0 { didSet { … } }` has observers; `var x: Int { … }` is computed.
                let observed = accessors.accessors.as(AccessorDeclListSyntax.self)?.contains {
                    ["willSet", "didSet"].contains($0.accessorSpecifier.text)
                }
                throw unsupported(
                    observed == true
                        ? "`willSet`/`didSet` on a variable outside a type"
                        : "computed variables outside a type", binding)
            }
            var type = try binding.typeAnnotation.map { try lowerType($0.type) }
            if type == nil, binding.initializer == nil {
                type = try bindings[index...].first { $0.typeAnnotation != nil }
                    .flatMap { try $0.typeAnnotation.map { try lowerType($0.type) } }
            }
            if let type, let closure = binding.initializer?.value.as(ClosureExprSyntax.self) {
                noteClosureTypes(of: closure, declared: type)
            }
            let initializer = try binding.initializer.map {
                try lowerExpr($0.value, wantedAs: type.flatMap(Self.basicType(declared:)))
            }
            if let type, let initializer {
                try refuseConversion(of: initializer, to: Self.basicType(declared: type), assigning: false)
            }
            let loc = location(binding)
            if scope.declaresGlobals, let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                let name = identifier.identifier.text
                let pattern = Pattern.binding(slot: -1, name: name)
                globalDeclaredTypes[name] = .some(type)
                globalTypeFacts[name] = typeFacts(declared: type, initializer: initializer)
                statements.append(
                    .global(
                        name: name,
                        VariableBinding(
                            pattern: pattern, type: type, initializer: initializer, isConstant: isConstant,
                            isWeak: isWeak, location: loc, isUnowned: isUnowned)))
                continue
            }
            // `let _ = value` binds nothing: the value is made and released at once, as with
            // `_ = value` (an unstored `sink`'s subscription is cancelled right away).
            if binding.pattern.is(WildcardPatternSyntax.self), let initializer {
                statements.append(.expression(.assign(.discard(loc), initializer, loc)))
                continue
            }
            if scope.declaresGlobals {
                guard let tuple = binding.pattern.as(TuplePatternSyntax.self) else {
                    throw unsupported("this pattern at the top level", binding.pattern)
                }
                statements.append(
                    .globalTuple(
                        try globalTupleElements(tuple, type: type, path: []),
                        VariableBinding(
                            pattern: .wildcard, type: type, initializer: initializer, isConstant: isConstant,
                            isWeak: isWeak, location: loc, isUnowned: isUnowned)))
                continue
            }
            let pattern = try lowerBindingPattern(binding.pattern, isCasePattern: false)
            if let type { scope.noteDeclaredType(type, of: pattern) }
            if case .binding(let slot, _) = pattern {
                let facts = typeFacts(declared: type, initializer: initializer)
                scope.noteTypeFacts(of: slot) { $0 = facts }
            }
            if isConstant {
                scope.noteConstant(
                    pattern,
                    FunctionScope.Constant(
                        isInitialized: initializer != nil, isCollection: Self.isCollection(type, initializer),
                        holdsStruct: holdsStruct(type, initializer)))
            }
            statements.append(
                .local(
                    VariableBinding(
                        pattern: pattern, type: type, initializer: initializer, isConstant: isConstant,
                        isWeak: isWeak, location: loc, isUnowned: isUnowned)))
        }
        return statements
    }

    /// The names a tuple pattern binds at the top level, with where each is in the value.
    private func globalTupleElements(_ tuple: TuplePatternSyntax, type: TypeRef?, path: [Int]) throws
        -> [GlobalTupleElement]
    {
        var elementTypes: [TypeRef]?
        switch type {
        case .tuple(let types)?, .labeledTuple(_, let types)?: elementTypes = types
        default: elementTypes = nil
        }
        var names: [GlobalTupleElement] = []
        for (index, element) in tuple.elements.enumerated() {
            let elementType = elementTypes.flatMap { index < $0.count ? $0[index] : nil }
            if let identifier = element.pattern.as(IdentifierPatternSyntax.self) {
                names.append(
                    GlobalTupleElement(name: identifier.identifier.text, path: path + [index], type: elementType))
            } else if let nested = element.pattern.as(TuplePatternSyntax.self) {
                names += try globalTupleElements(nested, type: elementType, path: path + [index])
            } else if !element.pattern.is(WildcardPatternSyntax.self) {
                throw unsupported("this pattern at the top level", element.pattern)
            }
        }
        return names
    }
}
