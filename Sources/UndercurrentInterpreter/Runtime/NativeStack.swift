import CUndercurrentSupport

/// How much of the current thread's native stack is left. The depth limits count levels,
/// but a level's cost varies (a subscription with the tracer on, a debug build, a generic
/// subscriber type nested thousands deep whose name the tracer spells): code that can nest
/// without bound in the engine asks this too, and stops while there is room to report.
public enum NativeStack {
    /// Bytes between the caller's frame and the end of this thread's stack; nil when the
    /// system does not say.
    public static func remaining() -> Int? {
        let low = UInt(uc_stack_low())
        guard low != 0 else { return nil }
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here > low ? Int(here - low) : 0
    }

    /// The size of this thread's stack; 0 when the system does not say.
    public static var size: Int { Int(uc_stack_size()) }
}
