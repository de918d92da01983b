import Foundation
import Testing
import UndercurrentSession

/// The REPL's colon commands, driven through a session with no terminal.
@Suite struct SessionCommandTests {
    @Test func declarationsPersistAcrossInputsUntilReset() {
        let shown = runSession([
            "struct Point { var x: Int }",
            "let p = Point(x: 3)",
            "print(p.x)",
            ":reset",
            "print(p.x)",
        ])
        #expect(shown[2] == "3\n")
        #expect(shown[3].contains("Declarations forgotten"))
        #expect(shown[4].contains("cannot find 'p' in scope"))
    }

    @Test func traceCanBeTurnedOffAndOnAndReprinted() {
        let shown = runSession(
            [
                "import Combine",
                ":trace off",
                "let a = Just(1).sink { print(\"off:\", $0) }",
                ":trace on",
                "let b = Just(2).sink { print(\"on:\", $0) }",
                ":trace",
            ], trace: true)
        #expect(shown[2] == "off: 1\n", "with tracing off only the program's output shows")
        #expect(shown[4].contains("Just.receive(subscriber: Sink#"))
        #expect(shown[4].contains("» on: 2"))
        #expect(shown[5] == shown[4], ":trace shows the last trace again")
    }

    @Test func inputsWithoutCombineCallsShowPlainOutput() {
        let shown = runSession(["print(\"plain\")"], trace: true)
        #expect(shown[0] == "plain\n")
    }

    @Test func loadRunsAFileInTheSession() throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("undercurrent-load-\(UUID().uuidString).swift")
        try "let loaded = 7\nprint(\"loading\")\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let shown = runSession([":load \(file.path)", "print(loaded * 6)", ":load /no/such/file.swift"])
        #expect(shown[0] == "loading\n")
        #expect(shown[1] == "42\n")
        #expect(shown[2].contains("Cannot read /no/such/file.swift"))
    }

    @Test func unknownCommandsAndHelp() {
        let shown = runSession([":frobnicate", ":help"])
        #expect(shown[0].contains("Unknown command :frobnicate"))
        #expect(shown[1].contains(":trace [on|off]"))
        #expect(shown[1].contains(":reset"))
    }

    @Test func multiLineInputIsCompleteOnlyWhenBracesClose() {
        let source = "struct S {\n    var x = 1\n"
        #expect(!InputCompleteness.isComplete(source))
        #expect(InputCompleteness.isComplete(source + "}\n"))
    }
}

/// In the REPL, time is virtual: `:time` reads the clock and `:advance` moves it.
@Suite struct VirtualTimeCommandTests {
    @Test func advanceRunsTimersThatFallDueAndTimeReportsTheClock() {
        let shown = runSession([
            "import Combine\nimport Foundation",
            "let ticks = Timer.publish(every: 1, on: .main, in: .common).autoconnect().sink { _ in print(\"tick\") }",
            ":time",
            ":advance 3s",
            ":advance nonsense",
        ])
        // Each input lets 1.5 s of virtual time pass, as a playground's run loop would: the
        // timer starts at 1.5 s and ticks once, at 2.5 s, before the next prompt.
        #expect(shown[1] == "tick\n")
        #expect(shown[2] == "Virtual time is 3s; 1 pending, the next at 3.5s.\n")
        #expect(
            shown[3] == "tick\ntick\ntick\nVirtual time is 6s (ran 3 scheduled actions); 1 pending, the next at 6.5s.\n"
        )
        #expect(shown[4].contains("usage: :advance DURATION"))
    }
}
