/// The storage of one running function: a cell per slot, plus the cells it captured.
///
/// The slots are stored in the frame object itself (a `ManagedBuffer`): a call allocates
/// one object rather than an object and an array, which a profile of call-heavy scripts
/// showed as a tenth of their time (allocation and the array type's metadata lookup).
final class Frame: ManagedBuffer<Frame.Header, Cell?> {
    struct Header {
        // Unowned: a frame lives while its function runs, or as that function's spare
        // (`FunctionState.spareFrame`), and the function outlives both. A strong link would
        // make every spare a cycle.
        unowned(unsafe) let function: FunctionDecl
        let captures: [Cell]
        let slotCount: Int
    }

    static func make(function: FunctionDecl, captures: [Cell]) -> Frame {
        let count = function.slotCount
        let buffer = Frame.create(minimumCapacity: count) { _ in
            Header(function: function, captures: captures, slotCount: count)
        }
        buffer.withUnsafeMutablePointerToElements { $0.initialize(repeating: nil, count: count) }
        return unsafeDowncast(buffer, to: Frame.self)
    }

    // Slot by slot: `deinitialize(count:)` destroys through `Optional<Cell>`'s generic value
    // witnesses, which a profile of a custom subscription showed as most of each call's
    // frame cost. Assigning nil releases each cell directly and leaves trivial memory.
    deinit {
        withUnsafeMutablePointers { header, slots in
            for slot in 0..<header.pointee.slotCount { slots[slot] = nil }
        }
    }

    // Read through the header's pointer: `header` itself would copy the whole header
    // (retaining the function and the captures) on every access.
    var function: FunctionDecl { withUnsafeMutablePointerToHeader { $0.pointee.function } }
    var captures: [Cell] { withUnsafeMutablePointerToHeader { $0.pointee.captures } }

    /// The frame's slots, `frame.slots[slot]`; a slot outside the function's count is a
    /// lowering defect and stops the process rather than touch other memory.
    var slots: Slots { Slots(frame: self) }

    struct Slots {
        let frame: Frame

        subscript(slot: Int) -> Cell? {
            @inline(__always) get {
                frame.withUnsafeMutablePointers { header, slots in
                    precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
                    return slots[slot]
                }
            }
            @inline(__always) nonmutating set {
                // The old cell goes after the write, as a variable's old value does (`Cell.store`).
                var replaced = newValue
                frame.withUnsafeMutablePointers { header, slots in
                    precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
                    swap(&slots[slot], &replaced)
                }
            }
        }
    }

    @inline(__always)
    func cell(_ reference: NameReference) -> Cell? {
        switch reference {
        case .local(let slot): return slots[slot]
        case .captured(let index): return withUnsafeMutablePointerToHeader { $0.pointee.captures[index] }
        case .dynamic: return nil
        }
    }

    var selfCell: Cell? {
        guard let slot = withUnsafeMutablePointerToHeader({ $0.pointee.function.selfSlot }) else { return nil }
        return slots[slot]
    }

    /// Ends the variables in `declared` (a block's, when it ends): see `empty(_:)`.
    func clear(_ declared: [Int]) {
        clear(declared) { _ in }
    }

    /// `clear(_:)`, telling `willEnd` the position in `declared` of each variable before it ends.
    @inline(__always)
    func clear(_ declared: [Int], willEnd: (Int) -> Void) {
        withUnsafeMutablePointers { header, slots in
            for (index, slot) in declared.enumerated() {
                precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
                willEnd(index)
                Frame.empty(slots + slot)
            }
        }
    }
}

/// How a statement ended.
enum Flow {
    case normal
    case breakLoop(String?)
    case continueLoop(String?)
    case returned(Value)
    case fallthroughCase
}

extension Flow {
    /// How a loop labelled `label` goes on after its body ended with this flow: nil for the
    /// next turn, or the flow the whole loop ends with.
    @inline(__always)
    func endingLoop(labelled label: String?) -> Flow? {
        switch self {
        case .normal: return nil
        case .breakLoop(let target) where target == nil || target == label: return .normal
        case .continueLoop(let target) where target == nil || target == label: return nil
        default: return self
        }
    }
}
