/// How a type reaches the interpreter that owns it (`TypeInfo.interpreter`), without a
/// weak reference to the interpreter.
///
/// A weak reference gives the object it points to a side table, and from then on every
/// retain and release of that object takes the runtime's slow path. The interpreter is
/// retained on every call the engine makes into script code, so types hold this link
/// instead, which the interpreter empties when it goes away.
final class InterpreterLink {
    /// Unsafe only in name: the interpreter empties it at the start of its `deinit`, before
    /// anything it holds (types, objects whose `deinit` read it) is released.
    unowned(unsafe) var interpreter: Interpreter?

    init() {}
}
