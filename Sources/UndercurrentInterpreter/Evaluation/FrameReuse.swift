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
    /// frame holds it, or else in a new cell (a closure may hold the old one).
    @inline(__always)
    func fill(_ slot: Int, with value: Value) {
        withUnsafeMutablePointers { header, slots in
            precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
            if slots[slot] != nil, isKnownUniquelyReferenced(&slots[slot]) {
                slots[slot].unsafelyUnwrapped.value = value
            } else {
                slots[slot] = Cell(value)
            }
        }
    }

    /// Ends the variable in `slot`: its value is released now; its cell stays, empty, when
    /// nothing else holds it.
    @inline(__always)
    static func empty(_ slot: UnsafeMutablePointer<Cell?>) {
        if case .none = slot.pointee { return }
        if isKnownUniquelyReferenced(&slot.pointee) {
            slot.pointee.unsafelyUnwrapped.value = .void
        } else {
            slot.pointee = nil
        }
    }

    /// A frame for a call of `decl` that gives every parameter an argument (defaults are
    /// found by empty parameter slots, which a spare frame's may not be): the spare one a
    /// finished call left, or a new one. Put the parameters and `self` in with `fill`.
    static func forCall(of decl: FunctionDecl) -> Frame {
        if let spare = decl.spareFrame {
            decl.spareFrame = nil
            return spare
        }
        return make(function: decl, captures: [])
    }

    /// After a call made with `forCall(of:)` returned: when nothing else holds `frame`, its
    /// variables end, in slot order as freeing it would have ended them, and it becomes
    /// its function's spare.
    static func retire(_ frame: inout Frame) {
        guard isKnownUniquelyReferenced(&frame) else { return }
        frame.withUnsafeMutablePointers { header, slots in
            for slot in 0..<header.pointee.slotCount { empty(slots + slot) }
        }
        frame.function.spareFrame = frame
    }
}
