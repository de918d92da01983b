extension Interpreter {
    /// Gives a value the type written for it: integer literals become `Double`, values
    /// stored where an optional is expected get wrapped, `[Int]` becomes `[Double]`.
    public func coerce(_ value: Value, to type: TypeRef, at location: SourceLocation) throws -> Value {
        // An Optional where the type rules one out can only be a `T!` in valid Swift, which
        // is unwrapped there (`let n: Int = count`, `count` an `Int!`).
        if case .optional = value, typeRulesOutOptionals(type) {
            return try coerce(Interpreter.forceUnwrapped(value, implicit: true, at: location), to: type, at: location)
        }
        switch type {
        case .optional(let wrapped), .implicitlyUnwrapped(let wrapped):
            switch value {
            case .optional(let inner):
                guard let inner else { return value }
                if wrapped.isOptional { return .optional(try coerce(inner, to: wrapped, at: location)) }
                return .optional(try coerce(inner, to: wrapped, at: location))
            case .void:
                return value
            case .weakReference:
                return value
            default:
                return .optional(try coerce(value, to: wrapped, at: location))
            }
        case .array(let element):
            if let reversed = Self.reversedCollection(value) {
                return try coerce(.array(try elements(of: reversed, at: location)), to: type, at: location)
            }
            if case .array(let elements) = value, needsCoercion(element) {
                return .array(try elements.map { try coerce($0, to: element, at: location) })
            }
            return value
        case .dictionary(let keyType, let valueType):
            if case .dictionary(let dictionary) = value, needsCoercion(keyType) {
                var coerced = OrderedDictionary()
                for (key, element) in dictionary.pairs {
                    coerced[try coerce(key, to: keyType, at: location)] = try coerce(
                        element, to: valueType, at: location)
                }
                return .dictionary(coerced)
            }
            if case .dictionary(var dictionary) = value, needsCoercion(valueType) {
                for (key, element) in dictionary.pairs {
                    dictionary[key] = try coerce(element, to: valueType, at: location)
                }
                return .dictionary(dictionary)
            }
            return value
        case .named(let parts, let arguments):
            // Every typed parameter and return passes here: names no rule below is about (`Int`,
            // `String`, a script type's) leave after one byte and a look at the aliases.
            if parts.count == 1, let first = parts[0].utf8.first,
                !Self.mayHaveCoercionRule(initial: first, length: parts[0].utf8.count)
            {
                guard !typeAliases.isEmpty, let alias = typeAliases[parts[0]] else { return value }
                return try coerce(value, to: alias, at: location)
            }
            if parts.count == 1 {
                switch parts[0] {
                case "Double", "Float", "CGFloat", "TimeInterval":
                    if case .int(let number) = value { return .double(Double(number)) }
                case "Optional" where arguments.count == 1:
                    return try coerce(value, to: .optional(arguments[0]), at: location)
                case "Character":
                    if case .string(let text) = value, text.count == 1 { return .character(text.first!) }
                case "Set" where arguments.count <= 1:
                    if case .array(let elements) = value { return .set(OrderedSet(elements)) }
                case "ClosedRange", "Range", "PartialRangeFrom", "PartialRangeThrough", "PartialRangeUpTo":
                    // `let r: ClosedRange<Double> = 1...2`: the bounds are Doubles (`1.0...2.0`).
                    // (Only numbers: a `ClosedRange<Character>` of string literals keeps comparing
                    // with the strings it is given, `letters.contains("c")`.)
                    if arguments.count == 1, convertsNumbers(arguments[0]), case .range(var range) = value {
                        range.lower = try range.lower.map { try coerce($0, to: arguments[0], at: location) }
                        range.upper = try range.upper.map { try coerce($0, to: arguments[0], at: location) }
                        return .range(range)
                    }
                case "Result":
                    // `let r: Result<Double, E> = .success(1)` holds `1.0`.
                    if arguments.count == 2, case .enumValue(let result) = value, result.type.name == "Result",
                        result.caseName == "success", result.payload.count == 1
                    {
                        let payload = try coerce(result.payload[0], to: arguments[0], at: location)
                        return .enumValue(EnumValue(type: result.type, caseIndex: result.caseIndex, payload: [payload]))
                    }
                case "KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath", "PartialKeyPath":
                    // `\.x` given where a `KeyPath<Point, Int>` is wanted: its root is `Point`,
                    // as Swift infers it (and prints it: `\Point.x`).
                    if case .native(let keyPath as KeyPathValue) = value, let root = arguments.first,
                        let rooted = keyPath.rooted(at: root, in: self)
                    {
                        return .native(rooted)
                    }
                default:
                    // An Int where a fixed-width integer is expected is a literal in valid Swift.
                    if let type = builtins.fixedWidthIntegers[parts[0]] {
                        guard case .int(let number) = value else { return value }
                        guard let bits = type.fit(number) else { throw type.overflows(number, at: location) }
                        return type.value(bits: bits)
                    }
                    if let alias = typeAliases[parts[0]] { return try coerce(value, to: alias, at: location) }
                }
            }
            return value
        case .tuple(let types):
            if case .tuple(var tuple) = value, tuple.elements.count == types.count {
                for index in types.indices {
                    tuple.elements[index] = try coerce(tuple.elements[index], to: types[index], at: location)
                }
                return .tuple(tuple)
            }
            return value
        case .function(let parameters, let result):
            return function(value, typedAs: parameters, result)
        case .labeledTuple(let labels, let types):
            guard case .tuple = value else { return value }
            guard case .tuple(var tuple) = try coerce(value, to: .tuple(types), at: location) else { return value }
            tuple.labels = labels
            return .tuple(tuple)
        default:
            return value
        }
    }

    /// A script closure given a function type (`let scale: (Double) -> Double = { $0 * 2 }`,
    /// an argument for such a parameter): where the type gives a parameter or the result
    /// that the closure does not write a type converting values (`Double`, a fixed-width
    /// integer), the closure marked to convert them when called, as Swift types them.
    private func function(_ value: Value, typedAs parameters: [TypeRef], _ result: TypeRef) -> Value {
        guard case .function(let function) = value, case .script(let decl, _, _) = function.body,
            decl.parameters.count == parameters.count
        else { return value }
        let declared: [TypeRef?] = zip(decl.parameters, parameters).map { own, written in
            own.type == nil && !own.isInout && convertsNumbers(written) ? written : nil
        }
        let declaredResult = decl.returnType == nil && convertsNumbers(result) ? result : nil
        guard declared.contains(where: { $0 != nil }) || declaredResult != nil else { return value }
        return .function(
            FunctionValue(
                function.body, declaredParameterTypes: declared.contains { $0 != nil } ? declared : [],
                declaredResultType: declaredResult))
    }

    /// A type an Int converts to when given where it is wanted: `Double` and its aliases, a
    /// fixed-width integer.
    private func convertsNumbers(_ type: TypeRef) -> Bool {
        guard case .named(let parts, let arguments) = type, parts.count == 1, arguments.isEmpty else { return false }
        if let alias = typeAliases[parts[0]] { return convertsNumbers(alias) }
        return Self.isFloatingPoint(type) || builtins.fixedWidthIntegers[parts[0]] != nil
    }

    /// `arguments` for a call of `function`, converted to the types a function type gave it.
    func convertedArguments(_ arguments: [Value], of function: FunctionValue, at location: SourceLocation) throws
        -> [Value]
    {
        guard !function.declaredParameterTypes.isEmpty else { return arguments }
        var converted = arguments
        for (index, type) in function.declaredParameterTypes.enumerated() where index < converted.count {
            if let type { converted[index] = try coerce(converted[index], to: type, at: location) }
        }
        return converted
    }

    /// A call's result, converted to the result type a function type gave the function.
    func convertedResult(_ result: Value, of function: FunctionValue, at location: SourceLocation) throws -> Value {
        guard let type = function.declaredResultType else { return result }
        return try coerce(result, to: type, at: location)
    }

    /// A `ReversedCollection` (what `reversed()` gives) where an Array is wanted: Swift
    /// chooses the other `reversed()` there, `Sequence`'s, which returns an Array
    /// (`let newestFirst: [Int] = scores.reversed()`).
    static func reversedCollection(_ value: borrowing Value) -> Value? {
        switch value {
        case .native(let native):
            guard let wrapped = native as? WrappedSequence, wrapped.kind == .reversed else { return nil }
            return .native(wrapped)
        default:
            return nil
        }
    }

    /// Whether `coerce(_:to: type)` returns every value as it is under today's declarations:
    /// a name with no rule in `coerce` and no alias, or a function, existential or metatype.
    func coercionKeepsEveryValue(of type: TypeRef) -> Bool {
        switch type {
        case .named(let parts, _):
            guard parts.count == 1 else { return true }
            if Self.namesWithCoercionRules.contains(parts[0]) { return false }
            return typeAliases[parts[0]] == nil
        case .function(let parameters, let result):
            // A closure given `(Double) -> Double` is marked to convert its numbers.
            return !(parameters + [result]).contains(where: convertsNumbers)
        case .existential, .metatype:
            return true
        case .optional, .implicitlyUnwrapped, .array, .dictionary, .tuple, .labeledTuple:
            return false
        }
    }

    private static let namesWithCoercionRules = Set<String>([
        "Double", "Float", "CGFloat", "TimeInterval", "Optional", "Character", "Set",
        "KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath", "PartialKeyPath",
    ]).union(FixedWidthIntegerType.Kind.allCases.map(\.rawValue))

    /// Whether calls of `decl` can skip coercing their arguments and result: every call of
    /// a typed function paid a look-up of each type's name among the aliases.
    func typesKeepValues(of decl: FunctionDecl) -> Bool {
        typesKeepValues(of: tables.state(of: decl))
    }

    func typesKeepValues(of state: FunctionState) -> Bool {
        if state.typesCheckedGeneration == memberGeneration { return state.typesKeepValues }
        let decl = state.decl
        let keeps =
            decl.parameters.allSatisfy { $0.type.map(coercionKeepsEveryValue(of:)) ?? true }
            && (decl.returnType.map(coercionKeepsEveryValue(of:)) ?? true)
        state.typesKeepValues = keeps
        state.typesCheckedGeneration = memberGeneration
        return keeps
    }

    private func needsCoercion(_ type: TypeRef) -> Bool {
        switch type {
        case .optional, .implicitlyUnwrapped, .array, .dictionary, .tuple, .labeledTuple: return true
        case .named(let parts, _):
            return Self.namesWithCoercionRules.contains(parts.last ?? "") && parts.last != "Set"
                || typeAliases[parts[0]] != nil
        default: return false
        }
    }

    /// `as`, `as?`, `as!`.
    func cast(_ value: Value, _ kind: CastKind, to type: TypeRef, at location: SourceLocation) throws -> Value {
        if kind == .coerce {
            if case .existential = type { return value }
            if type.qualifiedName == "Any" || type.qualifiedName == "AnyObject" { return value }
            return try coerce(value, to: type, at: location)
        }
        var subject = value
        // `as?` looks through optionals.
        while case .optional(let wrapped) = subject {
            guard let wrapped else {
                if kind == .forced {
                    throw ScriptError.runtime("unexpectedly found nil while casting to \(type)", at: location)
                }
                return .optional(nil)
            }
            if type.isOptional { break }
            subject = wrapped
        }
        if try isInstance(subject, of: type, at: location) {
            let converted = try coerce(subject, to: type, at: location)
            return kind == .forced ? converted : .optional(converted)
        }
        if kind == .forced {
            // Swift names both types in full: 'Swift.Dictionary<Swift.Int, Swift.Int>'.
            let from =
                (try? SwiftTypeNames.spelledName(of: subject, qualified: true)) ?? Formatter.typeName(of: subject)
            let to = SwiftTypeNames.name(of: type, in: self, qualified: true)
            throw ScriptError.runtime("could not cast value of type '\(from)' to '\(to)'", at: location)
        }
        return .optional(nil)
    }

    func isInstance(_ value: Value, of type: TypeRef, at location: SourceLocation) throws -> Bool {
        let subject = value.loaded
        // A dynamic cast to a type that is not optional looks through Optional: `.some(x) is T`
        // is `x is T`, and `nil is T` is false (but an Optional, even nil, is `Any`).
        if case .optional(let wrapped) = subject, type.optionalWrapped == nil {
            if type.qualifiedName == "Any" { return true }
            guard let wrapped else { return false }
            return try isInstance(wrapped, of: type, at: location)
        }
        switch type {
        case .optional(let wrapped):
            if case .optional(let inner) = subject {
                guard let inner else { return true }
                return try isInstance(inner, of: wrapped, at: location)
            }
            return try isInstance(subject, of: wrapped, at: location)
        case .array(let element):
            guard case .array(let elements) = subject else { return false }
            return try elements.allSatisfy { try isInstance($0, of: element, at: location) }
        case .dictionary(let keyType, let valueType):
            // Element-wise, as Swift casts collections: `[1: 2] as? [String: Int]` is nil.
            guard case .dictionary(let dictionary) = subject else { return false }
            return try dictionary.pairs.allSatisfy {
                try isInstance($0.0, of: keyType, at: location) && isInstance($0.1, of: valueType, at: location)
            }
        case .tuple(let types), .labeledTuple(_, let types):
            guard case .tuple(let tuple) = subject, tuple.elements.count == types.count else { return false }
            return try zip(tuple.elements, types).allSatisfy { try isInstance($0, of: $1, at: location) }
        case .function:
            if case .function = subject { return true }
            return false
        case .existential(let names):
            return try names.allSatisfy { try isInstance(subject, of: .named([$0], []), at: location) }
        default:
            break
        }
        guard let name = type.qualifiedName else { return false }
        if name == "Any" { return true }
        if name == "AnyObject" {
            if case .object = subject { return true }
            return false
        }
        if let alias = typeAliases[name] { return try isInstance(subject, of: alias, at: location) }
        let valueType = typeInfo(of: subject)
        guard let target = try? metatype(for: type, at: location).type else {
            throw ScriptError.runtime("cannot find type '\(name)' in scope", at: location)
        }
        if target === valueType { return true }
        var current = valueType.superclass
        while let superclass = current {
            if superclass === target { return true }
            current = superclass.superclass
        }
        if target.kind == .protocolType || target.kind == .builtin {
            return allConformances(of: valueType).contains { $0 === target }
        }
        return false
    }

    /// Whether a type name starting with this byte, this long, may be one `coerce` has a rule
    /// for (Double, Float, CGFloat, TimeInterval, Optional, Character, Set, the fixed-width
    /// integers, the key path types, the range types, Result; not Int, the most common).
    private static func mayHaveCoercionRule(initial: UInt8, length: Int) -> Bool {
        switch initial {
        case UInt8(ascii: "D"), UInt8(ascii: "F"), UInt8(ascii: "C"), UInt8(ascii: "T"), UInt8(ascii: "O"),
            UInt8(ascii: "S"), UInt8(ascii: "U"):
            return true
        case UInt8(ascii: "I"):
            return length > 3
        case UInt8(ascii: "K"), UInt8(ascii: "W"):
            // KeyPath, WritableKeyPath.
            return length == 7 || length == 15
        case UInt8(ascii: "R"):
            // ReferenceWritableKeyPath, Range, Result.
            return length == 24 || length == 5 || length == 6
        case UInt8(ascii: "P"):
            // PartialKeyPath, PartialRangeFrom, PartialRangeUpTo, PartialRangeThrough.
            return length == 14 || length == 16 || length == 17 || length == 19
        default:
            return false
        }
    }
}
