import Testing

@testable import UndercurrentInterpreter

/// `UInt8` … `UInt64`, `UInt` and `Int8` … `Int64` keep their type: they stop on overflow
/// where Swift's trap, refuse what Swift does not compile, and print as Swift prints
/// (the snippet `fixed-width-integers-keep-their-type` is checked against the compiled
/// program). Each was refused by name before; accepted as Int, `UInt8(255) + 1` printed 256.
@Suite struct FixedWidthIntegerTests {
    /// What the compiled program stops on (a trap), each an error naming the operation.
    @Test(arguments: [
        ("let x: UInt8 = 255\nprint(x + 1)", "arithmetic overflow: 255 + 1 does not fit in UInt8"),
        ("let u: UInt = 5\nprint(u - 6)", "arithmetic overflow: 5 - 6 does not fit in UInt"),
        ("var u: UInt32 = 0\nu -= 1", "arithmetic overflow: 0 - 1 does not fit in UInt32"),
        // A function's local variable takes the fast path for a scalar beside an Int
        // (`Frame.updateScalar`), which must stop where the general path stops.
        ("func f() {\n    var u: UInt32 = 0\n    u -= 1\n}\nf()", "arithmetic overflow: 0 - 1 does not fit in UInt32"),
        ("let x: Int8 = -128\nprint(-x)", "arithmetic overflow negating -128 (Int8)"),
        ("let x: Int16 = 300\nprint(x * 200)", "arithmetic overflow: 300 * 200 does not fit in Int16"),
        ("let a = UInt8(7)\nprint(a / 0)", "division by zero"),
        ("print(UInt8(300))", "not enough bits to represent 300 in UInt8"),
        ("let big = UInt64.max\nprint(Int(big))", "not enough bits to represent 18446744073709551615 in Int"),
        ("print(UInt16(-1.5))", "cannot be converted to UInt16"),
    ])
    func whatSwiftTrapsOnStopsWithAnError(source: String, message: String) {
        expectScriptError(source, .runtime, containing: message)
    }

    /// What Swift refuses to compile is refused when it runs.
    @Test(arguments: [
        ("let x: UInt8 = 300", "300 does not fit in UInt8 (0...255)"),
        ("let x: UInt8 = -1", "-1 does not fit in UInt8"),
        // Where no declaration tells the types apart (a closure's result), they are told
        // apart when it runs.
        (
            "let a: UInt8 = 1\nlet two = { () -> UInt16 in 2 }\nprint(a + two())",
            "cannot be applied to operands of type UInt8 and UInt16"
        ),
        (
            "let a: UInt8 = 1\nlet half = { () -> Double in 0.5 }\nprint(a * half())",
            "cannot be applied to operands of type UInt8 and Double"
        ),
        ("let u: UInt = 3\nprint(-u)", "unary operator '-' cannot be applied to UInt"),
        // A literal takes the other side's type in a comparison too (Swift: "integer literal
        // '300' overflows when stored into 'UInt8'"); an `Int` of that value is compared.
        ("let k: UInt8 = 3\nprint(k == 300)", "300 does not fit in UInt8"),
        ("let k: UInt8 = 3\nprint(-1 < k)", "-1 does not fit in UInt8"),
        // The same on a function's local variable, which takes the fast path for a scalar
        // compared with a literal (`Frame.scalarComparison`) until the literal does not fit.
        ("func f() {\n    let k: UInt8 = 3\n    print(k == 300)\n}\nf()", "300 does not fit in UInt8"),
    ])
    func whatSwiftDoesNotCompileIsRefused(source: String, message: String) {
        expectScriptError(source, .runtime, containing: message)
    }

    /// Any two integer types compare by value, as Swift's `BinaryInteger` comparisons do, an
    /// `Int` that does not fit the other type included (compiled program's output). Before,
    /// `UInt8(3) < n` with `n = 300` stopped with "300 does not fit in UInt8", and an `Int64`
    /// compared with a `UInt8` was refused.
    @Test func integersOfDifferentTypesCompareByValue() {
        expectOracleOutput(
            """
            let k: UInt8 = 3
            let n = 300
            print(k < n, n > k, k == n, k != n)
            let m: Int64 = 3
            print(m == k, k < m, m >= k, k != m)
            let top = UInt64.max
            let minusOne = -1
            print(top > n, n < top, top > minusOne, k > minusOne, Int8(-1) == minusOne, UInt8(255) == Int8(-1))
            """,
            "true true false true\ntrue false true false\ntrue true true true true false\n")
    }

    /// Wrapping operators, shifts and conversions that do not trap, as Swift computes them.
    @Test func wrappingShiftsAndConversionsAreSwifts() {
        expectOracleOutput(
            """
            let a: UInt8 = 200
            print(a &+ 100, a &* 3, a << 2, a >> 9, ~a, Int8(truncatingIfNeeded: a), UInt8(clamping: 1_000))
            let s: Int32 = -8
            print(s >> 1, s &>> 33, Int32.max &+ 1, UInt32(bitPattern: s))
            """,
            "44 88 32 0 55 -56 255\n-4 -4 -2147483648 4294967288\n")
    }

    /// A shift has the shifted value's type (`1 << count` is an Int whatever `count` is), and
    /// `isMultiple(of:)` never traps, as Swift's.
    @Test func shiftsTakeTheShiftedValuesTypeAndIsMultipleNeverTraps() {
        expectOracleOutput(
            "let n: UInt8 = 10\nprint(1 << n, type(of: 1 << n), Int8.min.isMultiple(of: -1), "
                + "UInt8(12).isMultiple(of: 4), UInt8(7).isMultiple(of: 0))",
            "1024 Int true true false\n")
    }

    /// A value compares with an optional of its type through the optional, as in Swift.
    @Test func aValueComparesWithAnOptional() {
        expectOracleOutput("let x: UInt8? = 3\nlet y: UInt8 = 3\nprint(x == y, y == x, x != nil)", "true true true\n")
    }

    /// `Task.sleep(nanoseconds:)` takes a UInt64, the way async code usually computes one.
    @Test func aTaskSleepsForAComputedUInt64() {
        expectOracleOutput(
            """
            let seconds = 0.25
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            print("slept")
            """,
            "slept\n")
    }
}
