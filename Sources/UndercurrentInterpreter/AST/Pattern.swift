/// A pattern in `case`, `if case`, `for case`, `catch` and destructuring `let`.
public indirect enum Pattern {
    case wildcard
    /// Binds the matched value to a slot.
    case binding(slot: Int, name: String)
    /// `(a, b)`
    case tuple([Pattern])
    /// `.name(sub...)` or `Type.name(sub...)`; subpatterns may carry labels.
    /// The expression is kept for matching subjects that are not enums (`Demand.unlimited`).
    case enumCase(String, [(String?, Pattern)]?, Expr?)
    /// `x?`
    case optionalSome(Pattern)
    /// `is Type`
    case isType(TypeRef)
    /// `pattern as Type`
    case cast(Pattern, TypeRef)
    /// Any other expression, matched with `~=` (equality, or range containment).
    case expression(Expr)
}
