/// `Optional`: its cases and `map`/`flatMap`. `??`, `?.`, `!` and `if let` are language.
extension StandardLibrary {
    func installOptionalMembers(into interpreter: Interpreter) {
        let optional = interpreter.builtins.optional
        optional.addEnumCase(EnumCaseInfo(name: "none"))
        optional.addEnumCase(EnumCaseInfo(name: "some", associatedTypes: [.simple("Wrapped")]))
        optional.initializers = [.native(NativeFunction("init(_:)") { arguments in .optional(arguments[0]) })]
        optional.method("map(_:)", types: [closureParameter]) { arguments in
            guard case .optional(let wrapped?) = arguments.receiverValue else { return .optional(nil) }
            return .optional(try arguments.callArgument(0, wrapped))
        }
        optional.method("flatMap(_:)", types: [closureParameter]) { arguments in
            guard case .optional(let wrapped?) = arguments.receiverValue else { return .optional(nil) }
            let result = try arguments.callArgument(0, wrapped)
            if case .optional = result { return result }
            return .optional(result)
        }
    }
}
