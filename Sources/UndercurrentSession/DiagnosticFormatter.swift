import UndercurrentInterpreter

/// Shows a script error the way the Swift compiler shows diagnostics: where, what, the
/// offending line with a caret under the column, then notes.
public enum DiagnosticFormatter {
    public static func format(_ error: ScriptError, source: String, fileName: String) -> String {
        var lines: [String] = []
        let location = error.location
        if location == .unknown {
            lines.append("\(fileName): \(error.kind.rawValue): \(error.message)")
        } else {
            lines.append("\(fileName):\(location.line):\(location.column): \(error.kind.rawValue): \(error.message)")
            let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
            if location.line >= 1, location.line <= sourceLines.count {
                let text = String(sourceLines[location.line - 1])
                lines.append(text)
                let caretColumn = max(1, min(location.column, text.count + 1))
                // Keep tabs so the caret lines up under the same column.
                let padding = text.prefix(caretColumn - 1).map { $0 == "\t" ? "\t" : " " }.joined()
                lines.append(padding + "^")
            }
        }
        for note in error.notes { lines.append("note: \(note)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The inputs a host ran, each with its own range of lines (`Interpreter.run(lineOffset:)`),
/// so that an error's location names the input it is in: an error inside a function one
/// input declared, raised while another input runs, points at the declaring input.
public struct SourceMap: Sendable {
    /// Lines each input may take; input N's lines start after N of these.
    public static let linesPerInput = SourceLocation.linesPerInput

    public struct Input: Sendable {
        public var name: String
        public var source: String

        public init(name: String, source: String) {
            self.name = name
            self.source = source
        }
    }

    public private(set) var inputs: [Input] = []

    public init() {}

    /// Registers an input; returns the line offset to run it with.
    public mutating func add(_ source: String, name: String) -> Int {
        inputs.append(Input(name: name, source: source))
        return inputs.count * Self.linesPerInput
    }

    /// The input a location is in, and the location within it; nil for a location of code
    /// that ran without an offset (or an unknown one).
    public func locate(_ location: SourceLocation) -> (input: Input, location: SourceLocation)? {
        guard location != .unknown else { return nil }
        let index = location.line / Self.linesPerInput - 1
        guard inputs.indices.contains(index) else { return nil }
        return (inputs[index], SourceLocation(line: location.line % Self.linesPerInput, column: location.column))
    }

    /// What the trace says of a cancel made while `interpreter` ends a variable's scope:
    /// `` `c` went out of scope (<input 2>:3:52) ``; nil when no scope is ending.
    public func releaseCause(in interpreter: Interpreter, fallbackName: String? = nil) -> String? {
        func place(_ location: SourceLocation?) -> String {
            if let location, let (input, local) = locate(location) {
                return " (\(input.name):\(local.line):\(local.column))"
            }
            if let location, location != .unknown, let fallbackName {
                return " (\(fallbackName):\(location.line):\(location.column))"
            }
            return ""
        }
        if let (name, end) = interpreter.variableBeingReleased {
            return "`\(name)` went out of scope" + place(end)
        }
        if let (location, explicitly) = interpreter.unkeptValueBeingReleased {
            return (explicitly ? "discarded by `_ =`" : "its result was not kept") + place(location)
        }
        return nil
    }

    /// The error as `DiagnosticFormatter` shows it, at the input its location is in; an error
    /// with no such location is shown against `fallback` (the input that was running).
    public func format(_ error: ScriptError, fallback: Input) -> String {
        var error = error
        if let (input, location) = locate(error.location) {
            error.location = location
            return DiagnosticFormatter.format(error, source: input.source, fileName: input.name)
        }
        if error.location.line >= Self.linesPerInput { error.location = .unknown }
        return DiagnosticFormatter.format(error, source: fallback.source, fileName: fallback.name)
    }
}
