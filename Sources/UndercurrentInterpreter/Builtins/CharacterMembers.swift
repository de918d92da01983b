/// `Character`'s members: the Unicode properties (`isNumber`, `isLetter`...) and case mapping.
extension StandardLibrary {
    func installCharacterMembers(into interpreter: Interpreter) {
        let character = interpreter.builtins.character
        character.initializers = [
            .native(
                NativeFunction("init(_:)") { arguments in
                    if case .character = arguments[0] { return arguments[0] }
                    let text = try arguments.string(0)
                    guard text.count == 1, let only = text.first else {
                        throw ScriptError.runtime(
                            text.isEmpty
                                ? "Can't form a Character from an empty String"
                                : "Can't form a Character from a String containing more than one extended grapheme cluster",
                            at: arguments.location)
                    }
                    return .character(only)
                })
        ]
        let flags: [(String, (Character) -> Bool)] = [
            ("isNumber", \.isNumber), ("isLetter", \.isLetter), ("isUppercase", \.isUppercase),
            ("isLowercase", \.isLowercase), ("isWhitespace", \.isWhitespace), ("isNewline", \.isNewline),
            ("isPunctuation", \.isPunctuation), ("isSymbol", \.isSymbol), ("isHexDigit", \.isHexDigit),
            ("isASCII", \.isASCII), ("isWholeNumber", \.isWholeNumber), ("isCased", \.isCased),
            ("isMathSymbol", \.isMathSymbol), ("isCurrencySymbol", \.isCurrencySymbol),
        ]
        var properties: [(String, (Character) -> Value)] = flags.map { name, flag in (name, { .bool(flag($0)) }) }
        properties += [
            ("asciiValue", { .optional($0.asciiValue.map { .int(Int($0)) }) }),
            ("wholeNumberValue", { .optional($0.wholeNumberValue.map(Value.int)) }),
            ("hexDigitValue", { .optional($0.hexDigitValue.map(Value.int)) }),
        ]
        // A Character added to a collection without a literal type (`letters.insert("z")` into
        // a `Set<Character>`) is held as a one-character String, so String answers these too.
        for (name, property) in properties {
            character.property(name) { _, value in property(try characterValue(value, name)) }
            interpreter.builtins.string.property(name) { _, value in property(try characterValue(value, name)) }
        }
        character.method("uppercased()") { .string(try characterValue($0.receiverValue, "uppercased").uppercased()) }
        character.method("lowercased()") { .string(try characterValue($0.receiverValue, "lowercased").lowercased()) }
    }
}

private func characterValue(_ value: Value, _ member: String) throws -> Character {
    switch value {
    case .character(let character): return character
    case .string(let text) where text.count == 1: return text.first!
    default: throw ScriptError.runtime("value of type \(Formatter.typeName(of: value)) has no member '\(member)'")
    }
}
