/// A type the trace names otherwise than by its own name: a subscriber that stands for
/// another (`ForwardingSubscriber`), a stand-in for a script object (`ScriptBacked`), a stage
/// with a label (`TraceLabelled`).
///
/// The first cast of a type to a protocol scans every protocol conformance in the binary. So
/// the tracer asks this one first, of each type it names, and only of a type declared in one
/// of Undercurrent's modules (`RuntimeTypeName.isDeclaredByUndercurrent`): an engine type costs no
/// failed cast at all. Conform only types declared in an Undercurrent module, or in an
/// extension there of another module's type (`extension Publishers { struct Trace … }`); a
/// conformance added to another module's type would not be seen.
public protocol NamedOtherwiseInTraces {}
