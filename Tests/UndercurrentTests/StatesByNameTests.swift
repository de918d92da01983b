import Testing

@testable import UndercurrentTrace

/// The checker's per-name state remembers where the last name it looked up is; that
/// memory must never outlive an insertion or removal that moves the entries.
@Suite struct StatesByNameTests {
    @Test func lookUpsStayRightAcrossInsertionsThatGrowTheTable() {
        var states = StatesByName<Int>()
        states["A#1"] = 1
        #expect(states["A#1"] == 1)
        // Enough new names to make the dictionary grow and move every entry.
        for number in 1...100 { states["B#\(number)"] = number * 10 }
        #expect(states["A#1"] == 1)
        states["A#1"] = 2
        #expect(states["A#1"] == 2)
        #expect(states["B#64"] == 640)
    }

    @Test func removedNamesAreGoneAndOthersStay() {
        var states = StatesByName<String>()
        states["Sub#1"] = "first"
        states["Sub#2"] = "second"
        #expect(states["Sub#1"] == "first")
        #expect(states.removeValue(forKey: "Sub#1") == "first")
        #expect(states["Sub#1"] == nil)
        #expect(states["Sub#2"] == "second")
        states["Sub#2"] = nil
        #expect(states["Sub#2"] == nil)
        states.removeAll()
        #expect(states["Sub#2"] == nil)
    }

    @Test func updatesChangeTheStoredStateInPlace() {
        var states = StatesByName<[String]>()
        #expect(states.update("Sub#1") { $0.append("x") } == nil)
        states["Sub#1", default: []].append("a")
        states.update("Sub#1") { $0.append("b") }
        #expect(states["Sub#1"] == ["a", "b"])
        #expect(states.update("Sub#1") { $0.count } == 2)
    }
}
