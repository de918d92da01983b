/// Swift's checked Int arithmetic, with the messages a learner sees when it traps: the
/// general path (`Interpreter.integerOperation`) and the Int fast paths (`CompileIntegers.swift`)
/// both compute through these, so the two cannot disagree.
///
/// Each operator is a type so that the compiler's generic builders are specialized per
/// operator, leaving no switch on the operator in the compiled code.
protocol IntegerKernel {
    static var symbol: String { get }
    /// The operator, for a library scalar in the variable (`demand -= 1`), which computes it
    /// as the general path does (`Frame.updateScalar(at:by:_:in:at:)`).
    static var binaryOperator: BinaryOperator { get }
    static func apply(_ a: Int, _ b: Int, at location: SourceLocation) throws -> Int
}

private func overflow(_ a: Int, _ symbol: String, _ b: Int, at location: SourceLocation) -> ScriptError {
    ScriptError.runtime("arithmetic overflow: \(a) \(symbol) \(b) does not fit in Int", at: location)
}

/// The result of a `…ReportingOverflow` operation, or the overflow error.
@inline(__always)
private func checked(
    _ report: (partialValue: Int, overflow: Bool), _ a: Int, _ symbol: String, _ b: Int,
    at location: SourceLocation
) throws -> Int {
    if report.overflow { throw overflow(a, symbol, b, at: location) }
    return report.partialValue
}

enum Plus: IntegerKernel {
    static let symbol = "+"
    static let binaryOperator = BinaryOperator.plus
    @inline(__always)
    static func apply(_ a: Int, _ b: Int, at location: SourceLocation) throws -> Int {
        try checked(a.addingReportingOverflow(b), a, symbol, b, at: location)
    }
}

enum Minus: IntegerKernel {
    static let symbol = "-"
    static let binaryOperator = BinaryOperator.minus
    @inline(__always)
    static func apply(_ a: Int, _ b: Int, at location: SourceLocation) throws -> Int {
        try checked(a.subtractingReportingOverflow(b), a, symbol, b, at: location)
    }
}

enum Times: IntegerKernel {
    static let symbol = "*"
    static let binaryOperator = BinaryOperator.times
    @inline(__always)
    static func apply(_ a: Int, _ b: Int, at location: SourceLocation) throws -> Int {
        try checked(a.multipliedReportingOverflow(by: b), a, symbol, b, at: location)
    }
}

enum Divide: IntegerKernel {
    static let symbol = "/"
    static let binaryOperator = BinaryOperator.divide
    @inline(__always)
    static func apply(_ a: Int, _ b: Int, at location: SourceLocation) throws -> Int {
        if b == 0 { throw ScriptError.runtime("division by zero", at: location) }
        if a == .min && b == -1 { throw overflow(a, symbol, b, at: location) }
        if isPowerOfTwo(b) {
            // Rounded toward zero, as `/` is: a negative dividend is moved up first.
            return (a &+ ((a >> (Int.bitWidth - 1)) & (b &- 1))) >> b.trailingZeroBitCount
        }
        return a / b
    }
}

/// A divisor of 1, 2, 4, …: a division by one is a shift or a mask (`% 2`, `/ 2` are the
/// common ones), where a division instruction takes tens of cycles.
@inline(__always)
private func isPowerOfTwo(_ b: Int) -> Bool {
    b > 0 && b & (b &- 1) == 0
}

enum Remainder: IntegerKernel {
    static let symbol = "%"
    static let binaryOperator = BinaryOperator.remainder
    @inline(__always)
    static func apply(_ a: Int, _ b: Int, at location: SourceLocation) throws -> Int {
        if b == 0 { throw ScriptError.runtime("division by zero in remainder operation", at: location) }
        // Swift traps here too ("Division results in an overflow in remainder operation").
        if a == .min && b == -1 { throw overflow(a, symbol, b, at: location) }
        if isPowerOfTwo(b) {
            // The sign of the dividend, as `%` gives it.
            let low = a & (b &- 1)
            return a < 0 && low != 0 ? low &- b : low
        }
        return a % b
    }
}
