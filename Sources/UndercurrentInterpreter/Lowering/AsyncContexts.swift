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
    /// (`try await` for `for try await`), with a `where` clause as an `if` around the body.
    /// So a script's own `AsyncSequence` runs through its own methods, and a library one
    /// (`AsyncStream`, a publisher's `values`) through its native ones.
    func lowerForAwait(_ node: ForStmtSyntax, label: String?) throws -> Stmt {
        try noteAwait(node.awaitKeyword ?? node.forKeyword)
        if node.caseKeyword != nil { throw unsupported("`for await case`", node) }
        let at = location(node)
        let sequence = try lowerExpr(node.sequence)
        let block = try withBlock { () throws -> [Stmt] in
            let name = "$asyncIterator"
            let slot = scope.declare(name)
            let iterator = Expr.name(.local(slot), name, at)
            let make = Expr.call(.member(sequence, "makeAsyncIterator", nextSiteIndex(), at), [], nextSiteIndex(), at)
            var next = Expr.call(.member(iterator, "next", nextSiteIndex(), at), [], nextSiteIndex(), at)
            if node.tryKeyword != nil { next = .tryExpr(.plain, next, at) }
            var pattern = Pattern.wildcard
            var whereExpr: Expr?
            var body = try withBlock {
                pattern = try lowerBindingPattern(node.pattern, isCasePattern: false)
                if node.pattern.is(IdentifierPatternSyntax.self) {
                    scope.noteConstant(pattern, FunctionScope.Constant(isInitialized: true, isCollection: false))
                }
                whereExpr = try node.whereClause.map { try lowerExpr($0.condition) }
                return try lowerItems(node.body.statements)
            }
            if let whereExpr {
                let filtered = Block(statements: body.statements, declaredSlots: [], scope: nil)
                body.statements = [.ifStatement([.boolean(whereExpr)], filtered, nil, at)]
            }
            let binding = VariableBinding(
                pattern: .binding(slot: slot, name: name), type: nil, initializer: make, isConstant: false,
                isWeak: false, location: at)
            return [.local(binding), .whileLoop(label: label, [.optionalBinding(pattern, next)], body, at)]
        }
        return .block(block)
    }

    /// `async let` starts a child task; until tasks have children it is refused rather than
    /// run as a plain `let` (which would print in another order).
    func refuseAsyncLet(_ variable: VariableDeclSyntax) throws {
        if let modifier = variable.modifiers.first(where: { $0.name.tokenKind == .keyword(.async) }) {
            throw unsupported("`async let`", modifier)
        }
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
