/// `Dictionary`'s own members. Iteration, `map`, `filter`, `sorted(by:)`, `count`, `first`...
/// come from the sequence members, with `(key:value:)` tuples as elements.
///
/// Swift's dictionaries iterate in an order that changes from process to process (seeded
/// hashing). The interpreter keeps insertion order instead, so runs are repeatable; it does
/// not try to imitate Swift's hash order, which no program can rely on.
extension StandardLibrary {
    func installDictionaryMembers(into interpreter: Interpreter) {
        let dictionary = interpreter.builtins.dictionary
        dictionary.initializers = [
            .native(NativeFunction("init()") { _ in .dictionary(OrderedDictionary()) }),
            .native(
                NativeFunction("init(grouping:by:)", types: [nil, closureParameter]) { arguments in
                    var groups = OrderedDictionary()
                    for element in try arguments.elements(0) {
                        let key = try arguments.callArgument(1, element)
                        guard case .array(var members)? = groups[key] else {
                            groups[key] = .array([element])
                            continue
                        }
                        members.append(element)
                        groups[key] = .array(members)
                    }
                    return .dictionary(groups)
                }),
            .native(
                NativeFunction("init(uniqueKeysWithValues:)") { arguments in
                    var result = OrderedDictionary()
                    for (key, value) in try pairs(arguments.elements(0), arguments) {
                        guard result[key] == nil else {
                            throw ScriptError.runtime(
                                "Duplicate values for key: '\(Formatter.describe(key, debug: false))'",
                                at: arguments.location)
                        }
                        result[key] = value
                    }
                    return .dictionary(result)
                }),
            .native(
                NativeFunction("init(_:uniquingKeysWith:)", types: [nil, closureParameter]) { arguments in
                    var result = OrderedDictionary()
                    try merge(pairs(arguments.elements(0), arguments), into: &result, combine: 1, arguments)
                    return .dictionary(result)
                }),
        ]
        dictionary.property("keys") { interpreter, value in interpreter.wrappedSequence(.dictionaryKeys, [value]) }
        dictionary.property("values") { interpreter, value in interpreter.wrappedSequence(.dictionaryValues, [value]) }
        installDictionaryTransforms(on: dictionary)
        installDictionaryMutations(on: dictionary)
    }

    private func installDictionaryTransforms(on dictionary: TypeInfo) {
        dictionary.method("mapValues(_:)", types: [closureParameter]) { arguments in
            var result = OrderedDictionary()
            for (key, value) in contents(arguments.receiverValue).pairs {
                result[key] = try arguments.callArgument(0, value)
            }
            return .dictionary(result)
        }
        dictionary.method("compactMapValues(_:)", types: [closureParameter]) { arguments in
            var result = OrderedDictionary()
            for (key, value) in contents(arguments.receiverValue).pairs {
                switch try arguments.callArgument(0, value) {
                case .optional(nil): continue
                case .optional(let wrapped?): result[key] = wrapped
                case let mapped: result[key] = mapped
                }
            }
            return .dictionary(result)
        }
        dictionary.method("merging(_:uniquingKeysWith:)", types: [nil, closureParameter]) { arguments in
            var result = contents(arguments.receiverValue)
            try merge(pairs(arguments.elements(0), arguments), into: &result, combine: 1, arguments)
            return .dictionary(result)
        }
    }

    private func installDictionaryMutations(on dictionary: TypeInfo) {
        dictionaryMethod(dictionary, "removeValue(forKey:)") { contents, arguments in
            let old = contents[arguments[0]]
            contents[arguments[0]] = nil
            return .optional(old)
        }
        dictionaryMethod(dictionary, "updateValue(_:forKey:)") { contents, arguments in
            let old = contents[arguments[1]]
            contents[arguments[1]] = arguments[0]
            return .optional(old)
        }
        dictionaryMethod(dictionary, "merge(_:uniquingKeysWith:)", types: [nil, closureParameter]) {
            contents, arguments in
            try merge(pairs(arguments.elements(0), arguments), into: &contents, combine: 1, arguments)
            return .void
        }
        dictionaryMethod(dictionary, "removeAll(keepingCapacity:)", defaults: ["keepingCapacity"]) { contents, _ in
            contents.removeAll()
            return .void
        }
    }

    private func dictionaryMethod(
        _ dictionary: TypeInfo, _ fullName: String, defaults: Set<String> = [],
        types: [TypeRef?] = [],
        _ body: @escaping (inout OrderedDictionary, NativeArguments) throws -> Value
    ) {
        dictionary.mutatingMethod(fullName, defaults: defaults, types: types) { value, arguments in
            guard case .dictionary(var contents) = value else {
                throw ScriptError.runtime("\(fullName) needs a dictionary", at: arguments.location)
            }
            value = .void
            defer { value = .dictionary(contents) }
            return try body(&contents, arguments)
        }
    }
}

private func contents(_ value: Value) -> OrderedDictionary {
    if case .dictionary(let dictionary) = value { return dictionary }
    return OrderedDictionary()
}

/// Key-value pairs from a dictionary's elements or a sequence of 2-tuples.
private func pairs(_ elements: [Value], _ arguments: NativeArguments) throws -> [(Value, Value)] {
    try elements.map { element in
        guard case .tuple(let tuple) = element, tuple.elements.count == 2 else {
            throw ScriptError.runtime(
                "expected (key, value) pairs, got \(Formatter.typeName(of: element))",
                at: arguments.location)
        }
        return (tuple.elements[0], tuple.elements[1])
    }
}

/// Adds pairs to a dictionary; for a key already present, the closure argument `combine`
/// chooses the value from the current and the new one.
private func merge(
    _ pairs: [(Value, Value)], into result: inout OrderedDictionary, combine: Int,
    _ arguments: NativeArguments
) throws {
    for (key, value) in pairs {
        if let current = result[key] {
            result[key] = try arguments.callArgument(combine, current, value)
        } else {
            result[key] = value
        }
    }
}
