/// Foundation's `CharacterSet`, as far as `trimmingCharacters(in:)` and
/// `components(separatedBy:)` need it: a test on Unicode scalars.
final class CharacterSetValue: NativeValue {
    let test: (Unicode.Scalar) -> Bool

    init(typeInfo: TypeInfo, _ test: @escaping (Unicode.Scalar) -> Bool) {
        self.test = test
        super.init(typeInfo: typeInfo)
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool { test(scalar) }
}

extension StandardLibrary {
    func installCharacterSet(into interpreter: Interpreter) {
        let type = TypeInfo(name: "CharacterSet", kind: .builtin, qualifiedName: "Foundation.CharacterSet")
        interpreter.registerType(type)
        func category(_ scalar: Unicode.Scalar) -> Unicode.GeneralCategory { scalar.properties.generalCategory }
        func isNewline(_ scalar: Unicode.Scalar) -> Bool {
            (0x0A...0x0D).contains(scalar.value) || [0x85, 0x2028, 0x2029].contains(scalar.value)
        }
        let sets: [(String, (Unicode.Scalar) -> Bool)] = [
            ("whitespaces", { category($0) == .spaceSeparator || $0 == "\t" }),
            (
                "whitespacesAndNewlines",
                { scalar in
                    switch category(scalar) {
                    case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
                    default: return (0x09...0x0D).contains(scalar.value) || scalar.value == 0x85
                    }
                }
            ),
            ("newlines", isNewline),
            ("decimalDigits", { category($0) == .decimalNumber }),
            ("letters", { isLetterOrMark(category($0)) }),
            ("lowercaseLetters", { category($0) == .lowercaseLetter }),
            ("uppercaseLetters", { [.uppercaseLetter, .titlecaseLetter].contains(category($0)) }),
            ("alphanumerics", { isLetterOrMark(category($0)) || isNumber(category($0)) }),
            ("punctuationCharacters", { isPunctuation(category($0)) }),
            ("symbols", { [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol].contains(category($0)) }),
        ]
        for (name, test) in sets {
            type.property(name, isStatic: true) { [unowned type] _, _ in
                .native(CharacterSetValue(typeInfo: type, test))
            }
        }
        type.initializers = [
            .native(
                NativeFunction("init(charactersIn:)") { [unowned type] arguments in
                    let members = Set(try arguments.string(0).unicodeScalars)
                    return .native(CharacterSetValue(typeInfo: type) { members.contains($0) })
                })
        ]
        type.property("inverted") { [unowned type] _, value in
            guard case .native(let set as CharacterSetValue) = value else { return value }
            return .native(CharacterSetValue(typeInfo: type) { !set.contains($0) })
        }
        let combinations: [(String, (Bool, Bool) -> Bool)] = [
            ("union", { $0 || $1 }), ("intersection", { $0 && $1 }), ("subtracting", { $0 && !$1 }),
            ("symmetricDifference", { $0 != $1 }),
        ]
        for (name, combine) in combinations {
            type.method("\(name)(_:)", types: [.simple("CharacterSet")]) { [unowned type] arguments in
                guard case .native(let lhs as CharacterSetValue) = arguments.receiverValue,
                    case .native(let rhs as CharacterSetValue) = arguments[0]
                else {
                    throw ScriptError.runtime("\(name) needs two CharacterSets", at: arguments.location)
                }
                return .native(CharacterSetValue(typeInfo: type) { combine(lhs.contains($0), rhs.contains($0)) })
            }
        }
        type.method("contains(_:)") { arguments in
            guard case .native(let set as CharacterSetValue) = arguments.receiverValue,
                let scalar = text(arguments[0]).unicodeScalars.first
            else { return .bool(false) }
            return .bool(set.contains(scalar))
        }
    }
}

private func isLetterOrMark(_ category: Unicode.GeneralCategory) -> Bool {
    switch category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark:
        return true
    default: return false
    }
}

private func isNumber(_ category: Unicode.GeneralCategory) -> Bool {
    [.decimalNumber, .letterNumber, .otherNumber].contains(category)
}

private func isPunctuation(_ category: Unicode.GeneralCategory) -> Bool {
    switch category {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation:
        return true
    default: return false
    }
}
