import Foundation
import Testing
import UndercurrentInterpreter
import UndercurrentSession

/// Inputs an adversarial learner typed that used to hang the session, exhaust memory or
/// print internals: each now stops with a message in the compiler's or Swift's words, at
/// its line and column, and the session carries on.
@Suite struct RunawayInputTests {
    /// Runs `inputs` in one session with `adjust` applied to its limits; what each showed.
    func session(
        _ inputs: [String], trace: Bool = false,
        adjust: @escaping @Sendable (inout ResourceLimits) -> Void = { _ in }
    ) -> [String] {
        runSession(inputs, trace: trace) { adjust(&$0.environment.interpreter.limits) }
    }

    /// `failing` shows `message` (at its place), and the session still has `kept`.
    func expectRefused(
        _ failing: String, says message: String,
        adjust: @escaping @Sendable (inout ResourceLimits) -> Void = { _ in }
    ) {
        let shown = session(["let kept = 41", failing, "print(kept + 1)"], adjust: adjust)
        #expect(shown[1].contains(message), "got: \(shown[1].prefix(600))")
        #expect(shown[2] == "42\n", "the session must carry on: \(shown[2])")
    }

    // MARK: - Operators the standard table does not know

    @Test func anUnknownOperatorIsTheCompilersError() {
        // swiftc: "error: cannot find operator '+++' in scope", at the operator.
        expectRefused("print(1 +++ 2)", says: "<input 2>:1:9: syntax error: cannot find operator '+++' in scope")
        // Declaring one is what is missing then, and is refused by name.
        expectRefused(
            "infix operator +++\nfunc +++(a: Int, b: Int) -> Int { a + b }\nprint(1 +++ 2)",
            says: "<input 2>:1:1: unsupported: declaring operators is not supported yet")
    }

