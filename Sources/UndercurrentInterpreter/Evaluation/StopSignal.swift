import CUndercurrentSupport

/// Whether an input is stopping on an error or Ctrl-C (`Interpreter.stopSignal`), readable by
/// an observer that asks on every event it records (the tracer) and that must not keep the
/// interpreter alive: a leaf object that references nothing.
///
/// Asked through a closure that captured the interpreter `unowned`, each ask cost four
/// atomic operations (the closure's context and the check that the interpreter still
/// lives), about a tenth of what recording a traced call costs.
public final class StopSignal {
    /// Kept equal to `Interpreter.pendingError != nil`.
    var hasPendingError = false

    /// True once an error is pending or Ctrl-C was pressed, as `Interpreter.isAborting`
    /// answers, without taking the Ctrl-C (the interpreter does, at its next check).
    public var isRaised: Bool { hasPendingError || uc_interrupt_pending() != 0 }
}
