import SwiftOperators
import SwiftParser
import SwiftSyntax
import Testing

@testable import UndercurrentInterpreter

/// The lowerer folds operator sequences itself (`OperatorSequence`) rather than with
/// SwiftOperators' `foldAll`, which built a syntax node, with its own arena, for every operator.
/// Each test folds the same sequence both ways and compares the trees (written with every
/// operation in parentheses) or the errors.
@Suite struct OperatorSequenceTests {
    static let sequences = [
        // Precedence between the groups, and each group's associativity.
        "a + b * c", "a * b + c", "a - b - c", "a / b / c * d", "a << 1 + b", "a & b == c", "a &+ b &* c",
        "7 & 3 | 8 ^ 1", "a ..< b + 1", "a ... b", "x ?? y ?? z", "a ?? b == c", "a ?? b + c",
        "a || b && c", "a && b || c && d", "a < b && c > d", "a === b || a !== c", "a...b ~= c", "-a + b",
        "!a || b", "(a + b) * c",
        // Assignment, compound assignment and the ternary, all right-associative.
        "x = y", "a = b = c", "a += b + c", "x = c ? a : b", "c ? a : b", "c ? a : d ? e : f",
        "c1 && c2 ? a + 1 : b * 2", "x = y ?? z + 1", "x -= c ? 1 : 2",
        // Casts: nothing after the type folds into it.
        "v as? Int ?? 0", "v is Int && w is String", "x as! Int == 3", "a as Int + b", "a as B as C",
        "v is Int ? 1 : 2", "x = v as? String",
        // A `try` or `await` before the first operand covers the whole operation.
        "try a + b", "try? a + b * c", "try! a == b", "await a + b", "try await a + b", "a + try b",
        "x = try f() + 1", "try a ? b : c", "try a as Int", "try a = b + c",
        // `~>` is declared without a group: it folds where it stands.
        "a ~> b + c", "a + b ~> c * d", "x = a ~> b",
    ]

    @Test(arguments: sequences) func foldsAsSwiftOperatorsDoes(_ source: String) throws {
        let sequence = try #require(Self.sequence(source))
        let expected = Self.written(try OperatorTable.standardOperators.foldSingle(sequence))
        let folded = try OperatorSequence(sequence)
        #expect(Self.written(folded, folded.root) == expected)
    }

    static let refused = ["a < b < c", "a ... b ... c", "a << b >> c", "a == b ~= c", "a <> b", "a + b >< c * d"]

    @Test(arguments: refused) func refusesAsSwiftOperatorsDoes(_ source: String) throws {
        let sequence = try #require(Self.sequence(source))
        var expected: (message: String, offset: Int)?
        do {
            _ = try OperatorTable.standardOperators.foldSingle(sequence)
        } catch let error as OperatorError {
            expected = (error.message, error.asDiagnostic.node.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        var refusal: (message: String, offset: Int)?
        do {
            _ = try OperatorSequence(sequence)
        } catch {
            let node: Syntax
            switch error {
            case .missingOperator(_, let token): node = Syntax(token)
            case .incomparableOperators(let left, _, _): node = Syntax(left)
            case .notAnOperator(let element): node = Syntax(element)
            }
            refusal = (error.message, node.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        let (message, offset) = try #require(expected)
        #expect(refusal?.message == message)
        #expect(refusal?.offset == offset)
    }

    /// The first error of a file is the first SwiftOperators' `foldAll` met: sequences inside
    /// others first, then in source order.
    @Test func theFirstErrorIsTheInnermostSequencesFirst() {
        #expect(
            Self.firstError(in: "let a = 1 < 2 < 3\nlet b = f(1 ... 2 ... 3) + 1")
                == "adjacent operators are in non-associative precedence group 'ComparisonPrecedence'")
        #expect(
            Self.firstError(in: "let b = f(1 ... 2 ... 3) == g(1 < 2 < 3) == 3")
                == "adjacent operators are in non-associative precedence group 'RangeFormationPrecedence'")
    }

    static func firstError(in source: String) -> String? {
        do {
            try OperatorSequence.checkAll(in: Parser.parse(source: source))
            return nil
        } catch {
            return error.message
        }
    }

    /// A chain of 100,000 operators folds into a flat list: releasing it does not recurse.
    @Test func aLongChainFoldsFlat() throws {
        let source = Array(repeating: "1", count: 100_000).joined(separator: " + ")
        let sequence = try #require(Self.sequence(source))
        let folded = try OperatorSequence(sequence)
        #expect(folded.nodes.count == 199_999)
        guard case .infix(_, let op, _) = folded.nodes[folded.root] else {
            Issue.record("the root is not the last `+`")
            return
        }
        #expect(op.positionAfterSkippingLeadingTrivia.utf8Offset == source.utf8.count - 3)
    }

    // MARK: - Writing both trees the same way

    static func sequence(_ source: String) -> SequenceExprSyntax? {
        let file = Parser.parse(source: source)
        guard case .expr(let expr)? = file.statements.first?.item else { return nil }
        return expr.as(SequenceExprSyntax.self)
    }

    static func covering(_ syntax: some SyntaxProtocol) -> String? {
        if let tryExpr = syntax.as(TryExprSyntax.self) {
            return "try" + (tryExpr.questionOrExclamationMark?.text ?? "")
        }
        if syntax.is(AwaitExprSyntax.self) { return "await" }
        return nil
    }

    static func written(_ folded: OperatorSequence, _ index: Int) -> String {
        switch folded.nodes[index] {
        case .operand(let syntax):
            return syntax.trimmedDescription
        case .infix(let left, let op, let right):
            return "(\(written(folded, left)) \(op.trimmedDescription) \(written(folded, right)))"
        case .ternary(let condition, let ternary, let otherwise):
            return "(\(written(folded, condition)) ? \(ternary.thenExpression.trimmedDescription) : "
                + "\(written(folded, otherwise)))"
        case .cast(let operand, let cast, let type):
            return "(\(written(folded, operand)) \(cast.trimmedDescription) \(type.trimmedDescription))"
        case .typeCheck(let operand, _, let type):
            return "(\(written(folded, operand)) is \(type.trimmedDescription))"
        case .covering(let cover, let operation):
            return "\(covering(cover) ?? "?") \(written(folded, operation))"
        }
    }

    static func written(_ expr: ExprSyntax) -> String {
        if let infix = expr.as(InfixOperatorExprSyntax.self) {
            return "(\(written(infix.leftOperand)) \(infix.operator.trimmedDescription) \(written(infix.rightOperand)))"
        }
        if let ternary = expr.as(TernaryExprSyntax.self) {
            return "(\(written(ternary.condition)) ? \(ternary.thenExpression.trimmedDescription) : "
                + "\(written(ternary.elseExpression)))"
        }
        if let cast = expr.as(AsExprSyntax.self) {
            let spelling = "as" + (cast.questionOrExclamationMark?.text ?? "")
            return "(\(written(cast.expression)) \(spelling) \(cast.type.trimmedDescription))"
        }
        if let check = expr.as(IsExprSyntax.self) {
            return "(\(written(check.expression)) is \(check.type.trimmedDescription))"
        }
        if let tryExpr = expr.as(TryExprSyntax.self) {
            return "\(covering(tryExpr)!) \(written(tryExpr.expression))"
        }
        if let awaitExpr = expr.as(AwaitExprSyntax.self) {
            return "await \(written(awaitExpr.expression))"
        }
        return expr.trimmedDescription
    }
}
