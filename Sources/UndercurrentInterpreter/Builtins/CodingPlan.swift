/// What Swift's synthesized `Codable` conformance of a script type reads and writes: its
/// coding keys (the `CodingKeys` enum, or every stored property in declaration order), and
/// the shape of each property's type. Encoding (JSONEncoding.swift) and decoding
/// (JSONDecoding.swift) both follow it.

/// A coding key that prints as the compiler's keys do: `CodingKeys(stringValue: "name",
/// intValue: nil)`, `CircleCodingKeys(…)` for an enum case's payload, `_CodingKey(…)` for an
/// array index, `_DictionaryCodingKey(…)` for a dictionary key.
struct ScriptCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    var typeName: String

    init(_ stringValue: String, intValue: Int? = nil, typeName: String = "CodingKeys") {
        self.stringValue = stringValue
        self.intValue = intValue
        self.typeName = typeName
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) { self.init(String(intValue), intValue: intValue) }

    static func index(_ index: Int) -> ScriptCodingKey {
        ScriptCodingKey("Index \(index)", intValue: index, typeName: "_CodingKey")
    }

    var description: String {
        "\(typeName)(stringValue: \(stringValue.debugDescription), intValue: \(intValue.map(String.init) ?? "nil"))"
    }

    var debugDescription: String { description }
}

/// The key of a `Dictionary` as the standard library codes it: an Int key is also its text.
struct DictionaryCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init?(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = Int(stringValue)
    }

    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    var description: String {
        "_DictionaryCodingKey(stringValue: \(stringValue.debugDescription), intValue: \(intValue.map(String.init) ?? "nil"))"
    }

    var debugDescription: String { description }
}

/// The type a decoder is asked for, with generic parameters bound.
indirect enum CodingShape {
    case int, double, float, bool, string, data
    case optional(CodingShape)
    case array(CodingShape)
    case set(CodingShape)
    case dictionary(key: CodingShape, value: CodingShape)
    case script(TypeInfo, generics: [String: CodingShape])
    /// `UInt8`, `Int64` and the other fixed-width integers, decoded as Swift's own.
    case fixedWidth(FixedWidthIntegerType)

    var isPrimitive: Bool {
        switch self {
        case .int, .double, .float, .bool, .string, .fixedWidth: return true
        default: return false
        }
    }
}

/// The coded properties of a struct or class, in coding-key order.
struct CodingPlan {
    struct Field {
        var index: Int
        var name: String
        var key: ScriptCodingKey
        var declaration: PropertyDecl?
        /// False for a `let` with an initial value: encoded, never decoded.
        var isDecoded: Bool
    }

    /// The type whose conformance was synthesized (a subclass codes as its superclass).
    var declaring: TypeInfo
    var fields: [Field]
}

extension Interpreter {
    /// True when `type` conforms to `Encodable` (`Decodable`), directly, through `Codable`
    /// or through a protocol that refines one of them.
    func conformsToCoding(_ type: TypeInfo, encoding: Bool) -> Bool {
        let wanted = encoding ? "Encodable" : "Decodable"
        return allConformances(of: type).contains { $0.name == wanted || $0.name == "Codable" }
    }

