import Testing

@testable import UndercurrentInterpreter

/// The kernels every Int `/` and `%` goes through give what Swift's operators give, for
/// the divisors they compute without a division instruction (powers of two) and the rest.
@Suite struct IntegerKernelTests {
    private static let dividends: [Int] =
        [0, 1, -1, 2, -2, 3, -3, 7, -7, 8, -8, 9, -9, 1023, -1023, 1024, -1024, 12345, -12345]
        + [.max, .min, .max - 1, .min + 1, 1 << 62, -(1 << 62), (1 << 62) + 3, -(1 << 62) - 3]
    private static let divisors: [Int] =
        (0...62).map { 1 << $0 } + [3, 5, 6, 7, 10, 12, 100, -1, -2, -3, -4, -8, .max, .min]

    @Test func divisionRoundsTowardZeroAsSwiftDoes() throws {
        for a in Self.dividends {
            for b in Self.divisors where !(a == .min && b == -1) {
                #expect(try Divide.apply(a, b, at: .unknown) == a / b, "\(a) / \(b)")
            }
        }
    }

    @Test func remainderTakesTheDividendsSignAsSwiftDoes() throws {
        for a in Self.dividends {
            for b in Self.divisors where !(a == .min && b == -1) {
                #expect(try Remainder.apply(a, b, at: .unknown) == a % b, "\(a) % \(b)")
            }
        }
    }

    @Test func zeroAndOverflowAreStillRefused() {
        #expect(throws: ScriptError.self) { try Divide.apply(5, 0, at: .unknown) }
        #expect(throws: ScriptError.self) { try Remainder.apply(5, 0, at: .unknown) }
        #expect(throws: ScriptError.self) { try Divide.apply(.min, -1, at: .unknown) }
        #expect(throws: ScriptError.self) { try Remainder.apply(.min, -1, at: .unknown) }
    }
}
