import UndercurrentInterpreter

/// Casts to protocols that only a few known types adopt, asked only of those types.
///
/// The first cast of a type to a protocol that the type does not conform to scans every
/// protocol conformance in the binary (about half a million instructions) to answer no. Each
/// protocol here is adopted only by Undercurrent's own types (declared in one of its modules,
/// or in an extension there of another module's type: `RuntimeTypeName.isDeclaredByUndercurrent`),
/// or by one named engine type, so any other type is answered by its runtime name instead: no
/// scan for every new publisher type a pipeline makes. Conform no other type to them.
public enum OwnConformances {
    /// `value` as an adapter the trace looks through (`StagelessAdapter`).
    public static func stagelessAdapter(_ value: Any) -> StagelessAdapter? {
        isOwn(value) ? value as? StagelessAdapter : nil
    }

    /// `value` as a publisher erased to values (`AnyValuePublisherBase`).
    public static func erasedPublisher(_ value: Any) -> AnyValuePublisherBase? {
        isOwn(value) ? value as? AnyValuePublisherBase : nil
    }

    /// `value` as OpenCombine's `Publishers.Buffer`, which is the one type that adopts
    /// `BufferParameters`.
    public static func bufferParameters(_ value: Any) -> BufferParameters? {
        let name = RuntimeTypeName.qualified(type(of: value))
        guard name.hasPrefix("OpenCombine.Publishers.Buffer<") || RuntimeTypeName.isDeclaredByUndercurrent(name)
        else { return nil }
        return value as? BufferParameters
    }

    /// `value` as `Publishers.ScriptMapKeyPath`, named by its number of key paths.
    static func mapKeyPathNaming(_ value: Any) -> ScriptMapKeyPathNaming? {
        isOwn(value) ? value as? ScriptMapKeyPathNaming : nil
    }

    private static func isOwn(_ value: Any) -> Bool {
        RuntimeTypeName.isDeclaredByUndercurrent(RuntimeTypeName.qualified(type(of: value)))
    }
}
