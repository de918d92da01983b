import Testing

/// What the compiled fast paths keep between runs — a loop's variables in registers, the
/// global a name found, the function a global call resolved to — must never show: after an
/// error, or after a later input redeclares what they found.
@Suite struct CompiledFastPathTests {
    /// An integer loop runs on registers and writes them back when it ends; an overflow
    /// ends it too, and the variable must hold its value from before the failing operation.
    @Test func loopVariablesAreWrittenBackWhenTheLoopFails() {
        let shown = runSession([
            """
            var probe: () -> Int = { 0 }
            func grow() {
                var x = 1
                probe = { x }
                while x > 0 { x *= 3 }
            }
            grow()
            """,
            "print(probe())",
        ])
        #expect(
            shown[0].contains("5:21: runtime error: arithmetic overflow: 4052555153018976267 * 3 does not fit in Int"),
            "got: \(shown[0])")
        #expect(shown[1] == "4052555153018976267\n")
    }

    /// A loop body of two statements is run by the loop itself: `continue` in the first
    /// skips the second, `break` leaves, and a variable declared in the body starts afresh
    /// each turn (the same with fast paths off: CI runs both).
    @Test func aTwoStatementLoopBodyBreaksAndContinues() {
        expectOracleOutput(
            """
            func walk() -> (Int, Int, Int) {
                var i = 0
                var evens = 0
                var last = 0
                while i < 100 {
                    if i % 2 == 0 { i += 1; evens += 1; continue } else if i > 40 { break }
                    i += 3
                }
                var j = 0
                repeat { j += 1 } while j < 5
                while j < 20 {
                    let k = j * 2
                    last = k
                    j += 1
                }
                return (i, evens, last + j)
            }
            print(walk())
            """,
            "(41, 11, 58)\n")
    }

    /// A loop's condition tested in place (`x + 1 > 0`) fails where its operator is, and
    /// the loop's variables keep what they held.
    @Test func anOverflowInALoopConditionIsReportedAtItsOperator() {
        let shown = runSession([
            """
            var probe: () -> Int = { 0 }
            func run() {
                var x = Int.max - 2
                probe = { x }
                while x + 1 > 0 { x += 1 }
            }
            run()
            """,
            "print(probe() == Int.max)",
        ])
        #expect(
            shown[0].contains("5:13: runtime error: arithmetic overflow: 9223372036854775807 + 1 does not fit in Int"),
            "got: \(shown[0])")
        #expect(shown[1] == "true\n")
    }

    @Test func aRedeclaredGlobalIsTheOneCompiledCodeReads() {
        let shown = runSession([
            "var limit = 3\nfunc over(_ x: Int) -> Bool { x > limit }\nfunc raise() { limit += 10 }",
            "for _ in 1...3 { raise() }\nprint(over(40), limit)",
            "var limit = 100",
            "print(over(50), limit)\nraise()\nprint(limit)",
        ])
        #expect(shown[1] == "true 33\n")
        #expect(shown[3] == "false 100\n110\n")
    }

    @Test func aRedeclaredGlobalFunctionIsTheOneCalled() {
        let shown = runSession([
            "func step(_ x: Int) -> Int { x + 1 }\nfunc run() -> Int { var t = 0; for i in 1...3 { t += step(i) }; return t }",
            "print(run())",
            "func step(_ x: Int) -> Int { x * 10 }",
            "print(run())",
        ])
        #expect(shown[1] == "9\n")
        #expect(shown[3] == "60\n")
    }

    /// A subscript store into a global array goes in place, with the element type the
    /// global was declared with, and a `let` global still refuses it.
    @Test func subscriptStoresIntoGlobalsKeepTheirRules() {
        let shown = runSession([
            "var ratios: [Double] = [0, 0]\nfor i in 1...3 { ratios[i % 2] += 1 }\nprint(ratios)",
            "let fixed = [1, 2]\nfor i in 0..<2 { fixed[i] = 5 }",
            "print(fixed)",
        ])
        #expect(shown[0] == "[1.0, 2.0]\n")
        #expect(shown[1].contains("'fixed' is a 'let' constant"), "got: \(shown[1])")
        #expect(shown[2] == "[1, 2]\n")
    }

    /// `counts[i] += x` on an array of Ints and `total += x` on a global Int are changed in
    /// place; an index out of range, an overflow or a `let` is still the error Swift gives,
    /// and the variable keeps its value (the same with fast paths off: CI runs both).
    @Test func elementAndGlobalUpdatesKeepTheirRules() {
        let shown = runSession([
            """
            var counts = Array(repeating: 0, count: 4)
            var total = 0
            for i in 0..<10 {
                counts[i % 4] += i
                total += i * 2
            }
            func tally() -> [Int] {
                var local = [0, 0]
                let bump = { (k: Int) in local[k % 2] -= k }
                for k in 1...5 { bump(k) }
                return local
            }
            print(counts, total, tally())
            """,
            "for i in 3...4 { counts[i] += 100 }",
            "counts[1] *= Int.max",
            "print(counts)",
            "let fixed = [1, 2]\nfixed[0] += 1",
            "let limit = 3\nlimit -= 1",
            "total /= 0",
            "print(fixed, limit, total)",
        ])
        #expect(shown[0] == "[12, 15, 8, 10] 90 [-6, -9]\n")
        #expect(shown[1].contains("1:24: runtime error: index out of range: 4 is not in 0..<4"), "got: \(shown[1])")
        #expect(
            shown[2].contains("runtime error: arithmetic overflow: 15 * 9223372036854775807 does not fit in Int"),
            "got: \(shown[2])")
        #expect(shown[3] == "[12, 15, 8, 110]\n")
        #expect(shown[4].contains("'fixed' is a 'let' constant"), "got: \(shown[4])")
        #expect(shown[5].contains("'limit' is a 'let' constant"), "got: \(shown[5])")
        #expect(shown[6].contains("division by zero"), "got: \(shown[6])")
        #expect(shown[7] == "[1, 2] 3 90\n")
    }

    /// A call site runs again while its own arguments are evaluated, for receivers of
    /// other types: each run keeps the arguments compiled for its own method.
    @Test func aCallSiteRunAgainWhileItsArgumentsAreEvaluated() {
        expectOracleOutput(
            """
            class Shape { func area(_ scale: Int) -> Int { 0 } }
            final class Square: Shape {
                let side: Int
                init(_ side: Int) { self.side = side }
                override func area(_ scale: Int) -> Int { side * side * scale }
            }
            final class Line: Shape { override func area(_ scale: Int) -> Int { scale + 1 } }
            let shapes: [Shape] = [Square(3), Line(), Square(2), Line()]
            func total(_ i: Int) -> Int {
                guard i < shapes.count else { return 1 }
                return shapes[i].area(total(i + 1))
            }
            print(total(0), total(2))
            """, "81 8\n")
    }

    /// Steps a register loop runs in place (`a /= 2`, `a = 3 * a + 1`, `c = (100 - c) % 7`),
    /// and `if`s choosing between them, compute what Swift does, each operation checked
    /// where it is written (the same with fast paths off: CI runs both).
    @Test func registerStepsComputeAndFailAsSwiftDoes() {
        let shown = runSession([
            """
            func shapes() -> [Int] {
                var a = 7
                var b = 0
                var c = 50
                var d = 1
                var turns = 0
                while a != 1 {
                    if a % 2 == 0 { a /= 2 } else { a = 3 * a + 1 }
                    turns += 1
                }
                while b < 20 { b = 10 - b + 13 }
                while c > 3 { c = (100 - c) % 7 }
                while d < 1000 { d = d * 3 - 1 }
                var e = 0
                var k = 0
                while k < 10 {
                    k += 1
                    if k % 3 == 0 { e = e + 100 } else { e -= 1 }
                }
                return [a, turns, b, c, d, e, k]
            }
            print(shapes())
            """,
            """
            func failing(_ start: Int) -> Int {
                var x = start
                while x != 0 { x = 4 * x + 1 }
                return x
            }
            print(failing(3))
            """,
            """
            func choices() -> [Int] {
                var n = 0
                var big = 0
                var small = 0
                while n < 30 {
                    n += 1
                    if n > 20 { big += 1 }
                }
                var m = 0
                while m < 25 {
                    m += 2
                    if m <= 9 { small -= m } else { small = small * 2 - 1 }
                }
                return [n, big, m, small]
            }
            print(choices())
            """,
        ])
        // The compiled program's output (`scripts/oracle`); it stops on the overflow of `*`.
        #expect(shown[0] == "[1, 16, 23, 1, 1094, 293, 10]\n")
        #expect(
            shown[1].contains("3:26: runtime error: arithmetic overflow: 4 * 3843071682022823253 does not fit in Int"),
            "got: \(shown[1])")
        #expect(shown[2] == "[30, 10, 26, -10751]\n")
    }

    /// A register step dividing by a power of two is a shift or a mask: negative dividends
    /// still round toward zero (`-1001 / 4` is -250, not -251) and a remainder keeps the
    /// dividend's sign (`-21 % 8` is -5), as `/` and `%` do; a literal on the left still divides.
    @Test func registerStepsByPowersOfTwoRoundAsSwiftDoes() {
        let shown = runSession([
            """
            func powersOfTwo() -> [Int] {
                var a = -1001
                var quarters = 0
                while a < -1 {
                    a /= 4
                    quarters += 1
                }
                var b = 0
                var hits = 0
                while b > -40 {
                    b -= 7
                    if b % 8 == -5 { hits += 1 }
                }
                var c = 0
                var ones = 0
                while c < 5 {
                    c = c / 1 + 1
                    if c % 1 == 0 { ones += 1 }
                }
                var f = 9
                var g = 0
                while f > 0 {
                    f -= 2
                    g = 100 / f - 1
                }
                var h = -37
                var odd = 0
                while h < 0 {
                    h += 4
                    if h % 2 == -1 { odd += 1 } else { odd -= 10 }
                }
                return [a, quarters, b, hits, c, ones, f, g, h, odd]
            }
            print(powersOfTwo())
            """
        ])
        // The compiled program's output (`scripts/oracle`).
        #expect(shown[0] == "[0, 5, -42, 1, 5, 5, -1, -101, 3, -1]\n")
    }

    /// A call skips coercing to its parameter and return types while they keep every value
    /// as it is; a later alias can change that, and the next call must coerce again.
    @Test func aLaterAliasMakesCallsCoerceAgain() {
        let shown = runSession([
            "protocol Number {}\nextension Int: Number {}\nfunc describe(_ x: Number) -> String { \"\\(x)\" }",
            "print(describe(3))",
            "typealias Number = Double",
            "print(describe(3))",
        ])
        #expect(shown[1] == "3\n")
        #expect(shown[3] == "3.0\n")
    }

    /// A demand's arithmetic and comparisons are computed on its bits where they can be
    /// (`ScalarType.operate`), in a local (`d -= 1`, `d > 0`) and between two values (`f += f`):
    /// the results are OpenCombine's, `.unlimited` absorbing, an overflow `.unlimited`, and a
    /// negative difference still the error it was (scripts/oracle; OpenCombine traps there).
    @Test func demandArithmeticOnItsBitsIsCombines() {
        let body = """
            var d = Subscribers.Demand.max(3)
            d -= 1; print(d, d > 0, d == 2, d < .unlimited, d >= .max(2), d != .none)
            d += .unlimited; print(d, d > 100, d - 5, d == .unlimited)
            var e = Subscribers.Demand.max(Int.max - 1)
            e += 5; print(e)
            var f = Subscribers.Demand.max(2)
            f += f; print(f, f * 3, f - .max(4), f - .unlimited)
            let g: Subscribers.Demand = .none
            print(g == 0, g > 0, g + 1, Subscribers.Demand.max(1) + Subscribers.Demand.max(1))
            """
        let printed = """
            max(2) true true true true true
            unlimited true unlimited true
            unlimited
            max(4) max(12) max(0) max(0)
            true false max(1) max(2)

            """
        // Globals, and locals of a function (the compiled paths for a local slot).
        expectOracleOutput("import Combine\n" + body, printed)
        expectOracleOutput("import Combine\nfunc run() {\n" + body + "\n}\nrun()", printed)
        expectScriptError(
            "import Combine\nfunc run() {\n    var h = Subscribers.Demand.max(1)\n    h -= 2\n}\nrun()",
            containing: "demand cannot be negative (max(1) - max(2))")
        expectScriptError(
            "import Combine\nvar h = Subscribers.Demand.max(1)\nlet k = Subscribers.Demand.max(3)\nh -= k",
            containing: "demand cannot be negative (max(1) - max(3))")
    }
}
