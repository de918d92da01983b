/// Produces the elements of a sequence one at a time (`for x in ...`, `map`, `filter`).
public struct ValueIterator {
    private let nextElement: () throws -> Value?

    public init(_ next: @escaping () throws -> Value?) {
        self.nextElement = next
    }

    public mutating func next() throws -> Value? { try nextElement() }
}

// The iterators' positions live in small classes whose fields are not checked for exclusive
// access: a `var` captured by the iterator's closure is checked on every step, which was a
// tenth of the time of a `for i in 1...n` loop with a short body.

/// The position in an array being iterated.
private final class ArrayCursor {
    let elements: [Value]
    @exclusivity(unchecked) var index = 0

    init(_ elements: [Value]) { self.elements = elements }

    func next() -> Value? {
        guard index < elements.count else { return nil }
        defer { index += 1 }
        return elements[index]
    }
}

/// The position in an integer range being iterated; `upper` is its last value, nil for `n...`.
private final class IntegerRangeCursor {
    @exclusivity(unchecked) var current: Int
    let upper: Int?
    @exclusivity(unchecked) var finished: Bool

    init(from lower: Int, through upper: Int?) {
        self.current = lower
        self.upper = upper
        self.finished = upper.map { lower > $0 } ?? false
    }

    /// The next value; for a range with no upper bound, `Int.max` is returned once and not stepped past.
    func next() -> Int? {
        guard !finished else { return nil }
        let value = current
        if let upper, value >= upper {
            finished = true
        } else if value < .max {
            current += 1
        }
        return value
    }
}

extension Interpreter {
    public func makeIterator(_ sequence: Value, at location: SourceLocation) throws -> ValueIterator {
        switch sequence {
        case .array(let elements):
            let cursor = ArrayCursor(elements)
            return ValueIterator { cursor.next() }
        case .set(let set):
            return try makeIterator(.array(set.elements), at: location)
        case .dictionary(let dictionary):
            let pairs = dictionary.pairs.map { Value.tuple(TupleValue(labels: ["key", "value"], elements: [$0, $1])) }
            return try makeIterator(.array(pairs), at: location)
        case .string(let text):
            var iterator = text.makeIterator()
            return ValueIterator { iterator.next().map(Value.character) }
        case .range(let range):
            if let bounds = range.integerBounds {
                let cursor = IntegerRangeCursor(from: bounds.lower, through: bounds.upper)
                return ValueIterator {
                    guard let value = cursor.next() else { return nil }
                    if value == .max, cursor.upper == nil {
                        // `(Int.max - 1)...` traps in Swift as it steps past Int.max.
                        throw ScriptError.runtime(
                            "arithmetic overflow: a range with no upper bound counted past Int.max (9223372036854775807)",
                            at: location)
                    }
                    return .int(value)
                }
            }
            if case .character(let low)? = range.lower, case .character(let high)? = range.upper,
                let lowScalar = low.unicodeScalars.first?.value, let highScalar = high.unicodeScalars.first?.value
            {
                let end = range.kind == .closed ? highScalar : highScalar - 1
                var current = lowScalar
                return ValueIterator {
                    guard current <= end, let scalar = Unicode.Scalar(current) else { return nil }
                    current += 1
                    return .character(Character(scalar))
                }
            }
            if let iterator = try fixedWidthIterator(range, at: location) { return iterator }
            throw ScriptError.runtime("this range cannot be iterated", at: location)
        case .optional(let wrapped?):
            return try makeIterator(wrapped, at: location)
        case .native(let native as IterableNativeValue):
            return try native.makeIterator(interpreter: self, at: location)
        default:
            // A script type that provides `makeIterator()` / `next()`.
            let type = typeInfo(of: sequence)
            if !instanceCallables(of: type, "makeIterator").isEmpty {
                let iterator = try callMethod(sequence, "makeIterator", [], at: location)
                let cell = Cell(iterator)
                return ValueIterator { [unowned self] in
                    let result = try self.callMethod(cell.value, "next", [], at: location, receiverCell: cell)
                    if case .optional(let wrapped) = result { return wrapped }
                    return result
                }
            }
            if !instanceCallables(of: type, "next").isEmpty {
                let cell = Cell(sequence)
                return ValueIterator { [unowned self] in
                    let result = try self.callMethod(cell.value, "next", [], at: location, receiverCell: cell)
                    if case .optional(let wrapped) = result { return wrapped }
                    return result
                }
            }
            throw ScriptError.runtime(
                "a value of type \(Formatter.typeName(of: sequence)) is not a sequence",
                at: location)
        }
    }

