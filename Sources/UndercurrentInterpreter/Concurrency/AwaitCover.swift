/// Swift compiles a call that may suspend only where `await` is written before it (a
/// single `await` covers every call in its expression). The interpreter checks it as the
/// call is made (`awaitCover`): an async function's body entered, or a task suspended, with
/// no `await` around the call is refused, naming the call's place, rather than run as if
/// Swift had accepted it.
extension Interpreter {
    func asyncCallWithoutAwait(_ function: FunctionDecl, at location: SourceLocation) -> ScriptError {
        if function.name == "closure" {
            return ScriptError(
                .syntax,
                "an async closure is called here without `await` (Swift refuses both ways this happens: passing an "
                    + "async closure to a synchronous API, and calling one without `await`)",
                at: location,
                notes: [
                    "A synchronous API (`map`, `forEach`, a `sink`) cannot call an async closure: start a `Task { }` "
                        + "inside a synchronous closure instead."
                ])
        }
        let called: String
        if function.name.hasPrefix("get ") {
            called = "the async getter of '\(function.name.dropFirst(4))'"
        } else if function.name == "init" {
            called = "an async initializer"
        } else {
            called = "async function '\(function.name)'"
        }
        return ScriptError(
            .syntax,
            "call of \(called) is not marked with `await` (Swift: expression is 'async' but is not marked with "
                + "'await')",
            at: location,
            notes: [
                "Write `await` before the call (`try await` if it throws), in an async function, a `Task { }` or "
                    + "the top level."
            ])
    }
}

extension Interpreter {
    /// An async function or property of the library (`task.value`, `withTaskGroup`,
    /// `MainActor.run`), called where no `await` covers the call: refused, as Swift refuses
    /// it, even when the call would not have had to wait.
    public func requireAwait(_ call: String, at location: SourceLocation) throws {
        guard awaitCover == 0 else { return }
        throw ScriptError(
            .syntax,
            "\(call) is async, and this use of it is not marked with `await` (Swift: expression is 'async' but is "
                + "not marked with 'await')",
            at: location,
            notes: [
                "Write `await` before it (`try await` if it throws), in an async function, a `Task { }` or the top level."
            ])
    }
}
