extension LineEditor {
    /// Where the REPL keeps its history: `$XDG_STATE_HOME/undercurrent/history`, else
    /// `~/.local/state/undercurrent/history`; nil when neither variable gives a usable directory.
    public static func defaultHistoryPath(environment: [String: String]) -> String? {
        // The XDG spec says relative paths in XDG variables are invalid and must be ignored.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return joined(state, "undercurrent/history")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return joined(home, ".local/state/undercurrent/history")
        }
        return nil
    }

    private static func joined(_ directory: String, _ rest: String) -> String {
        directory.hasSuffix("/") ? directory + rest : directory + "/" + rest
    }
}
