/// What ending a block's variables needs, taken out of the block once when it is compiled:
/// its slots, and its note read without reference counting on every end.
struct ScopeEnd {
    let slots: [Int]
    let note: Unmanaged<ScopeNote>?
    /// Keeps the note alive as long as this is (it lives in the block's AST anyway).
    private let keptNote: ScopeNote?

    init(_ block: Block) {
        slots = block.declaredSlots
        keptNote = block.scope
        note = block.scope.map { Unmanaged.passUnretained($0) }
    }
}

extension Interpreter {
    /// Ends a block's variables, last declared first, as Swift ends them at the block's
    /// closing brace. While each is released, `variableBeingReleased` names it: an
    /// `AnyCancellable` that goes with it cancels, and the trace says why.
    @inline(__always)
    func end(_ scope: ScopeEnd, in frame: Frame) {
        guard !scope.slots.isEmpty else { return }
        guard let note = scope.note else { return frame.clear(scope.slots) }
        // Saved and put back: a `deinit` run here may end scopes of its own.
        let savedNote = releasingScope
        let savedIndex = releasingIndex
        releasingScope = note
        frame.clear(scope.slots) { self.releasingIndex = $0 }
        releasingScope = savedNote
        releasingIndex = savedIndex
    }

    /// Releases a value no variable kept (`_ = publisher.sink { … }`, or a statement whose
    /// result is unused) now, noting where, so that a cancel it causes can say why.
    @inline(__always)
    func releaseUnkept(_ value: inout Value, at location: SourceLocation, explicitly: Bool) {
        if case .void = value { return }
        let saved = releasingUnkept
        releasingUnkept = (location, explicitly)
        value = .void
        releasingUnkept = saved
    }

    /// A value released at once because nothing kept it, and whether `_ =` discarded it.
    public var unkeptValueBeingReleased: (location: SourceLocation, explicitly: Bool)? { releasingUnkept }

    /// The variable whose value is being released as its scope ends, and where the scope
    /// ends; nil when no scope is ending.
    public var variableBeingReleased: (name: String, scopeEnd: SourceLocation?)? {
        guard let scope = releasingScope else { return nil }
        let note = scope.takeUnretainedValue()
        guard note.names.indices.contains(releasingIndex) else { return nil }
        return (note.names[releasingIndex], note.end)
    }
}
