/// The names Swift's runtime gives a type: what `String(reflecting:)` and
/// `String(describing:)` print for a metatype, asked of the runtime directly.
///
/// Those two reach the same name through `debugPrint`'s casts of the metatype (to
/// `CustomDebugStringConvertible`, `CustomStringConvertible`, `TextOutputStreamable`) and a
/// `Mirror`, and the first cast of a type the process has not seen scans every protocol
/// conformance in the binary. Naming the engine's types that way was a quarter of what the
/// first traced input using a new operator cost.
public enum RuntimeTypeName {
    /// `Swift.Array<Swift.Int>`, as `String(reflecting:)` spells it.
    @inlinable public static func qualified(_ type: Any.Type) -> String { _typeName(type, qualified: true) }

    /// `Array<Int>`, as `String(describing:)` spells it.
    @inlinable public static func plain(_ type: Any.Type) -> String { _typeName(type, qualified: false) }

    /// Whether `qualifiedName` (as `qualified(_:)` gives it) names a type declared in one of
    /// Undercurrent's modules, or in an extension there of another module's type:
    /// `UndercurrentStreams.ScriptSubscriber<…>`,
    /// `(extension in UndercurrentStreams):OpenCombine.Publishers.Trace<…>`. Only such a type
    /// can conform to a protocol Undercurrent declares and no other module extends.
    public static func isDeclaredByUndercurrent(_ qualifiedName: String) -> Bool {
        qualifiedName.hasPrefix("Undercurrent") || qualifiedName.hasPrefix("(extension in Undercurrent")
    }

    /// Whether `qualifiedName` names a type declared in a module that sees OpenCombine's
    /// protocols (OpenCombine's own, or Undercurrent's), or in an extension there: only such a
    /// type can conform to them. Any other type is answered without a cast, which would scan
    /// every conformance in the binary the first time for each type.
    public static func mayAdoptOpenCombineProtocols(_ qualifiedName: String) -> Bool {
        qualifiedName.hasPrefix("OpenCombine") || qualifiedName.hasPrefix("(extension in OpenCombine")
            || isDeclaredByUndercurrent(qualifiedName)
    }
}
