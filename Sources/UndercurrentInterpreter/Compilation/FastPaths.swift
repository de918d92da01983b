#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The engine's optional rewrites, all behind one switch:
/// - Int arithmetic, comparisons and stores computed on plain `Int`s (`CompileIntegers.swift`);
/// - `while` and `repeat` loops of Int arithmetic run on registers (`CompileIntegerLoops.swift`);
/// - what a call site, a member access or a global name resolved to, remembered
///   (`CallSiteCache`, `MemberSiteCache`, `GlobalSiteCache`), and the result of a pure call of
///   literals (`Demand.max(1)`);
/// - a finished call's frame kept for the next call of the same function (`FrameReuse.swift`);
/// - `while let x = optional` storing the value into its variable without a pattern's call
///   (`BodyCompiler.condition`).
///
/// Each only skips work the general path would do; output, traces, errors and lifetimes must be
/// the same with them off. `UNDERCURRENT_FAST_PATHS=off` turns them all off for the process,
/// and CI runs the whole suite both ways.
public enum FastPaths {
    public static let enabled: Bool = {
        guard let setting = getenv("UNDERCURRENT_FAST_PATHS") else { return true }
        return !["off", "0", "no", "false"].contains(String(cString: setting).lowercased())
    }()
}
