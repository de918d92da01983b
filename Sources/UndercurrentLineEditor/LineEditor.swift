import CUndercurrentSupport
import Foundation

/// Reads the learner's input: with libedit (editing, history, completion) on a terminal,
/// as plain lines when standard input is a pipe or a file.
///
/// On a terminal, Ctrl-C at the prompt discards the input and returns `.interrupted`.
/// This relies on the process's SIGINT handler from `uc_install_interrupt_handler`,
/// which the initializer installs.
public final class LineEditor {
    /// Given the word before the cursor, the full words it could become. Bound to Tab.
    public var completer: ((String) -> [String])? {
        didSet { source.complete = completer }
    }
    /// True when reading through libedit.
    public let isInteractive: Bool

    private let source: any LineSource

    /// - Parameters:
    ///   - historyFile: loaded now, rewritten after each new entry (its directories are created);
    ///     nil keeps history in memory only. Unused when standard input is not a terminal.
    ///   - interactive: nil decides by `isatty(0)`.
    public init(
        historyFile: String?,
        programName: String = "undercurrent",
        historyLimit: Int = 1000,
        interactive: Bool? = nil
    ) {
        if interactive ?? (isatty(STDIN_FILENO) != 0),
            let terminal = EditLineSource(
                programName: programName, historyFile: historyFile, historyLimit: historyLimit)
        {
            uc_install_interrupt_handler()
            source = terminal
            isInteractive = true
        } else {
            source = PlainLineSource()
            isInteractive = false
        }
    }

    /// One line; non-blank lines go into the history.
    public func readLine(prompt: String) -> LineEditorResult {
        let result = source.readLine(prompt: prompt)
        if case .line(let line) = result { remember(line) }
        return result
    }

    /// Reads lines until `isComplete` accepts all of them joined with "\n"; the whole
    /// input becomes one history entry. Ctrl-C on any line discards the whole input.
    /// End of input after the first line returns what was read, for the parser to judge.
    public func readInput(
        prompt: String,
        continuationPrompt: String,
        isComplete: (String) -> Bool
    ) -> LineEditorResult {
        var lines: [String] = []
        while true {
            switch source.readLine(prompt: lines.isEmpty ? prompt : continuationPrompt) {
            case .interrupted:
                return .interrupted
            case .endOfFile:
                guard !lines.isEmpty else { return .endOfFile }
                return finish(lines.joined(separator: "\n"))
            case .line(let line):
                lines.append(line)
                let text = lines.joined(separator: "\n")
                if isComplete(text) { return finish(text) }
            }
        }
    }

    private func finish(_ text: String) -> LineEditorResult {
        remember(text)
        return .line(text)
    }

    private func remember(_ entry: String) {
        guard !entry.allSatisfy(\.isWhitespace) else { return }
        source.remember(entry)
    }
}
