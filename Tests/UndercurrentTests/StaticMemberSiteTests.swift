import Testing

/// A read of a static member (`.unlimited`, `Direction.north`) and a static call through a
/// type's name (`Subscribers.Demand.max(1)`) remember the type their site named, and a member
/// that cannot change (`StaticMemberSite`). What they remembered must give way as soon as a
/// later input declares something that changes the answer; what can change must never be
/// remembered. (The snippet `static-members-read-by-type-and-in-context` checks the same reads
/// against the compiled program within one input.)
@Suite struct StaticMemberSiteTests {
    @Test func aCaseReadInContextFollowsARedeclaredType() {
        let shown = runSession([
            "enum Level { case low }",
            "func pick() -> Level { .low }",
            "print(pick())",
            "struct Level { static var low: Level { print(\"computed\"); return Level() } }",
            "print(pick())",
        ])
        #expect(shown[2] == "low\n")
        #expect(shown[4] == "computed\nLevel()\n")
    }

    @Test func aCaseReadThroughTheTypeFollowsARedeclaredType() {
        let shown = runSession([
            "enum Level { case low, high }",
            "func pick() -> Level { Level.high }",
            "print(pick())",
            "enum Level { case high, low }",
            // A case kept from the first `Level` would not equal the new type's own.
            "print(pick() == Level.high, pick())",
        ])
        #expect(shown[2] == "high\n")
        #expect(shown[4] == "true high\n")
    }

    @Test func aStaticVariableIsReadAfreshEachTime() {
        let shown = runSession([
            "enum Config { static var limit = 1 }",
            "func limit() -> Int { Config.limit }",
            "for i in 1...3 { Config.limit = i * 10; print(limit()) }",
        ])
        #expect(shown[2] == "10\n20\n30\n")
    }

    @Test func aComputedStaticPropertyRunsOnEveryRead() {
        let shown = runSession([
            "struct Clock { static var reads = 0; static var now: Int { reads += 1; return reads } }",
            "func now() -> Int { Clock.now }",
            "for _ in 0..<3 { print(now()) }",
        ])
        #expect(shown[2] == "1\n2\n3\n")
    }

    @Test func aGlobalDeclaredWithATypesNameIsReadAsTheGlobal() {
        let shown = runSession([
            "enum Box { static let size = 1 }",
            "func size() -> Int { Box.size }",
            "print(size())",
            "struct Sized { let size: Int }",
            "let Box = Sized(size: 7)",
            "print(size())",
        ])
        #expect(shown[2] == "1\n")
        #expect(shown[5] == "7\n")
    }

    @Test func aQualifiedStaticCallTakesItsArgumentsOnEveryCall() {
        let shown = runSession([
            "import Combine",
            "for i in 1...3 { print(Subscribers.Demand.max(i), Subscribers.Demand.max(2)) }",
            "func demand(_ count: Int) -> Subscribers.Demand { Subscribers.Demand.max(count) }",
            "print(demand(1), demand(4))",
        ])
        #expect(shown[1] == "max(1) max(2)\nmax(2) max(2)\nmax(3) max(2)\n")
        #expect(shown[3] == "max(1) max(4)\n")
    }

    @Test func aQualifiedStaticCallKeepsItsErrorAndPlace() {
        let shown = runSession([
            "import Combine",
            "for i in [1, -1] {\n    print(Subscribers.Demand.max(i))\n}",
        ])
        #expect(shown[1].hasPrefix("max(1)\n"))
        #expect(shown[1].contains("2:11"))
    }

    @Test func aQualifiedStaticCallFollowsARedeclaredType() {
        let shown = runSession([
            "struct Maker { static func make() -> String { \"first\" } }",
            "func made() -> String { Maker.make() }",
            "print(made())",
            "struct Maker { static func make() -> String { \"second\" } }",
            "print(made())",
        ])
        #expect(shown[2] == "first\n")
        #expect(shown[4] == "second\n")
    }
}
