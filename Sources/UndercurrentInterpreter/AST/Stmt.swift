public enum Condition {
    case boolean(Expr)
    /// `let x = optional` (also `var`, and `let x` shorthand).
    case optionalBinding(Pattern, Expr)
    /// `case pattern = value`
    case matches(Pattern, Expr)
}

public struct SwitchCase {
    public var patterns: [(Pattern, Expr?)]  // each with its `where` guard
    public var isDefault: Bool
    public var body: Block
    public var location: SourceLocation
}

public struct CatchClause {
    public var pattern: Pattern?
    public var guardExpr: Expr?
    public var body: Block
}

/// A braced list of statements and the slots it declares, cleared when it ends so
/// that the values they hold are released exactly when Swift would release them.
public struct Block {
    public var statements: [Stmt]
    /// The variables the block declares, last declared first: the order they end in.
    public var declaredSlots: [Int]
    /// Their names, and where the block ends: what the trace says released an object.
    public var scope: ScopeNote?

    public init(statements: [Stmt], declaredSlots: [Int], scope: ScopeNote? = nil) {
        self.statements = statements
        self.declaredSlots = declaredSlots
        self.scope = scope
    }
}

/// The names of a block's variables (in the order of its `declaredSlots`) and where the
/// block ends. A class, so that the interpreter can point at the scope being ended without
/// copying or retaining anything on the hot path.
public final class ScopeNote {
    public let names: [String]
    public let end: SourceLocation?

    public init(names: [String], end: SourceLocation?) {
        self.names = names
        self.end = end
    }
}

public struct VariableBinding {
    public var pattern: Pattern
    public var type: TypeRef?
    public var initializer: Expr?
    public var isConstant: Bool
    public var isWeak: Bool
    public var location: SourceLocation
    /// `unowned` (`isWeak` is true too): reads as the object itself, and fails once it is gone.
    public var isUnowned = false
}

public indirect enum Stmt {
    case expression(Expr)
    /// `let`/`var` in a function or block.
    case local(VariableBinding)
    /// `let`/`var` at the top level of a script: a global.
    case global(name: String, VariableBinding)
    /// `let (a, b) = pair` at the top level: one global per name, each an element of the
    /// value (`binding.pattern` is not used).
    case globalTuple([GlobalTupleElement], VariableBinding)
    /// A nested `func` bound to a slot.
    case localFunction(slot: Int, FunctionDecl)
    case ifStatement([Condition], Block, Stmt?, SourceLocation)
    case guardStatement([Condition], Block, SourceLocation)
    case whileLoop(label: String?, [Condition], Block, SourceLocation)
    case repeatWhile(label: String?, Block, Expr, SourceLocation)
    case forIn(label: String?, Pattern, Expr, Expr?, Block, SourceLocation)
    case switchStatement(label: String?, Expr, [SwitchCase], SourceLocation)
    case returnStatement(Expr?, SourceLocation)
    case breakStatement(String?, SourceLocation)
    case continueStatement(String?, SourceLocation)
    case fallthroughStatement(SourceLocation)
    case throwStatement(Expr, SourceLocation)
    case block(Block)
    case doCatch(Block, [CatchClause], SourceLocation)
    case deferStatement(Block)
    /// A type, extension or global function: registered before the input runs.
    case declaration(Declaration)
    /// Yields the value of an `if`/`switch` expression branch into a slot.
    case yieldValue(slot: Int, Expr)
}

/// A name bound by a tuple pattern at the top level (`let (a, (b, _)) = …`): where its value
/// is in the tuple, by element index at each level, and the type written for it.
public struct GlobalTupleElement {
    public let name: String
    public let path: [Int]
    public let type: TypeRef?
}
