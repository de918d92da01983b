import Foundation
import Testing
import UndercurrentInterpreter
import UndercurrentLessons
import UndercurrentSession

/// Inputs that used to kill the whole process (issue 22): each now stops with a runtime
/// error at its line and column where the compiled program traps, or prints what the
/// compiled program prints where it does not, and the session goes on.
@Suite struct NoTrapTests {
    /// Runs `failing` after a declaration in one session, expects `message` (with its
    /// `<input 2>:LINE:COLUMN: kind:` prefix) and that the declaration is still usable.
    func expectStopsAndSessionGoesOn(
        _ failing: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let shown = runSession(["let kept = 41", failing, "print(kept + 1)"])
        #expect(shown[1].hasPrefix("<input 2>:" + message + "\n"), "got: \(shown[1])", sourceLocation: sourceLocation)
        #expect(shown[2] == "42\n", "the session must go on", sourceLocation: sourceLocation)
    }

    @Test func integerMembersThatOverflowStopTheInput() {
        expectStopsAndSessionGoesOn(
            "print(Int.max.advanced(by: 1))",
            "1:7: runtime error: arithmetic overflow: 9223372036854775807 + 1 does not fit in Int")
        expectStopsAndSessionGoesOn(
            "print(Int.min.distance(to: Int.max))",
            "1:7: runtime error: arithmetic overflow: 9223372036854775807 - -9223372036854775808 does not fit in Int")
        expectStopsAndSessionGoesOn(
            "print(Int.min.quotientAndRemainder(dividingBy: -1))", "1:7: runtime error: Division results in an overflow"
        )
        expectStopsAndSessionGoesOn(
            "let low = Int.min\nprint(low % -1)",
            "2:11: runtime error: arithmetic overflow: -9223372036854775808 % -1 does not fit in Int")
        expectStopsAndSessionGoesOn(
            "print([1, 2].index(after: Int.max))",
            "1:7: runtime error: arithmetic overflow: 9223372036854775807 + 1 does not fit in Int")
    }

    /// `Int.min.magnitude` is a UInt in Swift, which Undercurrent does not have: refused by name.
    @Test func magnitudeOfIntMinIsRefusedByName() {
        expectStopsAndSessionGoesOn(
            "print(Int.min.magnitude)",
            "1:7: unsupported: UInt: Int.min.magnitude is 9223372036854775808, which does not fit in Int (Undercurrent has no UInt)"
        )
        #expect(runScript("print(Int.max.magnitude, (-5).magnitude)").output == "9223372036854775807 5\n")
    }

    /// What the compiled program prints (`scripts/oracle`): these do not trap in Swift.
    @Test func extremesThatSwiftAcceptsGiveSwiftsAnswer() {
        expectOracleOutput(
            """
            print(Int.min.isMultiple(of: -1), Int.max.isMultiple(of: -1))
            for i in Int.min..<Int.min { print(i) }
            print((Int.min..<Int.min).count, (Int.min..<Int.min).isEmpty, Array(Int.min..<Int.min))
            print((..<Int.min).contains(3))
            print((0..<Int.max).count, (Int.max...Int.max).count)
            print(Array((Int.max - 1)...Int.max))
            """,
            """
            true true
            0 true []
            false
            9223372036854775807 1
            [9223372036854775806, 9223372036854775807]

            """)
    }

