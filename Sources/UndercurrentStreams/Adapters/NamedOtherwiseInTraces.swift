/// A type the trace names otherwise than by its own name: a subscriber that stands for
/// another (`ForwardingSubscriber`), a stand-in for a script object (`ScriptBacked`), a stage
/// with a label (`TraceLabelled`).
///
/// The tracer asks this first, of each type it names: the first cast of a type to a protocol
/// scans every protocol conformance in the binary, and one failed cast here spares the three
/// that would fail for nearly every engine type.
public protocol NamedOtherwiseInTraces {}
