/// A piece of a function body turned into a closure: how the interpreter runs code. Every
/// statement and expression kind is compiled in one place (`BodyCompiler.statement(_:)`,
/// `BodyCompiler.expression(_:expected:)`); there is no second way to run it.
///
/// Walking the syntax tree instead would copy each enum payload out of its parent on every
/// visit; a profile of loop- and call-heavy scripts showed those retains and releases as
/// 40% of their time. A body is compiled once, the first time it runs, and every later run
/// calls the closures, which hold what they need already taken apart.
///
/// Compiled code is kept per interpreter, beside the program (`ProgramTables`); the closures
/// take the interpreter as an argument rather than capture it.
typealias CompiledExpression = (Interpreter, Frame) throws -> Value
typealias CompiledStatement = (Interpreter, Frame) throws -> Flow
typealias CompiledCondition = (Interpreter, Frame) throws -> Bool

/// Expressions evaluated in order into an array.
///
/// Each closure is kept in a struct: a closure read straight out of an array is called
/// through a reabstraction thunk.
struct ExpressionList {
    private struct Element {
        let evaluate: CompiledExpression
    }
    private let elements: [Element]

    init(_ expressions: [Expr], compiledBy compile: (Expr) -> CompiledExpression) {
        elements = expressions.map { Element(evaluate: compile($0)) }
    }

    func evaluate(_ interpreter: Interpreter, _ frame: Frame) throws -> [Value] {
        try elements.map { try $0.evaluate(interpreter, frame) }
    }
}

/// The compiled form of a function's body, kept in its `FunctionState`.
final class CompiledBody {
    let run: CompiledStatement

    init(_ run: @escaping CompiledStatement) {
        self.run = run
    }
}

extension LoweredInput {
    /// The top level's statements keep their slots when they end: later inputs read them.
    func compiledTopLevel(tables: ProgramTables) -> CompiledStatement {
        BodyCompiler(returnType: nil, declaredTypes: topLevel.declaredTypes, function: topLevel, tables: tables)
            .block(topLevel.body, clearsSlots: false)
    }
}

/// Compiles one function's body into closures. What is known only at run time (the
/// function a call chose, and so its arguments' expected types) is compiled when first met,
/// once for each answer (`ExpressionCode`, `CallArguments`).
struct BodyCompiler {
    /// The function's declared return type: what a `return` value is evaluated against.
    let returnType: TypeRef?
    /// The types its local variables were declared with, by slot (`FunctionDecl.declaredTypes`).
    var declaredTypes: [Int: TypeRef] = [:]
    /// The function whose body this is (nil for a default value or a constant).
    var function: FunctionDecl? = nil
    /// The running interpreter's tables: the caches of the sites compiled, and the state of
    /// each closure met, which gets the return type its context gives it there
    /// (`FunctionState.contextReturnType`).
    unowned let tables: ProgramTables
    /// The type the context wants of each `if`/`switch` used as a value, by the slot its
    /// branches leave their value in: each branch's expression is evaluated against it.
    var valueTypes: [Int: TypeRef] = [:]
}
