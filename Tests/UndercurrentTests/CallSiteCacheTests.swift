import Testing

/// Each call in the source remembers the member and overload it resolved to
/// (`CallSiteCache`). What it remembered must give way as soon as a later input declares
/// something that changes the answer.
@Suite struct CallSiteCacheTests {
    @Test func aRedeclaredFunctionIsCalledFromAnEarlierCaller() {
        let shown = runSession([
            "func greet() -> String { \"hello\" }",
            "func run() { print(greet()) }",
            "run()",
            "func greet() -> String { \"bonjour\" }",
            "run()",
        ])
        #expect(shown[2] == "hello\n")
        #expect(shown[4] == "bonjour\n")
    }

    @Test func aMethodDeclaredInALaterExtensionReplacesTheProtocolDefault() {
        let shown = runSession([
            "protocol Greeter {}",
            "extension Greeter { func hello() -> String { \"default\" } }",
            "struct Robot: Greeter {}",
            "func call(_ robot: Robot) { print(robot.hello()) }",
            "call(Robot())",
            "extension Robot { func hello() -> String { \"beep\" } }",
            "call(Robot())",
        ])
        #expect(shown[4] == "default\n")
        #expect(shown[6] == "beep\n")
    }

    @Test func anImplicitMemberFollowsARedeclaredType() {
        let shown = runSession([
            "enum Mode { case slow; static func make() -> Mode { .slow } }",
            "func mode() -> Mode { .make() }",
            "print(mode())",
            "enum Mode { case fast; static func make() -> Mode { .fast } }",
            "print(mode())",
        ])
        #expect(shown[2] == "slow\n")
        #expect(shown[4] == "fast\n")
    }

    @Test func aConformanceAddedLaterGivesTheProtocolsMethods() {
        let shown = runSession([
            "protocol Named {}",
            "extension Named { func name() -> String { \"named\" } }",
            "struct Box {}",
            "func nameOf(_ box: Box) -> String { box.name() }",
            "print(nameOf(Box()))",
            "extension Box: Named {}",
            "print(nameOf(Box()))",
        ])
        #expect(shown[4].contains("has no member 'name'"))
        #expect(shown[6] == "named\n")
    }
}