    @Test func rangesBeyondIntStopTheInput() {
        expectStopsAndSessionGoesOn(
            "print((-1...Int.max).count)",
            "1:7: runtime error: arithmetic overflow: the range -1...9223372036854775807 has more than Int.max (9223372036854775807) elements"
        )
        expectStopsAndSessionGoesOn(
            "print([1, 2, 3][...Int.max])",
            "1:16: runtime error: arithmetic overflow: 9223372036854775807 + 1 does not fit in Int")
        expectStopsAndSessionGoesOn(
            "print(Array(zip([1, 2, 3], (Int.max - 1)...)))",
            "1:7: runtime error: arithmetic overflow: a range with no upper bound counted past Int.max (9223372036854775807)"
        )
        // The loop runs until the element that would step past Int.max, as Swift's does.
        let shown = runSession(["for i in (Int.max - 1)... { print(i) }", "print(1)"])
        #expect(
            shown[0]
                == "9223372036854775806\n<input 1>:1:10: runtime error: arithmetic overflow: a range with no upper bound counted past Int.max (9223372036854775807)\n"
                + "for i in (Int.max - 1)... { print(i) }\n         ^\n")
        #expect(shown[1] == "1\n")
    }

    /// `min` and `max` are variadic here; passed by name they are called with two values.
    @Test func minAndMaxPassedByName() {
        expectOracleOutput(
            """
            import Combine
            print([3, 1, 2].reduce(Int.max, min), [3, 1, 2].reduce(Int.min, max))
            let pick: (Int, Int) -> Int = max
            print(pick(4, 9))
            _ = [1, 5, 2].publisher.scan(0, max).sink { print($0) }
            """,
            """
            1 3
            9
            1
            5
            5

            """)
    }

    @Test func hugePageSizesShowOnePage() {
        let shown = runSession(
            [
                "import Combine\n_ = [1, 2].publisher.sink { _ in }",
                ":trace --page 2 --page-size 9223372036854775807",
                ":trace --page 1 --page-size 9223372036854775807",
            ], trace: true)
        #expect(shown[1] == "There is 1 page of 9223372036854775807 events.\n")
        #expect(shown[2].hasSuffix("\npage 1 of 1 (events 1–6 of 6)\n"), "got: \(shown[2])")
    }

    @Test(.enabled(if: TraceCLITests.available, "needs .build/debug/undercurrent"))
    func fuzzRefusesArgumentsThatOverflow() {
        let cases: [([String], String)] = [
            (["--start", "9223372036854775807"], "--start plus --count must not pass 9223372036854775807"),
            (["--start=-3"], "--start must be 0 or more (got -3)"),
            (["--show=-5"], "--show must be 0 or more (got -5)"),
            (["--count=-1"], "--count must be 0 or more (got -1)"),
            (["--timeout", "nan"], "--timeout must be a number of seconds above 0"),
        ]
        for (arguments, message) in cases {
            let result = TraceCLITests.run(["fuzz"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.errors)")
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        }
        // The last inputs there are still run, one by one.
        let last = TraceCLITests.run(["fuzz", "--start", "9223372036854775806", "--count", "1"])
        #expect(last.status == 0, "\(last.output) \(last.errors)")
        #expect(last.output.hasPrefix("1 inputs in "), "got: \(last.output)")
    }

    @Test(.enabled(if: TraceCLITests.available, "needs .build/debug/undercurrent"))
    func benchRefusesScalesThatOverflow() {
        for (arguments, message) in [
            (["--scale", "1e300"], "--scale must be a number above 0 and at most 1000"),
            (["--runs", "0"], "--runs must be between 1 and 1000 (got 0)"),
        ] {
            let result = TraceCLITests.run(["bench"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.errors)")
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        }
    }

    /// A lesson from a stranger: its code, and its exercise's given code, are a script
    /// like any other; `lesson lint` reports what they do instead of dying.
    @Test func aLessonWhoseCodeTrapsInSwiftIsLinted() throws {
        let lesson = """
            ---
            title: Traps
            ---

            ## Overflow

            ```swift
            print(Int.max.advanced(by: 1))
            ```

            ## Exercise step

            ### Exercise: Given code that traps

            Do it.

            Given:
            ```swift
            let edge = [1, 2, 3][...Int.max]
            ```

            Starter:
            ```swift
            let z = 1
            ```

            Solution:
            ```swift
            let z = 2
            ```

            Checks:
            - output is "2"
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("traps-\(UUID().uuidString).md")
        try lesson.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let messages = LargeStack.run { LessonLinter.lint(file: file.path).map(\.message) }
        #expect(
            messages.first
                == "the code of step 1 fails: runtime error: arithmetic overflow: 9223372036854775807 + 1 does not fit in Int"
        )
        // Among the linter's other findings (a lesson without other solutions gets one too).
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "the solution fails `runs without error`: expected the program runs to its end without an error; the solution: it stopped: given:1:21: runtime error: arithmetic overflow"
                )
            }, "got: \(messages)")
    }
}