    /// The coding keys and properties of a struct or class, as the compiler synthesizes them.
    func codingPlan(for type: TypeInfo, encoding: Bool, at location: SourceLocation) throws -> CodingPlan {
        let protocolName = encoding ? "Encodable" : "Decodable"
        guard conformsToCoding(type, encoding: encoding) else {
            throw ScriptError.runtime(
                "'\(type.name)' does not conform to \(protocolName)", at: location,
                notes: ["declare it `: Codable` (or `: \(protocolName)`)"])
        }
        let declaring = codingDeclaringType(of: type, encoding: encoding)
        if encoding, declaring.instanceMembers["encode"]?.contains(where: { $0.isScriptMethod("encode(to:)") }) == true
        {
            throw ScriptError.unsupported(
                "a custom encode(to:) (in '\(declaring.name)') is not supported yet; Undercurrent encodes with the synthesized conformance only",
                at: location)
        }
        if !encoding, declaring.initializers.contains(where: { $0.isScript("init(from:)") }) {
            throw ScriptError.unsupported(
                "a custom init(from:) (in '\(declaring.name)') is not supported yet; Undercurrent decodes with the synthesized conformance only",
                at: location)
        }
        let own = (declaring.superclass?.storedProperties.count ?? 0)..<declaring.storedProperties.count
        var fields: [CodingPlan.Field] = []
        var keyed = Set<Int>()
        if let keys = declaring.nestedTypes["CodingKeys"], keys.kind == .enumType {
            for keyCase in keys.cases {
                guard let index = declaring.fieldIndex[keyCase.name], own.contains(index) else {
                    throw ScriptError.runtime(
                        "CodingKeys case '\(keyCase.name)' does not match a stored property of '\(declaring.name)'",
                        at: location)
                }
                var key = ScriptCodingKey(keyCase.name)
                switch keyCase.rawValue {
                case .string(let raw)?: key.stringValue = raw
                case .int(let raw)?: key.intValue = raw
                default: break
                }
                fields.append(try field(index, key, of: declaring, at: location))
                keyed.insert(index)
            }
        } else {
            for index in own where declaring.storedProperties[index].declaration?.isLazy != true {
                fields.append(
                    try field(
                        index, ScriptCodingKey(declaring.storedProperties[index].name), of: declaring,
                        at: location))
                keyed.insert(index)
            }
        }
        if !encoding {
            // A property the keys leave out keeps its initial value, so it needs one.
            for index in own where !keyed.contains(index) {
                let property = declaring.storedProperties[index]
                let hasValue =
                    property.declaration?.initializerFunction != nil
                    || (property.type?.isOptional == true && property.declaration?.isConstant == false)
                if !hasValue {
                    throw ScriptError.runtime(
                        "'\(declaring.name)' cannot be decoded: property '\(property.name)' is not in CodingKeys and has no initial value",
                        at: location)
                }
            }
        }
        return CodingPlan(declaring: declaring, fields: fields)
    }

    private func field(
        _ index: Int, _ key: ScriptCodingKey, of type: TypeInfo,
        at location: SourceLocation
    ) throws -> CodingPlan.Field {
        let property = type.storedProperties[index]
        if let wrapper = property.declaration?.wrapper {
            throw ScriptError.unsupported(
                "coding the @\(wrapper) property '\(property.name)' of '\(type.name)'",
                at: location)
        }
        let isLetWithValue =
            property.declaration?.isConstant == true && property.declaration?.initializerFunction != nil
        return CodingPlan.Field(
            index: index, name: property.name, key: key, declaration: property.declaration,
            isDecoded: !isLetWithValue)
    }

    /// The class whose conformance is inherited (the highest one that declares it), or the
    /// struct or enum itself.
    private func codingDeclaringType(of type: TypeInfo, encoding: Bool) -> TypeInfo {
        guard type.isClass else { return type }
        var declaring = type
        var current: TypeInfo? = type
        while let candidate = current {
            let direct = candidate.conformances.contains { name in
                if name == "Codable" || name == (encoding ? "Encodable" : "Decodable") { return true }
                guard let declared = types[name], declared.isProtocol else { return false }
                return conformsToCoding(declared, encoding: encoding)
            }
            if direct { declaring = candidate }
            current = candidate.superclass
        }
        return declaring
    }

    // MARK: - Shapes of types

