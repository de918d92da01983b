/// The storage of one running function: a cell per slot, plus the cells it captured.
final class Frame {
    /// Unchecked: read on every variable access; writes replace a cell, and script code run
    /// by a released value's deinit uses a frame of its own.
    @exclusivity(unchecked) var slots: ContiguousArray<Cell?>
    let captures: [Cell]
    let function: FunctionDecl

    init(function: FunctionDecl, captures: [Cell]) {
        self.slots = ContiguousArray(repeating: nil, count: function.slotCount)
        self.captures = captures
        self.function = function
    }

    @inline(__always)
    func cell(_ reference: NameReference) -> Cell? {
        switch reference {
        case .local(let slot): return slots[slot]
        case .captured(let index): return captures[index]
        case .dynamic: return nil
        }
    }

    var selfCell: Cell? {
        guard let slot = function.selfSlot else { return nil }
        return slots[slot]
    }

    func clear(_ declared: [Int]) {
        for slot in declared { slots[slot] = nil }
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
