/// What one read from the line editor produced.
public enum LineEditorResult: Equatable, Sendable {
    /// A line (or, from `readInput`, several lines joined with "\n"), without its final newline.
    case line(String)
    /// Ctrl-C at the prompt: the input so far is discarded; show a fresh prompt.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfFile
}
