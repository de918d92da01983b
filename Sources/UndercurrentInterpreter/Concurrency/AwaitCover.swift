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

/// What `Interpreter.actorIsolation` holds: no actor, an actor the interpreter cannot tell
/// (code in an actor that is not one of its methods), or the identity of the actor object
/// whose method runs.
enum ActorIsolationMark {
    static let none: UInt = 0
    static let unknown: UInt = 1
}

extension Interpreter {
    /// An actor's method is entered: from its own actor, or under `await`, as Swift requires.
    /// Returns the isolation its body runs with.
    func enterActor(
        _ state: FunctionState, in frame: Frame, from isolation: UInt, cover: Int, at location: SourceLocation
    ) throws -> UInt {
        guard case .object(let actor)? = frame.selfCell?.value else {
            return ActorIsolationMark.unknown
        }
        let identity = UInt(bitPattern: ObjectIdentifier(actor).hashValue)
        if cover == 0, isolation != identity, isolation != ActorIsolationMark.unknown {
            throw ScriptError(
                .syntax,
                "call of actor-isolated method '\(state.decl.name)' from outside its actor is not marked with `await` "
                    + "(Swift: calls to an actor's methods from outside of its actor context are implicitly "
                    + "asynchronous)",
                at: location,
                notes: [
                    "Write `await` before the call, in an async function, a `Task { }` or the top level; or declare "
                        + "the method `nonisolated` if it touches no state of the actor."
                ])
        }
        return identity
    }
}

extension Interpreter {
    /// A stored `var` of an actor, read or written: from inside the actor, anything; from
    /// outside, a read under `await`, never a write, as Swift compiles it. Its `let`s are
    /// read from anywhere.
    func checkActorField(of base: Value, _ index: Int, writing: Bool, at location: SourceLocation) throws {
        guard case .object(let actor) = base else { return }
        let property = actor.type.storedProperties[index]
        if property.declaration?.isConstant == true { return }
        let identity = UInt(bitPattern: ObjectIdentifier(actor).hashValue)
        if actorIsolation == identity || actorIsolation == ActorIsolationMark.unknown { return }
        if writing {
            throw ScriptError(
                .syntax,
                "actor-isolated property '\(property.name)' cannot be changed from outside its actor (Swift: "
                    + "actor-isolated property can not be mutated from a nonisolated context)",
                at: location, notes: ["Change it in a method of the actor, and call that method with `await`."])
        }
        if awaitCover == 0 {
            throw ScriptError(
                .syntax,
                "reading actor-isolated property '\(property.name)' from outside its actor is not marked with `await` "
                    + "(Swift: expression is 'async' but is not marked with 'await')",
                at: location,
                notes: ["Write `await` before the read, in an async function, a `Task { }` or the top level."])
        }
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
