import OpenCombine
import UndercurrentInterpreter

/// The `Failure` of every script publisher that can fail: it carries the script's error
/// value (an enum or struct conforming to `Error`). Script generics are erased, so one
/// failure type stands for all of them; `Never` stays `Never`.
///
/// `Error` requires `Sendable`; the engine and the interpreter share one thread, so the
/// script value it carries never crosses threads.
public struct ScriptFailure: Error, @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public var description: String { value.description }
    public var debugDescription: String { value.debugDescription }
}
