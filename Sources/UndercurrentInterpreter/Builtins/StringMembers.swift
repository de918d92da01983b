/// `String`'s own members. A `Substring` (from `split`, `prefix`, `dropFirst`...) is a String
/// here: Swift prints both the same way. Members every sequence has (`map`, `filter`,
/// `reversed`, `first`, `count`...) come from the sequence members, with Characters as
/// elements. `String.Index` is not supported: members that need it say so.
extension StandardLibrary {
    func installStringMembers(into interpreter: Interpreter, sequence: TypeInfo) {
        let string = interpreter.builtins.string
        string.initializers = stringInitializers()
        string.property("description") { _, value in value }
        string.property("debugDescription") { _, value in .string(text(value).debugDescription) }
        string.property("capitalized") { _, value in .string(capitalized(text(value))) }
        string.method("uppercased()") { .string(text($0.receiverValue).uppercased()) }
        string.method("lowercased()") { .string(text($0.receiverValue).lowercased()) }
        string.method("hasPrefix(_:)") { arguments in
            .bool(text(arguments.receiverValue).hasPrefix(try arguments.string(0)))
        }
        string.method("hasSuffix(_:)") { arguments in
            .bool(text(arguments.receiverValue).hasSuffix(try arguments.string(0)))
        }
        string.overrideMethod("contains(_:)", inheriting: sequence) { arguments in
            let receiver = text(arguments.receiverValue)
            if case .character(let character) = arguments[0] { return .bool(receiver.contains(character)) }
            // Foundation's `contains` (which scripts importing Foundation get) finds no empty string.
            let other = try arguments.string(0)
            return .bool(!other.isEmpty && receiver.contains(other))
        }
        installStringMutations(on: string)
        installStringEditing(on: string)
        installStringIndexRefusals(on: string)
    }

    private func stringInitializers() -> [Callable] {
        [
            .native(NativeFunction("init()") { _ in .string("") }),
            .native(
                NativeFunction("init(_:)") { arguments in
                    if let characters = try characters(of: arguments[0], arguments) {
                        return .string(String(characters))
                    }
                    return .string(try arguments.described(arguments[0], debug: false))
                }),
            .native(
                NativeFunction("init(describing:)") { arguments in
                    .string(try arguments.described(arguments[0], debug: false))
                }),
            .native(
                NativeFunction("init(reflecting:)") { arguments in
                    .string(try arguments.described(arguments[0], debug: true))
                }),
            .native(
                NativeFunction("init(repeating:count:)") { arguments in
                    let count = try arguments.int(1)
                    guard count >= 0 else {
                        throw ScriptError.runtime("Negative count not allowed", at: arguments.location)
                    }
                    let piece = try arguments.string(0)
                    let (total, overflow) = piece.utf8.count.multipliedReportingOverflow(by: count)
                    try arguments.interpreter.checkSize(overflow ? Int.max : total, "a string", at: arguments.location)
                    return .string(String(repeating: piece, count: count))
                }),
            .native(
                NativeFunction("init(_:radix:uppercase:)", defaults: ["uppercase"]) { arguments in
                    let radix = try arguments.int(1)
                    guard (2...36).contains(radix) else {
                        throw ScriptError.runtime("Radix must be between 2 and 36", at: arguments.location)
                    }
                    let uppercase = arguments.optional(2) == nil ? false : try arguments.bool(2)
                    return .string(String(try arguments.int(0), radix: radix, uppercase: uppercase))
                }),
            .native(
                NativeFunction("init(format:_:)", variadic: "_") { arguments in
                    guard case .array(let values) = arguments[1] else { return .string(try arguments.string(0)) }
                    return .string(try StringFormat.format(try arguments.string(0), values, arguments))
                }),
        ]
    }

