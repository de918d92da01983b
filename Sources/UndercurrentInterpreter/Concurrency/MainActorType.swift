/// `MainActor`: the global actor of the main thread. Every task here runs on the
/// interpreter's one thread, one at a time, so code on the main actor is any code: `run`
/// calls its body at once, as Swift does when the caller is already on the main actor.
extension StandardLibrary {
    func installMainActor(into interpreter: Interpreter) {
        let type = TypeInfo(name: "MainActor", kind: .builtin, qualifiedName: "Swift.MainActor")
        type.conformances = ["Sendable"]
        interpreter.registerType(type)
        type.method("run(resultType:body:)", defaults: ["resultType"], isStatic: true) { arguments in
            try arguments.interpreter.requireAwait("`MainActor.run`", at: arguments.location)
            return try arguments.interpreter.call(arguments[1], [], at: arguments.location)
        }
        type.method("assumeIsolated(_:file:line:)", defaults: ["file", "line"], isStatic: true) { arguments in
            try arguments.interpreter.call(arguments[0], [], at: arguments.location)
        }
    }
}
