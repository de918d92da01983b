/// A problem found before or while running the learner's code. The session reports it
/// and carries on; it never ends the process.
public struct ScriptError: Error, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The text is not valid Swift.
        case syntax = "syntax error"
        /// Valid Swift that the interpreter does not implement.
        case unsupported = "unsupported"
        /// A mistake found while running: nil unwrap, index out of range, bad demand.
        case runtime = "runtime error"
        /// Ctrl-C, or a resource limit.
        case interrupted = "interrupted"
    }

    public var kind: Kind
    public var message: String
    public var location: SourceLocation
    /// Extra lines that explain the error in Combine's terms.
    public var notes: [String]

    public init(
        _ kind: Kind, _ message: String, at location: SourceLocation = .unknown,
        notes: [String] = []
    ) {
        self.kind = kind
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func runtime(
        _ message: String, at location: SourceLocation = .unknown,
        notes: [String] = []
    ) -> ScriptError {
        ScriptError(.runtime, message, at: location, notes: notes)
    }

    public static func unsupported(_ message: String, at location: SourceLocation = .unknown)
        -> ScriptError
    {
        ScriptError(.unsupported, message, at: location)
    }

    public var description: String {
        let place = location == .unknown ? "" : "\(location): "
        return "\(place)\(kind.rawValue): \(message)"
    }
}

/// A Swift `throw` from the learner's code, carrying the thrown value.
///
/// `Error` requires `Sendable`; a script value never leaves the interpreter's thread,
/// which is the one thread all evaluation runs on.
public struct ThrownValue: Error, @unchecked Sendable {
    public let value: Value
    public let location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// Signals that an optional chain met nil; caught where the chain ends.
struct OptionalChainExit: Error {}
