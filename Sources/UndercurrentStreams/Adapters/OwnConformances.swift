import UndercurrentInterpreter

/// A value's conformances to protocols that only a few known types adopt, asked only of those
/// types.
///
/// The first cast of a type to a protocol that the type does not conform to scans every
/// protocol conformance in the binary (about half a million instructions) to answer no. Each
/// protocol here is adopted only by Undercurrent's own types (declared in one of its modules,
/// or in an extension there of another module's type: `RuntimeTypeName.isDeclaredByUndercurrent`),
/// or by one named engine type, so any other type is answered by its runtime name instead: no
/// scan for every new publisher type a pipeline makes. Conform no other type to them.
public struct OwnConformances {
    /// The runtime's qualified name of the value's type, read once for every question.
    public let typeName: String
    private let value: Any
    private let isOwn: Bool

    public init(of value: Any) {
        self.value = value
        typeName = RuntimeTypeName.qualified(type(of: value))
        isOwn = RuntimeTypeName.isDeclaredByUndercurrent(typeName)
    }

    /// The value as an adapter the trace looks through (`StagelessAdapter`).
    public var stagelessAdapter: StagelessAdapter? { isOwn ? value as? StagelessAdapter : nil }

    /// The value as a publisher erased to values (`AnyValuePublisherBase`).
    public var erasedPublisher: AnyValuePublisherBase? { isOwn ? value as? AnyValuePublisherBase : nil }

    /// The value as OpenCombine's `Publishers.Buffer`, the one type that adopts
    /// `BufferParameters`.
    public var bufferParameters: BufferParameters? {
        guard isOwn || typeName.hasPrefix("OpenCombine.Publishers.Buffer<") else { return nil }
        return value as? BufferParameters
    }

    /// The value as `Publishers.ScriptMapKeyPath`, named by its number of key paths.
    var mapKeyPathNaming: ScriptMapKeyPathNaming? { isOwn ? value as? ScriptMapKeyPathNaming : nil }
}