    /// The shape of a written type, inside `owner` (for its nested types and generic parameters).
    func codingShape(
        of type: TypeRef, owner: TypeInfo?, generics: [String: CodingShape],
        at location: SourceLocation, depth: Int = 0
    ) throws -> CodingShape {
        guard depth < 64 else {
            throw ScriptError.runtime("the type \(type) refers to itself through type aliases", at: location)
        }
        func shape(_ inner: TypeRef) throws -> CodingShape {
            try codingShape(of: inner, owner: owner, generics: generics, at: location, depth: depth + 1)
        }
        switch type {
        case .optional(let wrapped), .implicitlyUnwrapped(let wrapped):
            return .optional(try shape(wrapped))
        case .array(let element):
            return .array(try shape(element))
        case .dictionary(let key, let value):
            return .dictionary(key: try shape(key), value: try shape(value))
        case .named(let parts, let arguments):
            if parts.count == 1, arguments.isEmpty, let bound = generics[parts[0]] { return bound }
            var name = parts.joined(separator: ".")
            if name.hasPrefix("Swift.") || name.hasPrefix("Foundation.") {
                name = String(name.drop { $0 != "." }.dropFirst())
            }
            switch (name, arguments.count) {
            case ("Int", 0): return .int
            case ("Double", 0), ("CGFloat", 0), ("TimeInterval", 0): return .double
            case ("Float", 0): return .float
            case ("String", 0): return .string
            case ("Bool", 0): return .bool
            case ("Data", 0): return .data
            case ("Optional", 1): return .optional(try shape(arguments[0]))
            case ("Array", 1): return .array(try shape(arguments[0]))
            case ("Set", 1): return .set(try shape(arguments[0]))
            case ("Dictionary", 2): return .dictionary(key: try shape(arguments[0]), value: try shape(arguments[1]))
            default:
                if arguments.isEmpty, let integer = builtins.fixedWidthIntegers[name] { return .fixedWidth(integer) }
            }
            if parts.count == 1, let alias = owner?.typeAliases[name] ?? typeAliases[name] {
                return try shape(alias)
            }
            let resolved = try codingType(named: parts, inside: owner, at: location)
            return try codingShape(of: resolved, arguments: arguments.map(shape), at: location)
        default:
            throw ScriptError.unsupported("coding a value of type \(type)", at: location)
        }
    }

    /// The shape of a type with its generic arguments (`Box<Int>.self`, `[Item].self`).
    func codingShape(of type: TypeInfo, arguments: [CodingShape], at location: SourceLocation) throws -> CodingShape {
        if type === builtins.int { return .int }
        if type === builtins.double { return .double }
        if type === builtins.string { return .string }
        if type === builtins.bool { return .bool }
        if type === builtins.optional, arguments.count == 1 { return .optional(arguments[0]) }
        if type === builtins.array, arguments.count == 1 { return .array(arguments[0]) }
        if type === builtins.set, arguments.count == 1 { return .set(arguments[0]) }
        if type === builtins.dictionary, arguments.count == 2 {
            return .dictionary(key: arguments[0], value: arguments[1])
        }
        if type.kind == .builtin, type.name == "Data" { return .data }
        switch type.kind {
        case .structType, .classType, .enumType:
            var generics: [String: CodingShape] = [:]
            for (parameter, argument) in zip(type.genericParameters, arguments) { generics[parameter] = argument }
            if generics.count < type.genericParameters.count {
                throw ScriptError.runtime(
                    "write the generic arguments of '\(type.name)' to decode it (\(type.name)<…>.self)",
                    at: location)
            }
            return .script(type, generics: generics)
        default:
            throw ScriptError.runtime("'\(type.name)' cannot be decoded: it is not Decodable", at: location)
        }
    }

    /// The shape of a metatype value (`Person.self`, `[Person].self`, `Box<Int>.self`).
    func codingShape(of metatype: Metatype, at location: SourceLocation) throws -> CodingShape {
        let arguments = try metatype.genericArguments.map {
            try codingShape(of: $0, owner: nil, generics: [:], at: location)
        }
        return try codingShape(of: metatype.type, arguments: arguments, at: location)
    }

    /// The shape of a type passed as a value: a metatype, or `[Item].self`, `[String: Item].self`
    /// and `Item?.self`, which evaluate as a collection literal or an optional of metatypes.
    func codingShape(ofTypeValue value: Value, at location: SourceLocation) throws -> CodingShape {
        switch value.loaded {
        case .metatype(let metatype):
            return try codingShape(of: metatype, at: location)
        case .optional(let wrapped?):
            return .optional(try codingShape(ofTypeValue: wrapped, at: location))
        case .array(let elements) where elements.count == 1:
            return .array(try codingShape(ofTypeValue: elements[0], at: location))
        case .dictionary(let dictionary) where dictionary.count == 1:
            return .dictionary(
                key: try codingShape(ofTypeValue: dictionary.keys[0], at: location),
                value: try codingShape(ofTypeValue: dictionary.values[0], at: location))
        default:
            throw ScriptError.runtime(
                "decode needs a type (Person.self), got \(Formatter.typeName(of: value))",
                at: location)
        }
    }

