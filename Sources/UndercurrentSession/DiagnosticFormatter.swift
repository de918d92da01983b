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
