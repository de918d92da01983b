import Testing

@testable import UndercurrentInterpreter

/// A variable's cell is reused for the next variable of its slot only when nothing else
/// holds it: a closure that captured it must keep the value it saw.
@Suite struct FrameReuseTests {
    private func frameWithOneSlot() throws -> Frame {
        let input = try Lowerer.lower(source: "do { let a = 1 }")
        try #require(input.topLevel.slotCount >= 1)
        return Frame.make(function: input.topLevel, captures: [])
    }

    private func intValue(_ cell: Cell?) -> Int? {
        if case .int(let number)? = cell?.value { return number }
        return nil
    }

    @Test func anUnsharedCellIsEmptiedAndRefilled() throws {
        let frame = try frameWithOneSlot()
        frame.fill(0, with: .int(1))
        let first = ObjectIdentifier(try #require(frame.slots[0]))
        frame.clear([0])
        guard case .void? = frame.slots[0]?.value else {
            Issue.record("the ended variable's cell should stay, empty")
            return
        }
        frame.fill(0, with: .int(2))
        #expect(ObjectIdentifier(try #require(frame.slots[0])) == first)
        #expect(intValue(frame.slots[0]) == 2)
    }

    @Test func aCellAClosureHoldsIsLeftToIt() throws {
        let frame = try frameWithOneSlot()
        frame.fill(0, with: .int(1))
        let captured = try #require(frame.slots[0])
        frame.clear([0])
        #expect(frame.slots[0] == nil)
        #expect(intValue(captured) == 1)
        frame.fill(0, with: .int(2))
        #expect(frame.slots[0] !== captured)
        // Filled while still held (no end in between): a new cell all the same.
        let held = try #require(frame.slots[0])
        frame.fill(0, with: .int(3))
        #expect(frame.slots[0] !== held)
        #expect(intValue(held) == 2)
        #expect(intValue(frame.slots[0]) == 3)
    }
}