    @Test func aStandardOperatorTheInterpreterLacksIsRefusedBeforeAnythingRuns() {
        // `~>` is in the standard operator table: refused by name, at the operator, and the
        // line before it does not run.
        let shown = session(["print(\"before\")\nlet a = 1\nprint(a ~> a)", "print(2)"])
        #expect(
            shown[0].contains("<input 1>:3:9: unsupported: the operator `~>` is not supported yet"),
            "got: \(shown[0])")
        #expect(!shown[0].contains("before"))
        #expect(shown[1] == "2\n")
    }

    @Test func chainedComparisonsAreTheCompilersError() {
        // swiftc: "adjacent operators are in non-associative precedence group 'ComparisonPrecedence'".
        expectRefused(
            "print(1 < 2 < 3)",
            says:
                "<input 2>:1:9: syntax error: adjacent operators are in non-associative precedence group 'ComparisonPrecedence'"
        )
    }

    // MARK: - Inputs the parser or the lowerer would spend minutes on

    @Test func deeplyNestedArrayLiteralsAreRefusedBeforeParsing() {
        // 24 levels took swift-syntax's parser over 100 s, and nothing interrupts a parse.
        let nested = String(repeating: "[", count: 24) + "1" + String(repeating: "]", count: 24)
        expectRefused(
            "let a = \(nested)", says: "<input 2>:1:9: unsupported: array literals nested more than 12 deep")
        // Twelve levels, brackets in strings and comments, and brackets with something between
        // them are ordinary code.
        let twelve = String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12)
        let spread = (0..<20).reduce("1") { inner, index in "[\(index), \(inner)]" }
        let shown = session([
            "let a = \(twelve)\nprint(a)",
            "let s = \"\(String(repeating: "[", count: 30))\" // \(String(repeating: "[", count: 30))\nprint(s.count)",
            "let r = #\"\(String(repeating: "[", count: 30))\"#\nprint(r.count)",
            "let b = \(spread)\nprint(b.count)",
        ])
        #expect(shown == ["\(twelve)\n", "30\n", "30\n", "2\n"])
    }

    @Test func aHundredThousandTermSumIsRefusedByName() {
        // Lowering it was quadratic (minutes), and evaluating it overflowed the native stack.
        let sum = Array(repeating: "1", count: 100_000).joined(separator: " + ")
        expectRefused(
            "print(\(sum))",
            says: "<input 2>:1:7: unsupported: an expression nested more than 10000 deep")
        // A long chain within the limit lowers in linear time and runs.
        let shorter = Array(repeating: "1", count: 2_000).joined(separator: " + ")
        #expect(session(["print(\(shorter))"]) == ["2000\n"])
    }

    // MARK: - Native loops: steps, sizes and time

    @Test func nativeLoopsOverHugeRangesStop() {
        expectRefused(
            "print((0..<Int.max).max()!)", says: "interrupted: stopped after 100000 evaluation steps"
        ) { $0.maxSteps = 100_000 }
        expectRefused(
            "print(Array((0..<Int.max).enumerated()).count)", says: "an array would grow past 10000 elements"
        ) { $0.maxCollectionSize = 10_000 }
        expectRefused("print(Array(0..<1_000_000_000).count)", says: "an array would grow past 10000 elements") {
            $0.maxCollectionSize = 10_000
        }
        expectRefused("print((0..<Int.max).map { $0 }.count)", says: "an array would grow past 10000 elements") {
            $0.maxCollectionSize = 10_000
        }
    }

    @Test func formatWidthsCountAgainstTheStringLimit() {
        // `%2000000000d` made the C library build a 2 GB string.
        expectRefused(
            #"print(String(format: "%2000000000d", 1).count)"#, says: "a string would grow past 4000000 bytes")
        expectRefused(#"print(String(format: "%.2000000000f", 1.0).count)"#, says: "a string would grow past")
        #expect(session([#"print(String(format: "%5d|%-4d|%.3f", 42, 7, 3.14159))"#]) == ["   42|7   |3.142\n"])
    }

    @Test func joiningAndDescribingCountAgainstTheStringLimit() {
        let long = "let a = Array(repeating: String(repeating: \"x\", count: 1000), count: 5000)\n"
        expectRefused(
            long + "print(a.joined().count)", says: "<input 2>:2:7: interrupted: stopped: a string would grow past")
        expectRefused(
            long + "print(a.joined(separator: \",\").count)", says: "<input 2>:2:7: interrupted: stopped: a string")
        expectRefused(long + "let s = String(describing: a)", says: "<input 2>:2:9: interrupted: stopped: a string")
        expectRefused(long + "print(a)", says: "<input 2>:2:1: interrupted: stopped: a string would grow past")
        // Within the limit they are what Swift makes.
        #expect(session([#"print(["a", "b"].joined(separator: "-"), String(describing: [1, 2]))"#]) == ["a-b [1, 2]\n"])
    }

    @Test func theTimeLimitStopsAnInput() {
        expectRefused(
            "var i = 0\nwhile true { i += 1 }",
            says: "<input 2>:2:1: interrupted: stopped: the input ran for more than 0.2 seconds (the time limit)"
        ) { $0.maxSeconds = 0.2 }
        // A limit too large to count in nanoseconds is no limit, not a trap.
        #expect(session(["print(1 + 1)"]) { $0.maxSeconds = 1e300 } == ["2\n"])
        // No limit in the REPL unless one is set: Ctrl-C is there.
        #expect(ResourceLimits().maxSeconds == nil)
        #expect(ResourceLimits.describe(seconds: 60) == "60 seconds")
        #expect(ResourceLimits.describe(seconds: 1) == "1 second")
    }

    // MARK: - Ctrl-C and errors in the middle of the engine

    /// Ctrl-C in a real terminal is `InterruptionTests`' (the flag is the process's, and
    /// tests run side by side); the time limit stops the engine the same way.
    @Test func aStoppedEndlessPublisherSaysSoAndInventsNoCompletion() {
        let shown = session(
            ["import Combine", "let c = (1...).publisher.sink { _ in }", "print(2)"], trace: true
        ) { $0.maxSeconds = 0.3 }
        #expect(shown[1].contains("interrupted: stopped: the input ran for more than 0.3 seconds"))
        #expect(shown[1].contains("Sink#1.receive("))
        // The range was cut short, so the engine's Sequence sent .finished: that call is the
        // engine unwinding, not the program, and compiled Swift would never have made it.
        #expect(!shown[1].contains("receive(completion:"), "got: \(shown[1].suffix(400))")
        #expect(shown[2] == "2\n")
    }

    @Test func afterAnErrorInASinkTheEnginesRemainingCallsAreNotTraced() {
        let shown = session(
            [
                "import Combine",
                "let c = [1, 2, 3, 4].publisher.sink { v in print(v); if v == 2 { let x: Int? = nil; print(x!) } }",
            ], trace: true)
        // Swift stops at the nil; the engine's loop went on offering 3 and 4 to a sink that no
        // longer ran, and finished it.
        #expect(shown[1].contains("Sink#1.receive(2)"))
        #expect(!shown[1].contains("receive(3)") && !shown[1].contains("receive(completion:"), "got: \(shown[1])")
        #expect(shown[1].contains("unexpectedly found nil while unwrapping an Optional value"))
    }

    // MARK: - Output a learner can read

    @Test func aLongContractSummaryListsTenAfterAnInputAndAllOnCheck() {
        // A subscription that sends 30 values on a demand of one: 29 findings.
        let flood = """
            final class Flood: Subscription {
                var target: AnySubscriber<Int, Never>?
                init(_ target: AnySubscriber<Int, Never>) { self.target = target }
                func request(_ demand: Subscribers.Demand) { for i in 1...30 { _ = target?.receive(i) } }
                func cancel() { target = nil }
            }
            struct Flooder: Publisher {
                typealias Output = Int
                typealias Failure = Never
                func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                    subscriber.receive(subscription: Flood(AnySubscriber(subscriber)))
                }
            }
            final class One: Subscriber {
                typealias Input = Int
                typealias Failure = Never
                func receive(subscription: Subscription) { subscription.request(.max(1)) }
                func receive(_ input: Int) -> Subscribers.Demand { .none }
                func receive(completion: Subscribers.Completion<Never>) {}
            }
            """
        let shown = session(["import Combine", flood, "Flooder().subscribe(One())", ":check"])
        func listed(_ text: String) -> Int { text.split(separator: "\n").filter { $0.hasPrefix("  #") }.count }
        // Checked with the trace off too: ten findings listed after the input, the rest counted.
        #expect(shown[2].hasPrefix("Contract check: 29 errors\n"), "got: \(shown[2])")
        #expect(listed(shown[2]) == 10)
        #expect(shown[2].hasSuffix("  … and 19 more (:check lists them)\n"), "got: \(shown[2])")
        #expect(listed(shown[3]) == 29, "got: \(shown[3])")
        #expect(!shown[3].contains("… and"))
    }

    @Test func theTraceKeepsABoundedPrefixOfEachValue() {
        // A hundred 3 MB strings through a traced `map` kept gigabytes of text.
        let shown = session(
            [
                "import Combine",
                "let s = PassthroughSubject<String, Never>()\nlet c = s.map { $0 }.sink { _ in }\n"
                    + "s.send(String(repeating: \"a\", count: 5_000))\nprint(String(repeating: \"b\", count: 3_000))",
            ], trace: true)
        let lines = shown[1].split(separator: "\n")
        let value = lines.first { $0.contains("Sink#1.receive(\"aaa") }
        #expect(value?.contains("aaa… (4002 more bytes))") == true, "got: \(value ?? "")")
        #expect(value.map { $0.utf8.count < 1_200 } == true)
        let printed = lines.first { $0.contains("» bbb") }
        #expect(printed?.hasSuffix("bbb… (2000 more bytes)") == true, "got: \(printed ?? "")")
    }

    // MARK: - Swift that is not supported is named, not reported as the learner's mistake

    @Test func unsupportedFormsAreNamed() {
        expectRefused(
            "let k = \\[Int].[0]",
            says: "<input 2>:1:15: unsupported: subscripts in a key path is not supported yet")
        expectRefused(
            "func f(_ x: @autoclosure () -> Int) -> Int { x() }",
            says: "<input 2>:1:13: unsupported: `@autoclosure` parameters is not supported yet")
    }

    @Test func anImplicitlyUnwrappedNilSaysSo() {
        // Swift: "Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value".
        expectRefused(
            "var label: String! = nil\nprint(label.count)",
            says: "<input 2>:2:12: runtime error: unexpectedly found nil while implicitly unwrapping an Optional value")
        // Declared in one input, used in the next, as a property or a global.
        let shown = session([
            "final class Box { var text: String! }", "let box = Box()\nbox.text = \"abc\"\nprint(box.text.count)",
            "var later: [Int]!", "later = [1, 2]\nprint(later.count, later as Any)",
        ])
        #expect(shown == ["", "3\n", "", "2 Optional([1, 2])\n"])
    }

    @Test func readingAFreedUnownedReferenceStops() {
        // Swift: "Fatal error: Attempted to read an unowned reference but object 0x… was
        // already deallocated". It printed nil, as if the reference were weak.
        let message = "runtime error: attempted to read an unowned reference but the object was already deallocated"
        expectRefused("class A { let n = 1 }\nunowned let u: A = A()\nprint(u.n)", says: "<input 2>:3:7: " + message)
        expectRefused(
            "class Owner {}\nclass Pet { unowned var owner: Owner; init(owner: Owner) { self.owner = owner } }\n"
                + "var o: Owner? = Owner()\nlet p = Pet(owner: o!)\no = nil\nprint(p.owner)",
            says: "<input 2>:6:7: " + message)
        // `[unowned self]` in a sink that outlives its object: the first value is delivered.
        let shown = session([
            "import Combine",
            """
            final class Screen {
                var label = "screen"
                func handler() -> (Int) -> Void { { [unowned self] value in print(self.label, value) } }
            }
            let subject = PassthroughSubject<Int, Never>()
            var screen: Screen? = Screen()
            let c = subject.sink(receiveValue: screen!.handler())
            subject.send(1)
            screen = nil
            subject.send(2)
            """,
        ])
        #expect(shown[1].hasPrefix("screen 1\n<input 2>:3:71: " + message), "got: \(shown[1])")
    }

    /// Issue 19, item 10: a dictionary cast succeeded whatever its keys and values were.
    @Test func aForcedCollectionCastChecksItsElements() {
        expectRefused(
            "let d: Any = [1: 2]\nprint(d as! [String: Int])",
            says:
                "<input 2>:2:7: runtime error: could not cast value of type 'Swift.Dictionary<Swift.Int, Swift.Int>' to 'Swift.Dictionary<Swift.String, Swift.Int>'"
        )
    }

    /// `#line` is the line within the input, also at the prompt, and a `#line` default is the
    /// caller's line (issue 19, item 7); `line-literal-defaults.swift` has the file case.
    @Test func lineLiteralsAtThePromptCountFromTheInput() {
        let shown = session(["print(#line)", "func here(_ line: Int = #line) -> Int { line }", "\n\nprint(here())"])
        #expect(shown == ["1\n", "", "3\n"])
    }

    @Test func aColonCommandWithABracketIsOneLine() {
        #expect(InputCompleteness.isComplete(":trace --only Map["))
        #expect(InputCompleteness.isComplete("  :name Map.Inner#1 ["))
        #expect(!InputCompleteness.isComplete("let a = ["))
    }
}
