/// An expression whose expected type is known only when it runs: an argument, whose
/// parameter is chosen when the call runs; the right side of `==`, which takes its type from
/// the left side's value. It is compiled once for each expected type it meets.
final class ExpressionCode {
    let expr: Expr
    /// The argument this code is, when it is one (compiled by `BodyCompiler.argument`).
    private let argument: Argument?
    private let compiler: BodyCompiler
    // Unchecked, as `CompiledArguments`: read on every evaluation, in short accesses.
    @exclusivity(unchecked) private var untyped: CompiledExpression?
    /// The last expected type met and its code: a call site most often meets one.
    @exclusivity(unchecked) private var last: (type: TypeRef, code: CompiledExpression)?
    @exclusivity(unchecked) private var byType: [TypeRef: CompiledExpression] = [:]
    /// Whether the expression takes its type from a value beside it (`evaluate(context:)`).
    private let takesTypeFromContext: Bool
    /// The code for the type the last context value had, found by the type's identity: a
    /// `demand += .max(1)` in a loop meets one type, and naming it as a `TypeRef` on every
    /// turn to look its code up cost more than the rest of the assignment.
    @exclusivity(unchecked) private var lastContext: (type: TypeInfo, code: CompiledExpression)?

    init(_ expr: Expr, compiler: BodyCompiler) {
        self.expr = expr
        self.argument = nil
        self.compiler = compiler
        takesTypeFromContext = Interpreter.takesTypeFromContext(expr)
    }

    init(argument: Argument, compiler: BodyCompiler) {
        self.expr = argument.value
        self.argument = argument
        self.compiler = compiler
        takesTypeFromContext = Interpreter.takesTypeFromContext(argument.value)
    }

    func evaluate(_ interpreter: Interpreter, _ frame: Frame, expected: TypeRef?) throws -> Value {
        try code(expected: expected)(interpreter, frame)
    }

    /// Evaluated where an implicit member takes its type from a value already known
    /// (`demand > .none`, `d += .unlimited`), and an integer literal from a Double.
    func evaluate(_ interpreter: Interpreter, _ frame: Frame, context: Value) throws -> Value {
        if takesTypeFromContext {
            let type = interpreter.typeInfo(of: context)
            if let lastContext, lastContext.type === type { return try lastContext.code(interpreter, frame) }
            let made = code(expected: type.reference)
            lastContext = (type, made)
            return try made(interpreter, frame)
        }
        if case .integerLiteral(let number, let location) = expr {
            return try Interpreter.integerLiteral(number, besides: context, at: location)
        }
        return try evaluate(interpreter, frame, expected: nil)
    }

    private func code(expected: TypeRef?) -> CompiledExpression {
        guard let expected else {
            if let untyped { return untyped }
            let made = compiler.expression(expr)
            untyped = made
            return made
        }
        if let last, last.type == expected { return last.code }
        let made: CompiledExpression
        if let known = byType[expected] {
            made = known
        } else {
            made =
                argument.map { compiler.argument($0, expected: expected) }
                ?? compiler.expression(expr, expected: expected)
            byType[expected] = made
        }
        last = (expected, made)
        return made
    }
}

/// The arguments of a call site, compiled: each is evaluated against the type of the
/// parameter it goes to, known once the call has chosen its function, and an `&` argument
/// is written back through its own compiled store.
final class CallArguments {
    /// The arguments as written: their labels choose the overload.
    let list: [Argument]
    private let values: [ExpressionCode]
    private let compiler: BodyCompiler
    @exclusivity(unchecked) private var stores: [CompiledStore?]

    init(_ arguments: [Argument], compiler: BodyCompiler) {
        list = arguments
        values = arguments.map { ExpressionCode(argument: $0, compiler: compiler) }
        self.compiler = compiler
        stores = Array(repeating: nil, count: arguments.count)
    }

    var count: Int { list.count }

    func value(_ index: Int, expected: TypeRef?, _ interpreter: Interpreter, _ frame: Frame) throws -> Value {
        try values[index].evaluate(interpreter, frame, expected: expected)
    }

    /// Stores the final value of an `&` argument into what it names.
    func store(_ value: Value, intoArgument index: Int, _ interpreter: Interpreter, _ frame: Frame) throws {
        if let store = stores[index] { return try store(value, interpreter, frame) }
        let made = compiler.store(to: list[index].value)
        stores[index] = made
        try made(value, interpreter, frame)
    }
}
