/// Where a name was found when the source was lowered.
public enum NameReference {
    /// A slot in the current frame.
    case local(Int)
    /// A cell captured by the enclosing closure.
    case captured(Int)
    /// Not a local: resolved when evaluated (implicit `self` member, global, type, builtin).
    case dynamic(String)

    var isDynamic: Bool {
        if case .dynamic = self { true } else { false }
    }
}

public struct Argument {
    public var label: String?
    public var value: Expr
    /// True for `&x`.
    public var isInout: Bool
    /// True for a trailing closure (its label was not written).
    public var isTrailingClosure: Bool
    /// A name declared `T!` (`var count: Int!`): unwrapped where its parameter is not an
    /// Optional (`BodyCompiler.argument(_:expected:)`).
    public var isImplicitlyUnwrapped = false
}

/// Where a generic function finds the type a type parameter stands for: types are erased
/// at run time, so it is read from an argument.
public enum GenericParameterSource {
    /// A parameter declared `T.Type`: its argument is the type.
    case metatypeArgument(Expr)
    /// A parameter declared `T`: the type of its argument.
    case valueArgument(Expr)
    /// A parameter declared `[T]`: the type of its first element.
    case elementOfArgument(Expr)
    /// Nothing tells it: no parameter of type `T`, `[T]` or `T.Type`, or one whose argument
    /// may be an `Any` or `any Error` that `T` then stands for (`why` says which).
    case unknown(why: String)
}

/// A part of an assignment's target evaluated into a temporary slot (`Expr.withTemporaries`).
public struct TemporaryBinding {
    public let slot: Int
    public let value: Expr
}

public enum StringPart {
    case text(String)
    case interpolation(Expr)
}

public enum CastKind {
    case coerce  // as
    case conditional  // as?
    case forced  // as!
}

public enum TryKind {
    case plain, optional, forced
}

public indirect enum Expr {
    case literal(Value, SourceLocation)
    case integerLiteral(Int, SourceLocation)
    case floatLiteral(Double, SourceLocation)
    case stringLiteral(String, SourceLocation)
    case interpolatedString([StringPart], SourceLocation)
    case nilLiteral(SourceLocation)
    case name(NameReference, String, SourceLocation)
    case selfReference(SourceLocation)
    case superReference(SourceLocation)
    /// `base.name` (`base.0` for tuple elements).
    /// The `Int` is the site's index in the interpreter's `ProgramTables` (its cache).
    case member(Expr, String, Int, SourceLocation)
    /// `.name` whose type comes from context.
    case implicitMember(String, SourceLocation)
    /// A call; the `Int` is its site's index in the interpreter's `ProgramTables`.
    case call(Expr, [Argument], Int, SourceLocation)
    case subscriptCall(Expr, [Argument], SourceLocation)
    /// `Type<Args>` used as an expression (`PassthroughSubject<Int, Never>`).
    case specialize(Expr, [TypeRef], SourceLocation)
    case typeExpr(TypeRef, SourceLocation)
    case binary(BinaryOperator, Expr, Expr, SourceLocation)
    case prefix(PrefixOperator, Expr, SourceLocation)
    /// `lower...`, the one postfix operator.
    case rangeFrom(Expr, SourceLocation)
    case assign(Expr, Expr, SourceLocation)
    /// `target op= value`.
    case compoundAssign(BinaryOperator, Expr, Expr, SourceLocation)
    case ternary(Expr, Expr, Expr, SourceLocation)
    /// `a?` inside an optional chain: unwraps or leaves the chain with nil.
    case optionalUnwrap(Expr, SourceLocation)
    /// The end of an optional chain: collects the nil that `optionalUnwrap` signalled.
    case optionalChain(Expr, SourceLocation)
    /// `value!`, or an implicitly unwrapped optional (`T!`) used where its value is needed.
    case forceUnwrap(Expr, SourceLocation, implicit: Bool)
    case arrayLiteral([Expr], SourceLocation)
    case dictionaryLiteral([(Expr, Expr)], SourceLocation)
    case tuple([String?], [Expr], SourceLocation)
    case closure(FunctionDecl, SourceLocation)
    case cast(Expr, CastKind, TypeRef, SourceLocation)
    case isType(Expr, TypeRef, SourceLocation)
    case tryExpr(TryKind, Expr, SourceLocation)
    /// `await expression`: the calls in `expression` may suspend (`Interpreter.awaitCover`).
    case awaitExpr(Expr, SourceLocation)
    /// `\Type.path.to.value` or `\.path`.
    case keyPath(TypeRef?, [String], SourceLocation)
    case discard(SourceLocation)
    /// An `if`/`switch` used as an expression: the statement's branches each yield one value.
    case statementExpression(Stmt, Int, SourceLocation)
    case inoutMarker(Expr, SourceLocation)
    /// An assignment, `op=`, `&` argument or method call whose target's parts (a subscript's
    /// indices, an object returned by a call) are evaluated first, once, into temporary
    /// slots: the expression reads them as `.temporary`. The slots in `clearing` end when it
    /// has run (an `&` argument's are ended by its call, after the value is written back).
    /// See `Lowerer.evaluatingPartsFirst`.
    case withTemporaries([TemporaryBinding], clearing: [Int], Expr, SourceLocation)
    /// A generic function's type parameter used as a value (`T.defaultValue`, `T.self`).
    case genericParameter(String, GenericParameterSource, SourceLocation)
    /// The value a `withTemporaries` put in a slot; `original` is the expression it came from,
    /// evaluated here when the slot is empty (a part after a `?`, on the chain's first walk).
    case temporary(Int, original: Expr, SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .literal(_, let l), .integerLiteral(_, let l), .floatLiteral(_, let l),
            .stringLiteral(_, let l), .interpolatedString(_, let l), .nilLiteral(let l),
            .name(_, _, let l), .selfReference(let l), .superReference(let l),
            .member(_, _, _, let l), .implicitMember(_, let l), .call(_, _, _, let l),
            .subscriptCall(_, _, let l), .specialize(_, _, let l), .typeExpr(_, let l),
            .binary(_, _, _, let l), .prefix(_, _, let l), .rangeFrom(_, let l),
            .assign(_, _, let l), .compoundAssign(_, _, _, let l), .ternary(_, _, _, let l),
            .optionalUnwrap(_, let l), .optionalChain(_, let l), .forceUnwrap(_, let l, _),
            .arrayLiteral(_, let l), .dictionaryLiteral(_, let l), .tuple(_, _, let l),
            .closure(_, let l), .cast(_, _, _, let l), .isType(_, _, let l),
            .tryExpr(_, _, let l), .awaitExpr(_, let l), .keyPath(_, _, let l), .discard(let l),
            .statementExpression(_, _, let l), .inoutMarker(_, let l),
            .withTemporaries(_, _, _, let l), .temporary(_, _, let l), .genericParameter(_, _, let l):
            return l
        }
    }
}
