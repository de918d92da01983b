import Testing

@testable import UndercurrentTrace

/// The checker's per-name state remembers where the names it looked up last are; that
/// memory must never outlive an insertion or removal that moves the entries.
@Suite struct StatesByNameTests {
    @Test func lookUpsStayRightAcrossInsertionsThatGrowTheTable() {
        var states = StatesByName<String, Int>()
        states["A#1"] = 1
        #expect(states["A#1"] == 1)
        // Enough new names to make the dictionary grow and move every entry.
        for number in 1...100 { states["B#\(number)"] = number * 10 }
        #expect(states["A#1"] == 1)
        states["A#1"] = 2
        #expect(states["A#1"] == 2)
        #expect(states["B#64"] == 640)
    }

    @Test func everyRememberedNameStaysRightAcrossGrowthAndRemoval() {
        var states = StatesByName<String, Int>()
        let asked = (1...StatesByName<String, Int>.recentCapacity + 2).map { "Conduit#\($0)" }
        for (number, name) in asked.enumerated() { states[name] = number }
        // Asked in turn, as a chain of subjects asks about its conduits: all remembered.
        for _ in 1...3 {
            for (number, name) in asked.enumerated() { #expect(states[name] == number) }
        }
        // Growth moves every entry; a remembered place must not survive it.
        for number in 1...200 { states["Sink#\(number)"] = -number }
        for (number, name) in asked.enumerated() { #expect(states[name] == number) }
        // Removal may move entries too.
        #expect(states.removeValue(forKey: asked[3]) == 3)
        for (number, name) in asked.enumerated() where number != 3 { #expect(states[name] == number) }
        #expect(states[asked[3]] == nil)
        #expect(states["Sink#200"] == -200)
    }

    @Test func removedNamesAreGoneAndOthersStay() {
        var states = StatesByName<String, String>()
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
        var states = StatesByName<String, [String]>()
        #expect(states.updateUncounted("Sub#1") { $0.append("x") } == nil)
        states["Sub#1", default: []].append("a")
        states.updateUncounted("Sub#1") { $0.append("b") }
        #expect(states["Sub#1"] == ["a", "b"])
        #expect(states.updateUncounted("Sub#1") { $0.count } == 2)
    }

    /// What the checker works out from the states is reused while `changeCount` stays the
    /// same: every write through the subscript or a removal must move it.
    @Test func everyWriteButAnUncountedUpdateIsCounted() {
        var states = StatesByName<String, Int>()
        var seen = states.changeCount
        func changed() -> Bool {
            defer { seen = states.changeCount }
            return states.changeCount != seen
        }
        states["Sub#1"] = 1
        #expect(changed())
        states["Sub#1"] = 2
        #expect(changed())
        states["Sub#2", default: 0] += 1
        #expect(changed())
        _ = states["Sub#1"]
        states.updateUncounted("Sub#1") { $0 += 1 }
        #expect(!changed())
        #expect(states["Sub#1"] == 3)
        states["Sub#1"] = nil
        #expect(changed())
        states.removeValue(forKey: "Sub#2")
        #expect(changed())
        states.removeAll()
        #expect(changed())
    }
}
