/// Members every sequence has (`Sequence` and `Collection` in Swift) that build new values:
/// `map`, `filter`, `reduce`, `sorted`, `reversed`, `enumerated`, `prefix`... They are declared
/// on the `Sequence` protocol type, so arrays, sets, dictionaries, strings, ranges, wrapped
/// sequences and script types that conform to `Sequence` all find them.
extension StandardLibrary {
    func installSequenceTransforms(on sequence: TypeInfo) {
        sequence.method("map(_:)", types: [closureParameter]) { arguments in
            .array(try arguments.receiverElements().map { try arguments.callArgument(0, $0) })
        }
        sequence.method("compactMap(_:)", types: [closureParameter]) { arguments in
            var result: [Value] = []
            for element in try arguments.receiverElements() {
                switch try arguments.callArgument(0, element) {
                case .optional(nil): continue
                case .optional(let wrapped?): result.append(wrapped)
                case let value: result.append(value)
                }
            }
            return .array(result)
        }
        sequence.method("flatMap(_:)", types: [closureParameter]) { arguments in
            var result: [Value] = []
            for element in try arguments.receiverElements() {
                switch try arguments.callArgument(0, element) {
                // A closure returning an optional is the old spelling of compactMap.
                case .optional(nil): continue
                case .optional(let wrapped?): result.append(wrapped)
                case let inner: result += try arguments.interpreter.elements(of: inner, at: arguments.location)
                }
            }
            return .array(result)
        }
        sequence.method("filter(_:)", types: [closureParameter]) { arguments in
            let kept = try arguments.receiverElements().filter { try arguments.test(0, $0) }
            return rebuild(kept, like: arguments.receiverValue)
        }
        sequence.method("forEach(_:)", types: [closureParameter]) { arguments in
            for element in try arguments.receiverElements() { _ = try arguments.callArgument(0, element) }
            return .void
        }
        sequence.method("reduce(_:_:)", types: [nil, closureParameter]) { arguments in
            var result = arguments[0]
            for element in try arguments.receiverElements() {
                result = arguments.interpreter.accumulated(try arguments.callArgument(1, result, element), like: result)
            }
            return result
        }
        sequence.method("reduce(into:_:)", types: [nil, closureParameter]) { arguments in
            let accumulator = Cell(arguments[0])
            for element in try arguments.receiverElements() {
                try arguments.interpreter.callAccumulating(arguments[1], accumulator, element, at: arguments.location)
            }
            return accumulator.value
        }
        sequence.method("sorted(by:)", types: [closureParameter]) { arguments in
            .array(try arguments.receiverElements().sorted { try arguments.test(0, $0, $1) })
        }
        sequence.method("sorted()") { arguments in
            let interpreter = arguments.interpreter
            return .array(
                try arguments.receiverElements().sorted { try interpreter.isLess($0, $1, at: arguments.location) })
        }
        sequence.method("reversed()") { arguments in
            try reversed(arguments.receiverValue, arguments)
        }
        sequence.method("enumerated()") { arguments in
            arguments.interpreter.wrappedSequence(.enumerated, [arguments.receiverValue])
        }
        installJoined(on: sequence)
        installSlicing(on: sequence)
        installSplitting(on: sequence)
        sequence.method("shuffled()") { arguments in
            throw ScriptError.unsupported("shuffled() (Undercurrent keeps runs repeatable)", at: arguments.location)
        }
        sequence.property("lazy") { _, _ in
            throw ScriptError.unsupported("lazy sequences; drop `.lazy` to work on the elements directly")
        }
    }

    private func installJoined(on sequence: TypeInfo) {
        sequence.method("joined(separator:)", types: [.simple("String")]) { arguments in
            let elements = try arguments.receiverElements()
            if case .array(let separator) = arguments[0] {
                // Arrays joined by an array separator: the elements, flattened.
                var result: [Value] = []
                for (index, element) in elements.enumerated() {
                    if index > 0 { result += separator }
                    result += try arguments.interpreter.elements(of: element, at: arguments.location)
                }
                return .array(result)
            }
            let separator = try arguments.string(0)
            return .string(try joinedText(elements, separator: separator, arguments))
        }
        sequence.method("joined()") { arguments in
            let elements = try arguments.receiverElements()
            if elements.allSatisfy({
                if case .string = $0 { return true }
                if case .character = $0 { return true }
                return false
            }) {
                return .string(try joinedText(elements, separator: "", arguments))
            }
            return arguments.interpreter.wrappedSequence(.flatten, [arguments.receiverValue])
        }
    }

    /// The elements' text joined, the size limit checked before joining: ten thousand copies
    /// of a long string would otherwise be joined into gigabytes at once.
    private func joinedText(_ elements: [Value], separator: String, _ arguments: NativeArguments) throws -> String {
        let parts = try elements.map { try text(of: $0, arguments) }
        let total = parts.reduce(0) { $0 &+ $1.utf8.count } &+ separator.utf8.count &* max(0, parts.count - 1)
        try arguments.interpreter.checkSize(total, "a string", at: arguments.location)
        return parts.joined(separator: separator)
    }

