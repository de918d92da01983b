import SwiftSyntax

/// Where `await` may be written, decided before anything runs, as the compiler does: in an
/// `async` function, in a closure that is async (written so, or inferred from an `await` in
/// its body), and at the top level of a script or REPL input.
extension Lowerer {
    func noteAwait(_ node: some SyntaxProtocol) throws {
        if scope.isTopLevel {
            awaitsAtTopLevel = true
            return
        }
        guard !scope.isAsync else { return }
        throw ScriptError(
            .syntax,
            "`await` in a function that is not async (Swift: 'async' call in a function that does not support "
                + "concurrency)",
            at: location(node),
            notes: [
                "Mark the function `async`, or start the work in a `Task { }`, whose closure may await."
            ])
    }

    /// `for await x in sequence { … }` is what Swift defines it to be:
    ///
    ///     var iterator = sequence.makeAsyncIterator()
    ///     while let x = await iterator.next() { … }
    ///
    /// (`try await` for `for try await`), with a `where` clause as an `if` around the body. With
    /// `case` (`for await case let x? in sequence`), each element is matched against the
    /// pattern, and one that does not match is skipped:
    ///
    ///     while let element = await iterator.next() { if case let x? = element { … } }
    ///
    /// So a script's own `AsyncSequence` runs through its own methods, and a library one
    /// (`AsyncStream`, a publisher's `values`) through its native ones.
    func lowerForAwait(_ node: ForStmtSyntax, label: String?) throws -> Stmt {
        try noteAwait(node.awaitKeyword ?? node.forKeyword)
        let at = location(node)
        let sequence = try lowerExpr(node.sequence)
        let isCase = node.caseKeyword != nil
        let block = try withBlock { () throws -> [Stmt] in
            let name = "$asyncIterator"
            let slot = scope.declare(name)
            let iterator = Expr.name(.local(slot), name, at)
            let make = Expr.call(.member(sequence, "makeAsyncIterator", nextSiteIndex(), at), [], nextSiteIndex(), at)
            var next = Expr.awaitExpr(
                .call(.member(iterator, "next", nextSiteIndex(), at), [], nextSiteIndex(), at), at)
            if node.tryKeyword != nil { next = .tryExpr(.plain, next, at) }
            let elementSlot = isCase ? scope.declare("$asyncElement") : nil
            var pattern = Pattern.wildcard
            var whereExpr: Expr?
            var body = try withBlock {
                pattern = try lowerBindingPattern(node.pattern, isCasePattern: isCase)
                if node.pattern.is(IdentifierPatternSyntax.self) {
                    scope.noteConstant(pattern, FunctionScope.Constant(isInitialized: true, isCollection: false))
                }
                whereExpr = try node.whereClause.map { try lowerExpr($0.condition) }
                return try lowerItems(node.body.statements)
            }
            var filters: [Condition] = []
            if let elementSlot { filters.append(.matches(pattern, .name(.local(elementSlot), "$asyncElement", at))) }
            if let whereExpr { filters.append(.boolean(whereExpr)) }
            if !filters.isEmpty {
                let filtered = Block(statements: body.statements, declaredSlots: [], scope: nil)
                body.statements = [.ifStatement(filters, filtered, nil, at)]
            }
            let binding = VariableBinding(
                pattern: .binding(slot: slot, name: name), type: nil, initializer: make, isConstant: false,
                isWeak: false, location: at)
            let element = elementSlot.map { Pattern.binding(slot: $0, name: "$asyncElement") } ?? pattern
            return [.local(binding), .whileLoop(label: label, [.optionalBinding(element, next)], body, at)]
        }
        return .block(block)
    }

