import SwiftSyntax

/// Where `await` may be written, decided before anything runs, as the compiler does: in an
/// `async` function, in a closure that is async (written so, or inferred from an `await` in
/// its body), and at the top level of a script or REPL input.
extension Lowerer {
    func noteAwait(_ node: AwaitExprSyntax) throws {
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
