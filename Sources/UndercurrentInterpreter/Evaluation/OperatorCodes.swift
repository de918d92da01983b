/// Operators as small integers, for the hot arithmetic paths: a `switch` over operator
/// strings compares them one by one (a failed comparison of two short strings is a call
/// into the runtime), which took ~12% of a loop-heavy script's time in a profile.
public enum OperatorCode {
    /// The operator's UTF-8 bytes packed into an integer (operators of up to 4 bytes), or
    /// 0 for a longer one.
    @inline(__always)
    public static func of(_ op: String) -> UInt32 {
        var code: UInt32 = 0
        var count = 0
        for byte in op.utf8 {
            count += 1
            if count > 4 { return 0 }
            code = code << 8 | UInt32(byte)
        }
        return code
    }

    public static let plus: UInt32 = 0x2B  // +
    public static let minus: UInt32 = 0x2D  // -
    public static let times: UInt32 = 0x2A  // *
    public static let divide: UInt32 = 0x2F  // /
    public static let remainder: UInt32 = 0x25  // %
    public static let wrappingPlus: UInt32 = 0x262B  // &+
    public static let wrappingMinus: UInt32 = 0x262D  // &-
    public static let wrappingTimes: UInt32 = 0x262A  // &*
    public static let bitAnd: UInt32 = 0x26  // &
    public static let bitOr: UInt32 = 0x7C  // |
    public static let bitXor: UInt32 = 0x5E  // ^
    public static let shiftLeft: UInt32 = 0x3C3C  // <<
    public static let shiftRight: UInt32 = 0x3E3E  // >>
    public static let equal: UInt32 = 0x3D3D  // ==
    public static let notEqual: UInt32 = 0x213D  // !=
    public static let less: UInt32 = 0x3C  // <
    public static let greater: UInt32 = 0x3E  // >
    public static let lessOrEqual: UInt32 = 0x3C3D  // <=
    public static let greaterOrEqual: UInt32 = 0x3E3D  // >=
    public static let closedRange: UInt32 = 0x2E2E2E  // ...
    public static let halfOpenRange: UInt32 = 0x2E2E3C  // ..<
    public static let and: UInt32 = 0x2626  // &&
    public static let or: UInt32 = 0x7C7C  // ||
    public static let nilCoalescing: UInt32 = 0x3F3F  // ??
}