    /// A type name as written inside `owner`: its nested types and those of its enclosing types first.
    private func codingType(named parts: [String], inside owner: TypeInfo?, at location: SourceLocation) throws
        -> TypeInfo
    {
        let written = parts.joined(separator: ".")
        var scope = owner?.name
        while let current = scope {
            if let nested = types["\(current).\(written)"] { return nested }
            scope = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        return try metatype(for: .named(parts, []), at: location).type
    }

    /// The shape of a property: its written type, or the type of its initial value.
    func codingShape(
        of field: CodingPlan.Field, in shape: (type: TypeInfo, generics: [String: CodingShape]),
        at location: SourceLocation
    ) throws -> CodingShape {
        if let written = field.declaration?.type {
            return try codingShape(of: written, owner: shape.type, generics: shape.generics, at: location)
        }
        guard let initializer = field.declaration?.initializerFunction else {
            throw ScriptError.runtime(
                "write the type of property '\(field.name)' of '\(shape.type.name)' to decode it",
                at: location)
        }
        let initial = try callScript(initializer, captures: [], selfCell: nil, arguments: [], at: location)
        guard let inferred = codingShape(ofValue: initial) else {
            throw ScriptError.runtime(
                "write the type of property '\(field.name)' of '\(shape.type.name)' to decode it",
                at: location)
        }
        return inferred
    }

    private func codingShape(ofValue value: Value) -> CodingShape? {
        switch value.loaded {
        case .int: return .int
        case .double: return .double
        case .string: return .string
        case .bool: return .bool
        case .scalar(let scalar) where scalar.type is FixedWidthIntegerType:
            return .fixedWidth(unsafeDowncast(scalar.type, to: FixedWidthIntegerType.self))
        case .array(let elements): return elements.first.flatMap(codingShape(ofValue:)).map { .array($0) }
        case .set(let set): return set.elements.first.flatMap(codingShape(ofValue:)).map { .set($0) }
        case .dictionary(let dictionary):
            guard let (key, element) = dictionary.pairs.first(where: { _ in true }),
                let keyShape = codingShape(ofValue: key), let valueShape = codingShape(ofValue: element)
            else { return nil }
            return .dictionary(key: keyShape, value: valueShape)
        case .structValue(let structValue):
            return structValue.type.genericParameters.isEmpty ? .script(structValue.type, generics: [:]) : nil
        case .enumValue(let enumValue):
            return enumValue.type.genericParameters.isEmpty ? .script(enumValue.type, generics: [:]) : nil
        case .object(let object):
            return object.type.genericParameters.isEmpty ? .script(object.type, generics: [:]) : nil
        case .native(is DataValue): return .data
        default: return nil
        }
    }
}

extension MemberEntry {
    func isScriptMethod(_ fullName: String) -> Bool {
        if case .method(let callable) = self { return callable.isScript(fullName) }
        return false
    }
}

extension Callable {
    func isScript(_ fullName: String) -> Bool {
        if case .script(let decl) = self { return decl.fullName == fullName }
        return false
    }
}

/// The key of an enum case (its name, or its `CodingKeys` raw value), and the keys of its
/// associated values: their labels, `_0`, `_1`… for unlabeled ones.
extension TypeInfo {
    func codingKey(ofCase index: Int) -> ScriptCodingKey {
        let name = cases[index].name
        if let keys = nestedTypes["CodingKeys"], let keyIndex = keys.caseIndex[name] {
            var key = ScriptCodingKey(name)
            switch keys.cases[keyIndex].rawValue {
            case .string(let raw)?: key.stringValue = raw
            case .int(let raw)?: key.intValue = raw
            default: break
            }
            return key
        }
        return ScriptCodingKey(name)
    }

    func payloadCodingKeys(ofCase index: Int) -> [ScriptCodingKey] {
        let info = cases[index]
        let typeName = info.name.prefix(1).uppercased() + info.name.dropFirst() + "CodingKeys"
        return info.associatedTypes.indices.map { position in
            let label = position < info.associatedLabels.count ? info.associatedLabels[position] : nil
            return ScriptCodingKey(label ?? "_\(position)", typeName: typeName)
        }
    }

    /// The enum's raw values are `Int`, `String` or `Double`; nil for an enum without them.
    var rawValueTypeName: String? {
        switch cases.first?.rawValue {
        case .int?: return "Int"
        case .string?: return "String"
        case .double?: return "Double"
        case .character?: return "Character"
        default: return nil
        }
    }
}
