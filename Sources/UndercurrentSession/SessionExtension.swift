import UndercurrentInterpreter

/// Something that adds to a session without the session knowing it: colon commands of
/// its own, answers to questions it asked (a yes/no confirmation, a prediction), and a
/// look at each input the learner ran. The lessons are one; the session keeps one.
public protocol SessionExtension: AnyObject {
    /// Sees every input first (blank ones too, so Return can answer "no"). Returns an
    /// action when it took the input as an answer; nil lets the session handle it.
    func intercept(_ input: String, in session: Session) -> Session.Action?
    /// A colon command the session does not know; nil when this extension does not know it either.
    func runCommand(_ command: String, argument: String, in session: Session) -> Session.Action?
    /// After the session ran Swift code, with the error that stopped it, if any.
    func didEvaluate(_ source: String, error: ScriptError?, in session: Session)
    /// Lines added to `:help`.
    var helpText: String { get }
    /// Colon commands, for Tab completion.
    var commandNames: [String] { get }
}