    /// All elements of a finite sequence.
    public func elements(of sequence: Value, at location: SourceLocation) throws -> [Value] {
        if case .array(let elements) = sequence { return elements }
        var iterator = try makeIterator(sequence, at: location)
        var result: [Value] = []
        while let element = try iterator.next() {
            try tick(location)
            // Collecting `0..<Int.max` would exhaust memory long before the step budget.
            if result.count >= limits.maxCollectionSize { try checkSize(result.count + 1, "an array", at: location) }
            result.append(element)
        }
        return result
    }

    /// Calls the method whose argument labels are `labels` (for library code calling
    /// script methods such as `receive(subscription:)`). A `cache` kept by the caller
    /// remembers the method found, for the next call on a receiver of the same type.
    public func callMethod(
        _ receiver: Value, _ name: String, labels: [String?], _ arguments: [Value],
        cache: MethodLookupCache? = nil, at location: SourceLocation
    ) throws -> Value {
        let type = typeInfo(of: receiver)
        if let cache, let decl = cache.scriptMethod(on: type, generation: memberGeneration),
            takesEveryArgument(decl, arguments)
        {
            return try callScriptMethod(decl, on: receiver, arguments, at: location)
        }
        let callable: Callable
        if let cache, let found = cache.method(on: type, generation: memberGeneration) {
            callable = found
        } else {
            guard let found = instanceCallables(of: type, name).first(where: { $0.hasLabels(labels) }) else {
                let signature = "\(name)(\(labels.map { "\($0 ?? "_"):" }.joined()))"
                throw ScriptError.runtime(
                    "\(Formatter.typeName(of: receiver)) has no method '\(signature)'",
                    at: location)
            }
            cache?.remember(found, on: type, generation: memberGeneration)
            callable = found
        }
        if case .script(let decl) = callable {
            if takesEveryArgument(decl, arguments) {
                return try callScriptMethod(decl, on: receiver, arguments, at: location)
            }
            // The body's entry counts the level (`enterBody`).
            return try invoke(
                callable, receiver: receiver, receiverCell: nil, values: arguments, inoutCells: [:],
                at: location)
        }
        // The engine calling a native method can recurse through native code alone (a
        // Publisher without its own `receive(subscriber:)` gets the one that subscribes it
        // again): such a call counts a level, as a script body does.
        callDepth += 1
        defer { callDepth -= 1 }
        try checkCallDepth(at: location)
        return try invoke(
            callable, receiver: receiver, receiverCell: nil, values: arguments, inoutCells: [:],
            at: location)
    }

    /// `callMethod(_:_:labels:_:cache:at:)` with one argument: the engine delivering a value
    /// to a script subscriber (`receive(_:)`) makes this call for every value, and the two
    /// arrays of the general form were an allocation each.
    public func callMethod(
        _ receiver: Value, _ name: String, label: String?, _ argument: Value,
        cache: MethodLookupCache, at location: SourceLocation
    ) throws -> Value {
        let arguments = CollectionOfOne(argument)
        guard let decl = cache.scriptMethod(on: typeInfo(of: receiver), generation: memberGeneration),
            takesEveryArgument(decl, arguments)
        else {
            return try callMethod(receiver, name, labels: [label], [argument], cache: cache, at: location)
        }
        return try callScriptMethod(decl, on: receiver, arguments, at: location)
    }

    private func takesEveryArgument(_ decl: FunctionDecl, _ arguments: some Collection<Value>) -> Bool {
        decl.parameters.count == arguments.count && decl.captureList.isEmpty
    }

