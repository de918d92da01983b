/// Swift isolates an actor's methods and stored `var`s to the actor: from outside it, a
/// call or a read needs `await`, and a write is refused. The interpreter checks it as the
/// access is made, against `Interpreter.actorIsolation`, which `enterBody` sets from
/// `FunctionDecl.isolation` (decided by the lowerer) as each body is entered.

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
        let identity = UInt(bitPattern: ObjectIdentifier(actor))
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
        let identity = UInt(bitPattern: ObjectIdentifier(actor))
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
