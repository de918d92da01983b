// A script method called on an object held by a local (`subscriber.receive(next)`) copied
// the object into the callee's `self` and released it when the call ended: a retain and a
// release on every call, about a twentieth of a custom subscription's time. Where the
// caller's local cannot change while the call runs, the callee's `self` holds the same
// reference without counting it (`ScriptCallPlan.call(lendingSelf:_:_:at:)`). A traced call
// hands its receiver to the observer the same way (`Cell.withUncountedValue`).
extension Frame {
    /// The cell of local `slot` and the object it holds, unretained, when only this frame
    /// holds the cell (no closure captured it, so nothing but this frame's own statements
    /// can change the local) and it holds an object.
    @inline(__always)
    func lendableObject(inSlot slot: Int) -> (cell: Unmanaged<Cell>, object: Unmanaged<ScriptObject>)? {
        withUnsafeMutablePointers { header, slots in
            precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
            guard slots[slot] != nil, isKnownUniquelyReferenced(&slots[slot]) else { return nil }
            let cell = UnsafeMutableRawPointer(slots + slot).load(as: Unmanaged<Cell>.self)
            guard let object = cell._withUnsafeGuaranteedRef({ $0.unretainedObject }) else { return nil }
            return (cell, object)
        }
    }

    /// Puts the value of `lender` in `slot`'s cell without counting it: the lender must hold
    /// it, unchanged, until `endLoan(inSlot:)`, and nothing may store into or end the slot
    /// meanwhile (a method's `self`, which no statement assigns).
    func lend(_ lender: Unmanaged<Cell>, toSlot slot: Int) {
        withUnsafeMutablePointers { header, slots in
            precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
            // The borrowing cell must be this frame's alone and hold nothing to release.
            if slots[slot] == nil || !isKnownUniquelyReferenced(&slots[slot]) || !Frame.holdsVoid(slots + slot) {
                slots[slot] = Cell(.void)
            }
            let cell = UnsafeMutableRawPointer(slots + slot).load(as: Unmanaged<Cell>.self)
            cell._withUnsafeGuaranteedRef { borrower in
                lender._withUnsafeGuaranteedRef { borrower.copyBits(of: $0) }
            }
        }
    }

    /// Ends what `lend(_:toSlot:)` began: the slot's cell forgets the value without releasing
    /// it; or, when something else now holds the cell (a closure that captured `self`), the
    /// cell keeps the value and counts it from now on.
    func endLoan(inSlot slot: Int) {
        withUnsafeMutablePointers { header, slots in
            precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
            guard slots[slot] != nil else { return }
            let unique = isKnownUniquelyReferenced(&slots[slot])
            let cell = UnsafeMutableRawPointer(slots + slot).load(as: Unmanaged<Cell>.self)
            cell._withUnsafeGuaranteedRef { borrower in
                if unique {
                    borrower.forgetBits()
                } else {
                    borrower.countBits()
                }
            }
        }
    }

    @inline(__always)
    private static func holdsVoid(_ slot: UnsafeMutablePointer<Cell?>) -> Bool {
        UnsafeMutableRawPointer(slot).load(as: Unmanaged<Cell>.self)._withUnsafeGuaranteedRef {
            if case .void = $0.value { true } else { false }
        }
    }
}

extension Cell {
    /// This cell's value becomes a bitwise copy of `other`'s, uncounted; this cell's own
    /// value (`.void`, which holds nothing) is overwritten, not released.
    fileprivate func copyBits(of other: Cell) {
        withUnsafeMutablePointer(to: &value) { destination in
            withUnsafeMutablePointer(to: &other.value) { Value.copyBits(from: $0, to: destination) }
        }
    }

    /// The value copied by `copyBits(of:)` is overwritten by `.void`, not released.
    fileprivate func forgetBits() {
        withUnsafeMutablePointer(to: &value, Value.forgetBits)
    }

    /// The value copied by `copyBits(of:)` is counted: a copy of it is made and its bits
    /// overwritten by the copy's, as if it had been stored.
    fileprivate func countBits() {
        let counted = value  // a copy: the retain the loan left out
        withUnsafeMutablePointer(to: &value) { destination in
            UnsafeMutableRawPointer(destination).initializeMemory(as: Value.self, repeating: counted, count: 1)
        }
    }

    /// Runs `body` with a bitwise copy of this cell's value that is not counted: no retain
    /// when it is made, no release when it ends. Only for a cell whose value stays while
    /// `body` runs; `body` copies it (a retain) to keep it.
    func withUncountedValue<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        var copy = Value.void
        withUnsafeMutablePointer(to: &copy) { destination in
            withUnsafeMutablePointer(to: &value) { Value.copyBits(from: $0, to: destination) }
        }
        defer { withUnsafeMutablePointer(to: &copy, Value.forgetBits) }
        return try body(copy)
    }
}

extension Value {
    /// Writes the bits of the value at `source` over the value at `destination`, which is
    /// not released (it holds nothing to release: `.void`); the copy is not counted.
    @inline(__always)
    fileprivate static func copyBits(
        from source: UnsafeMutablePointer<Value>, to destination: UnsafeMutablePointer<Value>
    ) {
        UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: MemoryLayout<Value>.size)
    }

    /// Overwrites the value at `value`, an uncounted copy, with `.void`, without releasing it.
    @inline(__always)
    fileprivate static func forgetBits(at value: UnsafeMutablePointer<Value>) {
        UnsafeMutableRawPointer(value).initializeMemory(as: Value.self, repeating: .void, count: 1)
    }
}