    /// What `invoke` does with every argument given, without turning the arguments into
    /// optionals (an array cast per call) and back, in a reused frame.
    private func callScriptMethod(
        _ decl: FunctionDecl, on receiver: Value, _ arguments: some Collection<Value>,
        at location: SourceLocation
    ) throws -> Value {
        var call = PlainCall(decl, argumentCount: arguments.count, in: self)
        for (parameter, argument) in arguments.enumerated() {
            try call.bind(argument, toParameter: parameter, in: self, at: location)
        }
        return try call.run(selfValue: receiver, in: self, at: location)
    }

    /// Calls a method by name with positional arguments (for library code).
    public func callMethod(
        _ receiver: Value, _ name: String, _ arguments: [Value], at location: SourceLocation,
        receiverCell: Cell? = nil
    ) throws -> Value {
        let callables = instanceCallables(of: typeInfo(of: receiver), name)
        guard let callable = callables.first(where: { $0.parameterShapes.count == arguments.count }) ?? callables.first
        else {
            throw ScriptError.runtime(
                "value of type \(Formatter.typeName(of: receiver)) has no method '\(name)'",
                at: location)
        }
        return try invoke(
            callable, receiver: receiver, receiverCell: receiverCell, values: arguments,
            inoutCells: [:], at: location)
    }
}

/// The method a library call by name found the last time (`Interpreter.callMethod`): the
/// engine delivering a value to a script subscriber calls `receive(_:)` by name on every
/// value, and looking the name up among the type's members showed in traced profiles.
/// Valid under the same conditions as a call site's resolution (`ResolutionStamp`).
public final class MethodLookupCache {
    // Unchecked, as `CallSiteCache`'s: read on every call, in short accesses.
    @exclusivity(unchecked) private var stamp = ResolutionStamp.none
    @exclusivity(unchecked) private var callable: Callable?
    /// The callable's script function, taken out once: copying a `Callable` out copies a
    /// whole `NativeFunction` case's worth of fields.
    @exclusivity(unchecked) private var script: FunctionDecl?

    public init() {}

    func method(on type: TypeInfo, generation: Int) -> Callable? {
        guard stamp.holds(for: type, generation: generation) else { return nil }
        return callable
    }

    func scriptMethod(on type: TypeInfo, generation: Int) -> FunctionDecl? {
        guard let script, stamp.holds(for: type, generation: generation) else { return nil }
        return script
    }

    func remember(_ callable: Callable, on type: TypeInfo, generation: Int) {
        stamp = ResolutionStamp(owner: type, generation: generation)
        self.callable = callable
        if case .script(let decl) = callable { script = decl } else { script = nil }
    }
}

extension Interpreter {
    /// A range of a fixed-width integer type (`0..<count`, `count` a `UInt8`): its values, of
    /// that type. Nil when no bound is one.
    fileprivate func fixedWidthIterator(_ range: RangeValue, at location: SourceLocation) throws -> ValueIterator? {
        var type: FixedWidthIntegerType?
        func bound(_ value: Value?) throws -> Int?? {
            switch value {
            case nil: return .some(nil)
            case .int(let number)?: return number
            case .scalar(let scalar)? where scalar.type is FixedWidthIntegerType:
                let boundType = unsafeDowncast(scalar.type, to: FixedWidthIntegerType.self)
                if let type, type !== boundType { return nil }
                type = boundType
                guard let number = scalar.integerValue else {
                    throw ScriptError.unsupported("a range reaching past Int.max", at: location)
                }
                return number
            default: return nil
            }
        }
        guard let lower = try bound(range.lower), let upper = try bound(range.upper), let type else { return nil }
        let counted = RangeValue(kind: range.kind, lower: lower.map(Value.int), upper: upper.map(Value.int))
        guard let bounds = counted.integerBounds else { return nil }
        let cursor = IntegerRangeCursor(
            from: bounds.lower, through: bounds.upper ?? type.integerValue(of: type.maxBits))
        return ValueIterator {
            guard let value = cursor.next() else { return nil }
            guard let bits = type.fit(value) else { throw type.overflows(value, at: location) }
            return type.value(bits: bits)
        }
    }
}
