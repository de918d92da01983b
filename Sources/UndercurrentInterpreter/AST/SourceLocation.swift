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
