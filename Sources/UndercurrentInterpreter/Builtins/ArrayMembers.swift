/// `Array`'s own members: initializers, the mutating methods and index lookups. The
/// members every sequence has (`map`, `filter`, `count`...) come from `SequenceTransforms`
/// and `SequenceQueries`. Slices (`array[1...]`, `dropFirst()`) are arrays here: Swift's
/// `ArraySlice` prints the same with `print`, but `debugPrint` shows `ArraySlice([...])`
/// and a slice keeps its base's indices.
extension StandardLibrary {
    func installArrayMembers(into interpreter: Interpreter) {
        let array = interpreter.builtins.array
        array.initializers = [
            .native(NativeFunction("init()") { _ in .array([]) }),
            .native(
                NativeFunction("init(_:)") { arguments in
                    .array(try arguments.elements(0))
                }),
            .native(
                NativeFunction("init(repeating:count:)") { arguments in
                    let count = try arguments.int(1)
                    guard count >= 0 else {
                        throw ScriptError.runtime("Can't construct Array with count < 0", at: arguments.location)
                    }
                    try arguments.interpreter.checkSize(count, "an array", at: arguments.location)
                    return .array(Array(repeating: arguments[0], count: count))
                }),
        ]
        installArrayInsertion(on: array)
        installArrayRemoval(on: array)
        installArrayReordering(on: array)
        installArrayIndices(on: array)
    }

    private func installArrayInsertion(on array: TypeInfo) {
        // The receiver's element type where the call knows it, so that `demands.append(.none)`
        // is a demand (`Interpreter.evaluateArguments`).
        let element: [TypeRef?] = [.receiverElement]
        arrayMethod(array, "append(_:)", types: element) { elements, arguments in
            elements.append(arguments[0])
            return .void
        }
        arrayMethod(array, "append(contentsOf:)") { elements, arguments in
            let added = try arguments.elements(0)
            try arguments.interpreter.checkSize(elements.count + added.count, "an array", at: arguments.location)
            elements += added
            return .void
        }
        arrayMethod(array, "insert(_:at:)", types: element + [nil]) { elements, arguments in
            let index = try arguments.int(1)
            guard index >= 0, index <= elements.count else {
                throw ScriptError.runtime("Array index is out of range", at: arguments.location)
            }
            elements.insert(arguments[0], at: index)
            return .void
        }
        arrayMethod(array, "insert(contentsOf:at:)") { elements, arguments in
            let index = try arguments.int(1)
            guard index >= 0, index <= elements.count else {
                throw ScriptError.runtime("Array index is out of range", at: arguments.location)
            }
            let added = try arguments.elements(0)
            try arguments.interpreter.checkSize(elements.count + added.count, "an array", at: arguments.location)
            elements.insert(contentsOf: added, at: index)
            return .void
        }
    }

    private func installArrayRemoval(on array: TypeInfo) {
        arrayMethod(array, "remove(at:)") { elements, arguments in
            let index = try arguments.int(0)
            guard elements.indices.contains(index) else {
                throw ScriptError.runtime("Index out of range", at: arguments.location)
            }
            return elements.remove(at: index)
        }
        for (name, isFirst) in [("removeFirst", true), ("removeLast", false)] {
            let which = isFirst ? "first" : "last"
            arrayMethod(array, "\(name)()") { elements, arguments in
                guard !elements.isEmpty else {
                    throw ScriptError.runtime(
                        "Can't remove \(which) element from an empty collection", at: arguments.location)
                }
                return isFirst ? elements.removeFirst() : elements.removeLast()
            }
            arrayMethod(array, "\(name)(_:)") { elements, arguments in
                let count = try arguments.int(0)
                guard count >= 0 else {
                    throw ScriptError.runtime(
                        "Number of elements to remove should be non-negative", at: arguments.location)
                }
                guard count <= elements.count else {
                    throw ScriptError.runtime(
                        "Can't remove more items from a collection than it contains",
                        at: arguments.location)
                }
                if isFirst { elements.removeFirst(count) } else { elements.removeLast(count) }
                return .void
            }
        }
        arrayMethod(array, "popLast()") { elements, _ in
            .optional(elements.popLast())
        }
        arrayMethod(array, "removeAll(where:)", types: [closureParameter]) { elements, arguments in
            try elements.removeAll { try arguments.test(0, $0) }
            return .void
        }
        arrayMethod(array, "removeAll(keepingCapacity:)", defaults: ["keepingCapacity"]) { elements, _ in
            elements.removeAll()
            return .void
        }
    }