    /// `prefix`, `suffix`, `dropFirst`, `dropLast`, `drop(while:)`: a String gives a Substring
    /// (a String here), everything else an array (Swift's `ArraySlice` prints like one).
    private func installSlicing(on sequence: TypeInfo) {
        sequence.method("prefix(while:)", types: [closureParameter]) { arguments in
            var result: [Value] = []
            try arguments.visitReceiverElements { element in
                guard try arguments.test(0, element) else { return false }
                result.append(element)
                return true
            }
            return slice(result, of: arguments.receiverValue)
        }
        sequence.method("prefix(_:)") { arguments in
            let count = try arguments.int(0)
            guard count >= 0 else {
                throw ScriptError.runtime(
                    "Can't take a prefix of negative length from a collection", at: arguments.location)
            }
            var result: [Value] = []
            if count > 0 {
                try arguments.visitReceiverElements { element in
                    result.append(element)
                    return result.count < count
                }
            }
            return slice(result, of: arguments.receiverValue)
        }
        sequence.method("suffix(_:)") { arguments in
            let count = try arguments.int(0)
            guard count >= 0 else {
                throw ScriptError.runtime(
                    "Can't take a suffix of negative length from a collection", at: arguments.location)
            }
            return slice(Array(try arguments.receiverElements().suffix(count)), of: arguments.receiverValue)
        }
        sequence.method("drop(while:)", types: [closureParameter]) { arguments in
            let elements = try arguments.receiverElements()
            var start = 0
            while start < elements.count, try arguments.test(0, elements[start]) { start += 1 }
            return slice(Array(elements[start...]), of: arguments.receiverValue)
        }
        for name in ["dropFirst", "dropLast"] {
            sequence.method("\(name)(_:)", defaults: ["_"]) { arguments in
                let count = arguments.optional(0) == nil ? 1 : try arguments.int(0)
                guard count >= 0 else {
                    throw ScriptError.runtime(
                        "Can't drop a negative number of elements from a collection",
                        at: arguments.location)
                }
                let elements = try arguments.receiverElements()
                let kept = name == "dropFirst" ? Array(elements.dropFirst(count)) : Array(elements.dropLast(count))
                return slice(kept, of: arguments.receiverValue)
            }
        }
    }
}

extension StandardLibrary {
    /// `split` of a non-String sequence: arrays of the pieces (Swift's `ArraySlice`s print alike).
    /// Strings have their own `split`, which gives Substrings.
    fileprivate func installSplitting(on sequence: TypeInfo) {
        sequence.method(
            "split(separator:maxSplits:omittingEmptySubsequences:)",
            defaults: ["maxSplits", "omittingEmptySubsequences"]
        ) { arguments in
            try split(arguments, maxSplits: 1, omitting: 2) {
                try arguments.interpreter.valuesEqual($0, arguments[0], at: arguments.location)
            }
        }
        sequence.method(
            "split(maxSplits:omittingEmptySubsequences:whereSeparator:)",
            defaults: ["maxSplits", "omittingEmptySubsequences"],
            types: [nil, nil, closureParameter]
        ) { arguments in
            try split(arguments, maxSplits: 0, omitting: 1) { try arguments.test(2, $0) }
        }
    }
}

private func split(
    _ arguments: NativeArguments, maxSplits: Int, omitting: Int,
    isSeparator: (Value) throws -> Bool
) throws -> Value {
    let limit = arguments.optional(maxSplits) == nil ? Int.max : try arguments.int(maxSplits)
    let omit = arguments.optional(omitting) == nil ? true : try arguments.bool(omitting)
    guard limit >= 0 else { throw ScriptError.runtime("Must take zero or more splits", at: arguments.location) }
    let pieces = try arguments.receiverElements().split(
        maxSplits: limit, omittingEmptySubsequences: omit,
        whereSeparator: isSeparator)
    return .array(pieces.map { .array(Array($0)) })
}

/// `filter`'s result: the same kind of collection for String, Set and Dictionary, else an array.
func rebuild(_ elements: [Value], like receiver: Value) -> Value {
    switch receiver {
    case .string:
        return .string(String(elements.compactMap { if case .character(let c) = $0 { return c } else { return nil } }))
    case .set:
        return .set(OrderedSet(elements))
    case .dictionary:
        var dictionary = OrderedDictionary()
        for element in elements {
            if case .tuple(let pair) = element, pair.elements.count == 2 {
                dictionary[pair.elements[0]] = pair.elements[1]
            }
        }
        return .dictionary(dictionary)
    default:
        return .array(elements)
    }
}

/// A slice of `receiver`: a Substring (a String here) of a String, an array otherwise.
func slice(_ elements: [Value], of receiver: Value) -> Value {
    if case .string = receiver { return rebuild(elements, like: receiver) }
    return .array(elements)
}

/// Swift returns a lazy `ReversedCollection` for bidirectional collections (arrays, strings,
/// integer ranges) and a new array for other sequences (sets, dictionaries).
private func reversed(_ receiver: Value, _ arguments: NativeArguments) throws -> Value {
    switch receiver {
    case .native(let wrapped as WrappedSequence) where wrapped.kind == .reversed:
        return wrapped.bases[0]
    case .native(let wrapped as WrappedSequence) where wrapped.kind == .enumerated || wrapped.kind == .flatten:
        return arguments.interpreter.wrappedSequence(.reversed, [receiver])
    case .array, .string:
        return arguments.interpreter.wrappedSequence(.reversed, [receiver])
    case .range(let range) where range.integerBounds?.upper != nil:
        return arguments.interpreter.wrappedSequence(.reversed, [receiver])
    default:
        return .array(try arguments.receiverElements().reversed())
    }
}

/// The text of a String, Substring or Character element (`joined`).
private func text(of value: Value, _ arguments: NativeArguments) throws -> String {
    switch value {
    case .string(let text): return text
    case .character(let character): return String(character)
    default:
        throw ScriptError.runtime(
            "joined(separator:) needs String elements, got \(Formatter.typeName(of: value))",
            at: arguments.location)
    }
}