    /// `async let name = expression` starts a child task running `expression`, and a read of
    /// `name` awaits its value (the first read waits; later ones have it). At the end of the
    /// scope a child still running is cancelled and awaited. Lowered as
    ///
    ///     let name = $asyncLet { expression }   // a slot of this scope, never a global
    ///     defer { await $endAsyncLet(name, "name") }
    ///
    /// with every read of `name` here written `name.value` (`lowerName`); `AsyncLet.swift`
    /// has the two calls. `async let (a, b) = …` is one task, and a read of `b` is its
    /// `value.1`. Refused: other patterns, and a closure capturing one.
    func lowerAsyncLet(_ variable: VariableDeclSyntax) throws -> [Stmt] {
        try noteAwait(variable.bindingSpecifier)
        var statements: [Stmt] = []
        for binding in variable.bindings {
            guard let initializer = binding.initializer else {
                throw unsupported("`async let` without a value", binding)
            }
            // `async let x = …`, or `async let (a, b) = …`: one child task either way, whose
            // value's elements the names of a tuple read.
            let names: [String?]
            if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                names = [identifier.identifier.text]
            } else if let tuple = binding.pattern.as(TuplePatternSyntax.self) {
                names = try tuple.elements.map { element in
                    if let identifier = element.pattern.as(IdentifierPatternSyntax.self) {
                        return identifier.identifier.text
                    }
                    if element.pattern.is(WildcardPatternSyntax.self) { return nil }
                    throw unsupported("`async let` with a nested pattern", element)
                }
            } else {
                throw unsupported("`async let` with a pattern other than a name or a tuple of names", binding)
            }
            let isTuple = binding.pattern.is(TuplePatternSyntax.self)
            let shown = binding.pattern.trimmedDescription
            let at = location(binding)
            let (operation, _) = try withFunctionScope(memberContext: nil) { () throws -> FunctionDecl in
                scope.isAsync = true
                // The initializer is awaited without `await` being written (`async let x = f()`).
                scope.awaitNesting += 1
                let value = Expr.awaitExpr(try lowerExpr(initializer.value), at)
                return FunctionDecl(
                    index: nextFunctionIndex(), name: "async let \(shown)", parameters: [],
                    returnType: nil, body: Block(statements: [.returnStatement(value, at)], declaredSlots: []),
                    isSingleExpression: true, slotCount: scope.slotCount, captures: scope.captures, captureList: [],
                    selfSlot: nil, isStatic: false, isMutating: false, isThrowing: true, isFailableInit: false,
                    location: at, declaredTypes: scope.declaredTypes)
            }
            operation.isAsync = true
            let start = Expr.call(
                .name(.dynamic("$asyncLet"), "$asyncLet", at),
                [Argument(label: nil, value: .closure(operation, at), isInout: false, isTrailingClosure: true)],
                nextSiteIndex(), at)
            let taskName = isTuple ? "$asyncLet\(shown)" : shown
            let taskSlot = scope.declare(taskName)
            if isTuple {
                for (index, name) in names.enumerated() {
                    guard let name else { continue }
                    asyncLets.append(
                        AsyncLetName(
                            scope: scope, slot: scope.declare(name),
                            element: (taskSlot: taskSlot, taskName: taskName, index: index)))
                }
            } else {
                asyncLets.append(AsyncLetName(scope: scope, slot: taskSlot, element: nil))
            }
            statements.append(
                .local(
                    VariableBinding(
                        pattern: .binding(slot: taskSlot, name: taskName), type: nil, initializer: start,
                        isConstant: true, isWeak: false, location: at)))
            let end = Expr.call(
                .name(.dynamic("$endAsyncLet"), "$endAsyncLet", at),
                [
                    Argument(
                        label: nil, value: .name(.local(taskSlot), taskName, at), isInout: false,
                        isTrailingClosure: false),
                    Argument(label: nil, value: .literal(.string(shown), at), isInout: false, isTrailingClosure: false),
                ],
                nextSiteIndex(), at)
            statements.append(.deferStatement(Block(statements: [.expression(.awaitExpr(end, at))], declaredSlots: [])))
        }
        return statements
    }

    /// A read of an `async let` (`name` resolved to `reference`): its task's value. Nil for
    /// any other name.
    func asyncLetRead(_ reference: NameReference, _ name: String, at location: SourceLocation) throws -> Expr? {
        guard !asyncLets.isEmpty else { return nil }
        if case .local(let slot) = reference,
            let declared = asyncLets.first(where: { $0.scope === scope && $0.slot == slot })
        {
            guard scope.awaitNesting > 0 else {
                throw ScriptError(
                    .syntax,
                    "reading `async let \(name)` waits for it, and must be marked with `await` (Swift: expression is "
                        + "'async' but is not marked with 'await')",
                    at: location, notes: ["Write `await \(name)`."])
            }
            if let element = declared.element {
                let value = Expr.member(
                    .name(.local(element.taskSlot), element.taskName, location), "value", nextSiteIndex(), location)
                return .member(value, String(element.index), nextSiteIndex(), location)
            }
            return .member(.name(reference, name, location), "value", nextSiteIndex(), location)
        }
        if case .captured = reference {
            let capturesAsyncLet = asyncLets.contains { declared in
                guard declared.scope !== scope, case .local(let slot)? = declared.scope.resolve(name) else {
                    return false
                }
                return slot == declared.slot
            }
            if capturesAsyncLet {
                throw ScriptError(
                    .unsupported, "an `async let` read inside a closure is not supported yet", at: location)
            }
        }
        return nil
    }
}

/// Whether a closure body awaits: an `await`, a `for await`, or an `async let` that is its
/// own, not one inside a closure or function nested in it.
enum AwaitFinder {
    static func awaits(in items: CodeBlockItemListSyntax) -> Bool {
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(items)
        return finder.found
    }

    private final class Finder: SyntaxVisitor {
        var found = false
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
            found = true
            return .skipChildren
        }
        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
            if node.awaitKeyword != nil { found = true }
            return found ? .skipChildren : .visitChildren
        }
    }
}

/// A name an `async let` declared (`Lowerer.asyncLets`): its slot in `scope`; for a name of a
/// tuple (`async let (a, b)`), the element of the task's value it reads.
struct AsyncLetName {
    let scope: FunctionScope
    let slot: Int
    let element: (taskSlot: Int, taskName: String, index: Int)?
}
