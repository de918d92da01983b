/// A position in the learner's source text, 1-based, as editors and compilers show it.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let unknown = SourceLocation(line: 0, column: 0)

    public var description: String { "\(line):\(column)" }
}

extension SourceLocation {
    /// Lines each input of a session may take (`Lowerer.lower`'s `lineOffset` is a multiple).
    public static let linesPerInput = 1_000_000

    /// The line within its own input, as `#line` gives it.
    public var lineInInput: Int { line % Self.linesPerInput }
}