    private func installArrayReordering(on array: TypeInfo) {
        arrayMethod(array, "sort(by:)", types: [closureParameter]) { elements, arguments in
            try elements.sort { try arguments.test(0, $0, $1) }
            return .void
        }
        arrayMethod(array, "sort()") { elements, arguments in
            try elements.sort { try arguments.interpreter.isLess($0, $1, at: arguments.location) }
            return .void
        }
        arrayMethod(array, "reverse()") { elements, _ in
            elements.reverse()
            return .void
        }
        arrayMethod(array, "swapAt(_:_:)") { elements, arguments in
            let (i, j) = (try arguments.int(0), try arguments.int(1))
            guard elements.indices.contains(i), elements.indices.contains(j) else {
                throw ScriptError.runtime("Index out of range", at: arguments.location)
            }
            elements.swapAt(i, j)
            return .void
        }
        array.method("shuffle()", mutating: true) { arguments in
            throw ScriptError.unsupported("shuffle() (Undercurrent keeps runs repeatable)", at: arguments.location)
        }
    }

    private func installArrayIndices(on array: TypeInfo) {
        func elements(_ value: Value) -> [Value] {
            if case .array(let elements) = value { return elements }
            return []
        }
        array.property("indices") { _, value in
            .range(RangeValue(kind: .halfOpen, lower: .int(0), upper: .int(elements(value).count)))
        }
        array.property("startIndex") { _, _ in .int(0) }
        array.property("endIndex") { _, value in .int(elements(value).count) }
        array.method("firstIndex(where:)", types: [closureParameter]) { arguments in
            .optional(try elements(arguments.receiverValue).firstIndex { try arguments.test(0, $0) }.map(Value.int))
        }
        array.method("firstIndex(of:)") { arguments in
            let interpreter = arguments.interpreter
            return .optional(
                try elements(arguments.receiverValue).firstIndex {
                    try interpreter.valuesEqual($0, arguments[0], at: arguments.location)
                }.map(Value.int))
        }
        array.method("lastIndex(where:)", types: [closureParameter]) { arguments in
            .optional(try elements(arguments.receiverValue).lastIndex { try arguments.test(0, $0) }.map(Value.int))
        }
        array.method("lastIndex(of:)") { arguments in
            let interpreter = arguments.interpreter
            return .optional(
                try elements(arguments.receiverValue).lastIndex {
                    try interpreter.valuesEqual($0, arguments[0], at: arguments.location)
                }.map(Value.int))
        }
        array.method("index(after:)") { arguments in
            .int(try Plus.apply(try arguments.int(0), 1, at: arguments.location))
        }
        array.method("index(before:)") { arguments in
            .int(try Minus.apply(try arguments.int(0), 1, at: arguments.location))
        }
    }

    /// A mutating method that works on the receiver's elements in place.
    private func arrayMethod(
        _ array: TypeInfo, _ fullName: String, defaults: Set<String> = [], types: [TypeRef?] = [],
        _ body: @escaping (inout [Value], NativeArguments) throws -> Value
    ) {
        array.mutatingMethod(fullName, defaults: defaults, types: types) { value, arguments in
            guard case .array(var elements) = value else {
                throw ScriptError.runtime("\(fullName) needs an array", at: arguments.location)
            }
            value = .void
            defer { value = .array(elements) }
            return try body(&elements, arguments)
        }
    }
}
