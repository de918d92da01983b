/// One way of getting lines: a libedit terminal, or plain standard input.
protocol LineSource: AnyObject {
    /// Candidates for the word before the cursor; only terminals use it.
    var complete: ((String) -> [String])? { get set }
    /// Reads one physical line (an entry recalled from history may itself contain newlines).
    func readLine(prompt: String) -> LineEditorResult
    /// Adds an entry to the history, and to the history file when there is one.
    func remember(_ entry: String)
}
