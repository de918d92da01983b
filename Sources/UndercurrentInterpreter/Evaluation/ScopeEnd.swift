extension Interpreter {
    /// Ends a block's variables, last declared first, as Swift ends them at the block's
    /// closing brace. While each is released, `variableBeingReleased` names it: an
    /// `AnyCancellable` that goes with it cancels, and the trace says why.
    @inline(__always)
    func endScope(_ block: Block, in frame: Frame) {
        let slots = block.declaredSlots
        guard !slots.isEmpty else { return }
        guard let scope = block.scope else { return frame.clear(slots) }
        let saved = releasing
        defer { releasing = saved }
        for (index, slot) in slots.enumerated() {
            releasing = (Unmanaged.passUnretained(scope), index)
            frame.clear(slot: slot)
        }
    }

    /// The variable whose value is being released as its scope ends, and where the scope
    /// ends; nil when no scope is ending.
    public var variableBeingReleased: (name: String, scopeEnd: SourceLocation?)? {
        guard let (scope, index) = releasing else { return nil }
        let note = scope.takeUnretainedValue()
        guard note.names.indices.contains(index) else { return nil }
        return (note.names[index], note.end)
    }
}
