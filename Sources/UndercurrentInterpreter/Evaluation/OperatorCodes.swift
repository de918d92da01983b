/// Operators as small integers, for the hot arithmetic paths: a `switch` over operator
/// strings compares them one by one (a failed comparison of two short strings is a call
/// into the runtime), which took ~12% of a loop-heavy script's time in a profile.
enum OperatorCode {
    /// The operator's UTF-8 bytes packed into an integer (operators of up to 4 bytes), or
    /// 0 for a longer one.
    @inline(__always)
    static func of(_ op: String) -> UInt32 {
        var code: UInt32 = 0
        var count = 0
        for byte in op.utf8 {
            count += 1
            if count > 4 { return 0 }
            code = code << 8 | UInt32(byte)
        }
        return code
    }

    static let plus: UInt32 = 0x2B             // +
    static let minus: UInt32 = 0x2D            // -
    static let times: UInt32 = 0x2A            // *
    static let divide: UInt32 = 0x2F           // /
    static let remainder: UInt32 = 0x25        // %
    static let wrappingPlus: UInt32 = 0x262B   // &+
    static let wrappingMinus: UInt32 = 0x262D  // &-
    static let wrappingTimes: UInt32 = 0x262A  // &*
    static let bitAnd: UInt32 = 0x26           // &
    static let bitOr: UInt32 = 0x7C            // |
    static let bitXor: UInt32 = 0x5E           // ^
    static let shiftLeft: UInt32 = 0x3C3C      // <<
    static let shiftRight: UInt32 = 0x3E3E     // >>
    static let equal: UInt32 = 0x3D3D          // ==
    static let notEqual: UInt32 = 0x213D       // !=
    static let less: UInt32 = 0x3C             // <
    static let greater: UInt32 = 0x3E          // >
    static let lessOrEqual: UInt32 = 0x3C3D    // <=
    static let greaterOrEqual: UInt32 = 0x3E3D // >=
    static let closedRange: UInt32 = 0x2E2E2E  // ...
    static let halfOpenRange: UInt32 = 0x2E2E3C // ..<
    static let and: UInt32 = 0x2626            // &&
    static let or: UInt32 = 0x7C7C             // ||
    static let nilCoalescing: UInt32 = 0x3F3F  // ??
}
