// Variables' cells and calls' frames are reused once nothing else holds them.
//
// A custom subscription's loop (`while let subscriber { demand += subscriber.receive(next) }`)
// made and freed, per value, a frame for the call, a cell for its argument, one for
// `self` and one for `subscriber`: an eighth of its instructions. So a variable that ends
// (its block ends, or its call returns) releases its value at once, as before, but keeps
// its cell in the slot when nothing else holds the cell (no closure captured it); the next
// variable of that slot is stored in it (`fill`). A call's frame, once it returns with
// nothing else holding it, waits as its function's spare for the next call.
//
// So a slot whose variable has ended holds nil or an empty cell that only the frame holds.
// Names resolve to slots by scope, so nothing reads such a slot before it is filled again.
extension Frame {
    /// Puts a new variable's `value` in `slot`: in the empty cell kept there when only this
    /// frame holds it, or else in a new cell (a closure may hold the old one). Consumed, and
    /// moved into the cell: a value the caller no longer needs (a call's `self`, an argument,
    /// what `while let` unwrapped) is stored without a retain and a release.
    @inline(__always)
    func fill(_ slot: Int, with value: consuming Value) {
        // Taken out of an optional inside the closure: a closure cannot consume what it captures.
        var pending: Value? = consume value
        withUnsafeMutablePointers { header, slots in
            precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
            if slots[slot] != nil, isKnownUniquelyReferenced(&slots[slot]) {
                Frame.borrow(slots + slot) { $0.value = pending.take().unsafelyUnwrapped }
            } else {
                slots[slot] = Cell(pending.take().unsafelyUnwrapped)
            }
        }
    }

    /// Ends the variable in `slot`: its value is released now; its cell stays, empty, when
    /// nothing else holds it.
    @inline(__always)
    static func empty(_ slot: UnsafeMutablePointer<Cell?>) {
        if case .none = slot.pointee { return }
        if isKnownUniquelyReferenced(&slot.pointee) {
            borrow(slot) { $0.value = .void }
        } else {
            slot.pointee = nil
        }
    }

    /// The cell in a slot known to hold one, borrowed: unwrapping the optional would retain
    /// and release it.
    @inline(__always)
    private static func borrow<Result>(
        _ slot: UnsafeMutablePointer<Cell?>,
        _ body: (Cell) throws -> Result
    ) rethrows -> Result {
        try UnsafeMutableRawPointer(slot).load(as: Unmanaged<Cell>.self)._withUnsafeGuaranteedRef(body)
    }

    /// A frame for a call of `decl` that gives every parameter an argument (defaults are
    /// found by empty parameter slots, which a spare frame's may not be): the spare one a
    /// finished call left, or a new one. Put the parameters and `self` in with `fill`.
    static func forCall(of state: FunctionState) -> Frame {
        // Swapped out rather than read and cleared: a move, without a retain and a release.
        var spare: Frame?
        swap(&spare, &state.spareFrame)
        return spare ?? make(function: state.decl, captures: [])
    }

    /// After a call made with `forCall(of:)` returned: when nothing else holds `frame`, its
    /// variables end, in slot order as freeing it would have ended them, and it becomes
    /// the spare of its function's `state`.
    static func retire(_ frame: inout Frame, to state: FunctionState) {
        guard FastPaths.enabled, isKnownUniquelyReferenced(&frame) else { return }
        frame.endVariables()
        state.spareFrame = frame
    }

    /// `retire(_:to:)` for a caller that gives up its frame: moved in as the spare, where
    /// the other copies it (a retain and a release).
    static func retire(_ frame: consuming Frame, to state: FunctionState) {
        guard FastPaths.enabled, isKnownUniquelyReferenced(&frame) else { return }
        frame.endVariables()
        state.spareFrame = consume frame
    }

    /// Ends every variable of the frame, in slot order.
    private func endVariables() {
        withUnsafeMutablePointers { header, slots in
            for slot in 0..<header.pointee.slotCount { Frame.empty(slots + slot) }
        }
    }
}

// MARK: - Borrowed reads

// Reading a variable took its cell out of the slot (a retain and a release) and then
// copied the value. The reads below borrow the cell where it is: a custom subscription's
// loop reads `demand`, `self` and its arguments a dozen times per value.
extension Frame {
    /// The value of the variable in local `slot`, or nil when the slot is empty.
    @inline(__always)
    func loadLocal(_ slot: Int) -> Value? {
        withUnsafeMutablePointers { header, slots in
            precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
            if case .none = slots[slot] { return nil }
            return Frame.borrow(slots + slot) { $0.loadIfReadable() }
        }
    }

    /// Runs `body` with the cell of local `slot`, borrowed; nil when the slot is empty.
    /// `body` must not empty or refill the slot (only this frame's own statements do).
    @inline(__always)
    func withLocalCell<Result>(_ slot: Int, _ body: (Cell) throws -> Result) rethrows -> Result? {
        try withUnsafeMutablePointers { header, slots in
            precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
            if case .none = slots[slot] { return nil }
            return try Frame.borrow(slots + slot, body)
        }
    }
}

// MARK: - Borrowed objects

// Reading or updating a field of `self` (`next > 0`, `total += input`) copied `self` out of
// its cell: a retain and a release of the object per access, a handful per value in a
// custom subscription. A class method cannot assign `self`, so the object in its cell stays
// while a field is read or written, and is used where it is.
extension Cell {
    /// The class instance this cell holds, not retained: valid while the cell keeps it, so
    /// only for a use that runs no script code.
    @inline(__always)
    var unretainedObject: Unmanaged<ScriptObject>? {
        if case .object(let object) = value { return .passUnretained(object) }
        return nil
    }
}

extension Frame {
    /// Runs `body` with the class instance in local `slot`, borrowed; nil when the slot is
    /// empty or holds no object. `body` must run no script code.
    @inline(__always)
    func withObject<Result>(inSlot slot: Int, _ body: (ScriptObject) throws -> Result) rethrows -> Result? {
        guard let object = withLocalCell(slot, { $0.unretainedObject }) ?? nil else { return nil }
        return try object._withUnsafeGuaranteedRef(body)
    }

    /// `withObject(inSlot:_:)` for the function's `self`.
    @inline(__always)
    func withSelfObject<Result>(_ body: (ScriptObject) throws -> Result) rethrows -> Result? {
        guard let slot = withUnsafeMutablePointerToHeader({ $0.pointee.function.selfSlot }) else { return nil }
        return try withObject(inSlot: slot, body)
    }
}
