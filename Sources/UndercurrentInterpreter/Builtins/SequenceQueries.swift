/// Members every sequence has that look at its elements: `count`, `first`, `contains`,
/// `min`, `max`, `allSatisfy`... Declared on the `Sequence` protocol type, like the transforms.
/// A closure-taking overload is declared before its plain sibling, so that a trailing
/// closure (`contains { ... }`) matches it first.
extension StandardLibrary {
    func installSequenceQueries(on sequence: TypeInfo) {
        sequence.property("count") { interpreter, value in
            switch value {
            case .array(let elements): return .int(elements.count)
            case .string(let text): return .int(text.count)
            case .set(let set): return .int(set.count)
            case .dictionary(let dictionary): return .int(dictionary.count)
            default: return .int(try interpreter.elements(of: value, at: .unknown).count)
            }
        }
        sequence.property("isEmpty") { interpreter, value in
            var iterator = try interpreter.makeIterator(value, at: .unknown)
            return .bool(try iterator.next() == nil)
        }
        sequence.property("first") { interpreter, value in
            var iterator = try interpreter.makeIterator(value, at: .unknown)
            return .optional(try iterator.next())
        }
        sequence.property("last") { interpreter, value in
            .optional(try interpreter.elements(of: value, at: .unknown).last)
        }
        sequence.method("first(where:)", types: [closureParameter]) { arguments in
            var found: Value?
            try arguments.visitReceiverElements { element in
                if try arguments.test(0, element) { found = element }
                return found == nil
            }
            return .optional(found)
        }
        sequence.method("last(where:)", types: [closureParameter]) { arguments in
            .optional(try arguments.receiverElements().last { try arguments.test(0, $0) })
        }
        sequence.method("count(where:)", types: [closureParameter]) { arguments in
            .int(try arguments.receiverElements().filter { try arguments.test(0, $0) }.count)
        }
        sequence.method("contains(where:)", types: [closureParameter]) { arguments in
            var found = false
            try arguments.visitReceiverElements { element in
                found = try arguments.test(0, element)
                return !found
            }
            return .bool(found)
        }
        sequence.method("contains(_:)") { arguments in
            var found = false
            try arguments.visitReceiverElements { element in
                found = try arguments.interpreter.valuesEqual(element, arguments[0], at: arguments.location)
                return !found
            }
            return .bool(found)
        }
        sequence.method("allSatisfy(_:)", types: [closureParameter]) { arguments in
            var all = true
            try arguments.visitReceiverElements { element in
                all = try arguments.test(0, element)
                return all
            }
            return .bool(all)
        }
        installExtremes(on: sequence)
        sequence.method("elementsEqual(_:)") { arguments in
            let lhs = try arguments.receiverElements()
            let rhs = try arguments.elements(0)
            guard lhs.count == rhs.count else { return .bool(false) }
            for (a, b) in zip(lhs, rhs) where !(try arguments.interpreter.valuesEqual(a, b, at: arguments.location)) {
                return .bool(false)
            }
            return .bool(true)
        }
        sequence.method("starts(with:)") { arguments in
            let elements = try arguments.receiverElements()
            let prefix = try arguments.elements(0)
            guard prefix.count <= elements.count else { return .bool(false) }
            for (a, b) in zip(elements, prefix)
            where !(try arguments.interpreter.valuesEqual(a, b, at: arguments.location)) {
                return .bool(false)
            }
            return .bool(true)
        }
        sequence.method("randomElement()") { arguments in
            throw ScriptError.unsupported(
                "randomElement() (Undercurrent keeps runs repeatable)", at: arguments.location)
        }
    }

    /// `min`/`max` keep the first of equal elements, as Swift's do.
    private func installExtremes(on sequence: TypeInfo) {
        func extreme(
            _ arguments: NativeArguments, isMin: Bool,
            _ less: (Value, Value) throws -> Bool
        ) throws -> Value {
            var iterator = try arguments.interpreter.makeIterator(arguments.receiverValue, at: arguments.location)
            guard var result = try iterator.next() else { return .optional(nil) }
            while let element = try iterator.next() {
                try arguments.interpreter.tick(arguments.location)
                if isMin ? try less(element, result) : try less(result, element) { result = element }
            }
            return .optional(result)
        }
        for (name, isMin) in [("min", true), ("max", false)] {
            sequence.method("\(name)(by:)", types: [closureParameter]) { arguments in
                try extreme(arguments, isMin: isMin) { try arguments.test(0, $0, $1) }
            }
            sequence.method("\(name)()") { arguments in
                try extreme(arguments, isMin: isMin) {
                    try arguments.interpreter.isLess($0, $1, at: arguments.location)
                }
            }
        }
    }
}