    private func installStringMutations(on string: TypeInfo) {
        stringMethod(string, "append(_:)") { text, arguments in
            let added = try arguments.string(0)
            try arguments.interpreter.checkSize(text.utf8.count + added.utf8.count, "a string", at: arguments.location)
            text += added
            return .void
        }
        stringMethod(string, "append(contentsOf:)") { text, arguments in
            let added: String
            if let characters = try characters(of: arguments[0], arguments) {
                added = String(characters)
            } else {
                added = try arguments.string(0)
            }
            try arguments.interpreter.checkSize(text.utf8.count + added.utf8.count, "a string", at: arguments.location)
            text += added
            return .void
        }
        for (name, isFirst) in [("removeFirst", true), ("removeLast", false)] {
            let which = isFirst ? "first" : "last"
            stringMethod(string, "\(name)()") { text, arguments in
                guard !text.isEmpty else {
                    throw ScriptError.runtime(
                        "Can't remove \(which) element from an empty collection", at: arguments.location)
                }
                return .character(isFirst ? text.removeFirst() : text.removeLast())
            }
        }
        stringMethod(string, "popLast()") { text, _ in .optional(text.popLast().map(Value.character)) }
        stringMethod(string, "removeAll(keepingCapacity:)", defaults: ["keepingCapacity"]) { text, _ in
            text.removeAll()
            return .void
        }
    }

    /// Members that work with `String.Index`, which the interpreter does not model.
    private func installStringIndexRefusals(on string: TypeInfo) {
        let advice = "String indices (String.Index) are not supported; use Array(text), prefix, dropFirst or split"
        for name in ["startIndex", "endIndex", "indices"] {
            string.property(name) { _, _ in throw ScriptError.unsupported(advice) }
        }
        for name in [
            "index(_:offsetBy:)", "index(after:)", "index(before:)", "firstIndex(of:)", "firstIndex(where:)",
            "lastIndex(of:)", "lastIndex(where:)", "range(of:)", "distance(from:to:)",
            "insert(_:at:)", "insert(contentsOf:at:)", "remove(at:)", "removeSubrange(_:)",
            "replaceSubrange(_:with:)",
        ] {
            string.method(name) { arguments in throw ScriptError.unsupported(advice, at: arguments.location) }
        }
    }

    private func stringMethod(
        _ string: TypeInfo, _ fullName: String, defaults: Set<String> = [],
        _ body: @escaping (inout String, NativeArguments) throws -> Value
    ) {
        string.mutatingMethod(fullName, defaults: defaults) { value, arguments in
            guard case .string(var contents) = value else {
                throw ScriptError.runtime("\(fullName) needs a String", at: arguments.location)
            }
            value = .void
            defer { value = .string(contents) }
            return try body(&contents, arguments)
        }
    }
}

func text(_ value: Value) -> String {
    switch value {
    case .string(let text): return text
    case .character(let character): return String(character)
    default: return ""
    }
}

/// The Characters of a value that `String(_:)` builds a string from: an array of Characters,
/// or a wrapped sequence of them (`String(text.reversed())`). Nil for anything else.
private func characters(of value: Value, _ arguments: NativeArguments) throws -> [Character]? {
    let elements: [Value]
    switch value {
    case .array(let values): elements = values
    case .native(let native) where native is IterableNativeValue:
        elements = try arguments.interpreter.elements(of: value, at: arguments.location)
    default: return nil
    }
    var result: [Character] = []
    for element in elements {
        switch element {
        case .character(let character): result.append(character)
        // A Character stored without its literal type is a one-character String here.
        case .string(let text) where text.count == 1: result.append(text.first!)
        default: return nil
        }
    }
    return result
}

/// Foundation's `capitalized`: the first letter of every word uppercased, the rest lowercased.
private func capitalized(_ text: String) -> String {
    var result = ""
    var atWordStart = true
    for character in text {
        result += atWordStart ? character.uppercased() : character.lowercased()
        atWordStart = !(character.isLetter || character.isNumber)
    }
    return result
}
