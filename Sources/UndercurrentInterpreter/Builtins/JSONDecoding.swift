import Foundation

/// `JSONDecoder`: Foundation's own decoder parses the JSON and reports its errors, and script
/// values are built as Swift's synthesized `Decodable` conformances build them, with the same
/// container calls (`decode`, `decodeIfPresent` for optionals, a nested container per enum
/// case), so a failure is the `DecodingError` the compiled program throws, text for text.
///
/// A decoded dictionary keeps its keys sorted (Swift's order is its hash order, which changes
/// from run to run).

/// A script's `JSONDecoder`.
public final class JSONDecoderValue: NativeValue {
    let errors: CodingErrorTypes
    let dataType: TypeInfo

    init(typeInfo: TypeInfo, errors: CodingErrorTypes, dataType: TypeInfo) {
        self.errors = errors
        self.dataType = dataType
        super.init(typeInfo: typeInfo)
    }

    public override var description: String { "Foundation.JSONDecoder" }

    /// Checks that `type` names a type this decoder can decode (`decode(type:decoder:)`
    /// checks when the pipeline is built).
    public func validate(type: Value, interpreter: Interpreter, at location: SourceLocation) throws {
        _ = try interpreter.codingShape(ofTypeValue: type, at: location)
    }

    /// `decode(_:from:)`: a value of the type `type` names. A `DecodingError` is thrown as the
    /// script's own error value, which `do`/`catch` catches.
    public func decode(
        _ type: Value, from data: Value, interpreter: Interpreter,
        at location: SourceLocation
    ) throws -> Value {
        guard let bytes = dataBytes(data) else {
            throw ScriptError.runtime("decode needs Data, got \(Formatter.typeName(of: data))", at: location)
        }
        let shape = try interpreter.codingShape(ofTypeValue: type, at: location)
        let session = DecodingSession(interpreter: interpreter, location: location)
        let decoder = Foundation.JSONDecoder()
        decoder.userInfo[DecodingSession.key] = session
        do {
            switch shape {
            // At the top level, Foundation answers for its own types directly.
            case .int: return .int(try decoder.decode(Int.self, from: Data(bytes)))
            case .double: return .double(try decoder.decode(Double.self, from: Data(bytes)))
            case .float: return .double(widened(try decoder.decode(Float.self, from: Data(bytes))))
            case .bool: return .bool(try decoder.decode(Bool.self, from: Data(bytes)))
            case .string: return .string(try decoder.decode(String.self, from: Data(bytes)))
            default:
                session.pending = shape
                return try decoder.decode(Value.self, from: Data(bytes))
            }
        } catch {
            if let scriptError = errors.scriptValue(of: error, interpreter: interpreter) {
                throw ThrownValue(scriptError, at: location)
            }
            throw error
        }
    }
}

/// A `Float` as the interpreter holds it: the Double its text reads as (`0.1`, not
/// `0.10000000149011612`), since a script's Float is a Double here.
private func widened(_ number: Float) -> Double { Double(number.description) ?? Double(number) }

/// What `Value.init(from:)` needs: the interpreter, and the shape the caller asked for.
/// Decoding is synchronous, so one slot passes the shape from a container call to the
/// `init(from:)` it leads to.
final class DecodingSession: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "undercurrent.decoding")!

    unowned let interpreter: Interpreter
    let location: SourceLocation
    var pending: CodingShape?
    var depth = 0

    init(interpreter: Interpreter, location: SourceLocation) {
        self.interpreter = interpreter
        self.location = location
    }

    /// Runs `body` (a container call that decodes a `Value`) with `shape` waiting for it.
    func expecting<T>(_ shape: CodingShape, _ body: () throws -> T) rethrows -> T {
        pending = shape
        defer { pending = nil }
        return try body()
    }

    // MARK: - Values, as the standard library's init(from:) methods decode them

    func decode(_ shape: CodingShape, from decoder: any Decoder) throws -> Value {
        try interpreter.tick(location)
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else {
            throw ScriptError.runtime("decoding nested more than 512 levels deep", at: location)
        }
        switch shape {
        case .int, .double, .float, .bool, .string, .data:
            return try single(shape, try decoder.singleValueContainer())
        case .optional(let wrapped):
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { return .optional(nil) }
            return .optional(try single(wrapped, container))
        case .array(let element):
            return .array(try elements(element, from: decoder))
        case .set(let element):
            return .set(OrderedSet(try elements(element, from: decoder)))
        case .dictionary(let key, let value):
            return try dictionary(key: key, value: value, from: decoder)
        case .fixedWidth(let integer):
            return try integer.decode(from: try decoder.singleValueContainer())
        case .script(let type, let generics):
            guard type.kind == .enumType else { return try object(type, generics: generics, from: decoder) }
            guard interpreter.conformsToCoding(type, encoding: false) else {
                throw ScriptError.runtime(
                    "'\(type.name)' does not conform to Decodable", at: location,
                    notes: ["declare it `: Codable` (or `: Decodable`)"])
            }
            if type.initializers.contains(where: { $0.isScript("init(from:)") }) {
                throw ScriptError.unsupported(
                    "a custom init(from:) (in '\(type.name)') is not supported yet; Undercurrent decodes with the synthesized conformance only",
                    at: location)
            }
            return type.rawValueTypeName != nil
                ? try rawEnum(type, from: decoder)
                : try payloadEnum(type, generics: generics, from: decoder)
        }
    }

    private func single(_ shape: CodingShape, _ container: any SingleValueDecodingContainer) throws -> Value {
        switch shape {
        case .int: return .int(try container.decode(Int.self))
        case .double: return .double(try container.decode(Double.self))
        case .float: return .double(widened(try container.decode(Float.self)))
        case .bool: return .bool(try container.decode(Bool.self))
        case .string: return .string(try container.decode(String.self))
        case .data: return try dataValue(try container.decode(Data.self))
        default: return try expecting(shape) { try container.decode(Value.self) }
        }
    }

    private func dataValue(_ data: Data) throws -> Value {
        guard let type = interpreter.typeNamed("Data") else { return .array(data.map { .int(Int($0)) }) }
        return .native(DataValue(typeInfo: type, bytes: Array(data)))
    }

    /// `Array.init(from:)`: an unkeyed container, each element decoded in turn.
    private func elements(_ element: CodingShape, from decoder: any Decoder) throws -> [Value] {
        var container = try decoder.unkeyedContainer()
        var values: [Value] = []
        while !container.isAtEnd {
            values.append(try expecting(element) { try container.decode(Value.self) })
        }
        try interpreter.checkSize(values.count, "an array", at: location)
        return values
    }

    /// `Dictionary.init(from:)`: String and Int keys from an object (kept sorted), other keys
    /// from an array of key, value, key, value…
    private func dictionary(key: CodingShape, value: CodingShape, from decoder: any Decoder) throws -> Value {
        var result = OrderedDictionary()
        switch key {
        case .string, .int:
            let container = try decoder.container(keyedBy: DictionaryCodingKey.self)
            for codingKey in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                let keyValue: Value
                if case .int = key {
                    guard let number = codingKey.intValue else {
                        throw DecodingError.typeMismatch(
                            Int.self,
                            DecodingError.Context(
                                codingPath: container.codingPath + [codingKey],
                                debugDescription: "Expected Int key but found String key instead."))
                    }
                    keyValue = .int(number)
                } else {
                    keyValue = .string(codingKey.stringValue)
                }
                result[keyValue] = try expecting(value) { try container.decode(Value.self, forKey: codingKey) }
            }
        default:
            var container = try decoder.unkeyedContainer()
            if let count = container.count, count % 2 != 0 {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "Expected collection of key-value pairs; encountered odd-length array instead."))
            }
            while !container.isAtEnd {
                let keyValue = try expecting(key) { try container.decode(Value.self) }
                guard !container.isAtEnd else {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: decoder.codingPath,
                            debugDescription: "Unkeyed container reached end before value in key-value pair."))
                }
                result[keyValue] = try expecting(value) { try container.decode(Value.self) }
            }
        }
        return .dictionary(result)
    }

    // MARK: - Script types, as synthesized init(from:) methods decode them

    /// A struct or class: each coded property from the keyed container, in `CodingKeys`
    /// order; then the instance, with every other property at its initial value.
    private func object(_ type: TypeInfo, generics: [String: CodingShape], from decoder: any Decoder) throws -> Value {
        let plan = try interpreter.codingPlan(for: type, encoding: false, at: location)
        let container = try decoder.container(keyedBy: ScriptCodingKey.self)
        var decoded: [(name: String, value: Value)] = []
        for field in plan.fields where field.isDecoded {
            let shape = try interpreter.codingShape(of: field, in: (plan.declaring, generics), at: location)
            decoded.append((field.name, try keyed(shape, container, field.key)))
        }
        var instance = try interpreter.makeInstance(of: type, at: location)
        for (name, value) in decoded {
            try interpreter.setMember(of: &instance, name, to: value, inInitializer: true, at: location)
        }
        return instance
    }

    /// `decode(T.self, forKey:)`, or `decodeIfPresent` for an optional.
    private func keyed(
        _ shape: CodingShape, _ container: KeyedDecodingContainer<ScriptCodingKey>,
        _ key: ScriptCodingKey
    ) throws -> Value {
        switch shape {
        case .int: return .int(try container.decode(Int.self, forKey: key))
        case .double: return .double(try container.decode(Double.self, forKey: key))
        case .float: return .double(widened(try container.decode(Float.self, forKey: key)))
        case .bool: return .bool(try container.decode(Bool.self, forKey: key))
        case .string: return .string(try container.decode(String.self, forKey: key))
        case .data: return try dataValue(try container.decode(Data.self, forKey: key))
        case .optional(let wrapped):
            switch wrapped {
            case .int: return .optional(try container.decodeIfPresent(Int.self, forKey: key).map(Value.int))
            case .double: return .optional(try container.decodeIfPresent(Double.self, forKey: key).map(Value.double))
            case .float:
                return .optional(try container.decodeIfPresent(Float.self, forKey: key).map { .double(widened($0)) })
            case .bool: return .optional(try container.decodeIfPresent(Bool.self, forKey: key).map(Value.bool))
            case .string: return .optional(try container.decodeIfPresent(String.self, forKey: key).map(Value.string))
            case .data:
                guard let data = try container.decodeIfPresent(Data.self, forKey: key) else { return .optional(nil) }
                return .optional(try dataValue(data))
            default:
                return .optional(try expecting(wrapped) { try container.decodeIfPresent(Value.self, forKey: key) })
            }
        default:
            return try expecting(shape) { try container.decode(Value.self, forKey: key) }
        }
    }

    /// `RawRepresentable`'s `init(from:)`: the raw value, then the case that has it.
    private func rawEnum(_ type: TypeInfo, from decoder: any Decoder) throws -> Value {
        let container = try decoder.singleValueContainer()
        let rawTypeName = type.rawValueTypeName ?? "Int"
        let raw: Value
        switch rawTypeName {
        case "String": raw = .string(try container.decode(String.self))
        case "Double": raw = .double(try container.decode(Double.self))
        case "Character":
            let text = try container.decode(String.self)
            raw = text.count == 1 ? .character(text.first!) : .string(text)
        default: raw = .int(try container.decode(Int.self))
        }
        if let index = type.cases.firstIndex(where: {
            $0.rawValue.map { ValueEquality.structurallyEqual($0, raw) } ?? false
        }) {
            return .enumValue(EnumValue(type: type, caseIndex: index, payload: []))
        }
        let shortName = type.name.split(separator: ".").last.map(String.init) ?? type.name
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription:
                    "Cannot initialize \(shortName) from invalid \(rawTypeName) value \(Formatter.describe(raw, debug: false))"
            ))
    }

    /// An enum without raw values: `{"case": {"label": value, "_1": value}}`, exactly one key.
    private func payloadEnum(_ type: TypeInfo, generics: [String: CodingShape], from decoder: any Decoder) throws
        -> Value
    {
        let container = try decoder.container(keyedBy: ScriptCodingKey.self)
        let caseKeys = type.cases.indices.map { type.codingKey(ofCase: $0) }
        let found = container.allKeys.compactMap { key in caseKeys.firstIndex { $0.stringValue == key.stringValue } }
        guard found.count == 1, let caseIndex = found.first else {
            throw ScriptTypeMismatch(
                type: type,
                context: DecodingError.Context(
                    codingPath: container.codingPath, debugDescription: "Invalid number of keys found, expected one."))
        }
        let payloadKeys = type.payloadCodingKeys(ofCase: caseIndex)
        let nested = try container.nestedContainer(keyedBy: ScriptCodingKey.self, forKey: caseKeys[caseIndex])
        var payload: [Value] = []
        for (position, payloadType) in type.cases[caseIndex].associatedTypes.enumerated() {
            let shape = try interpreter.codingShape(of: payloadType, owner: type, generics: generics, at: location)
            payload.append(try keyed(shape, nested, payloadKeys[position]))
        }
        return .enumValue(EnumValue(type: type, caseIndex: caseIndex, payload: payload))
    }
}

/// Values decode through Foundation's decoder: the shape to build waits in the session
/// (`DecodingSession.pending`), which the decoder's `userInfo` carries.
extension Value: Decodable {
    public init(from decoder: any Decoder) throws {
        guard let session = decoder.userInfo[DecodingSession.key] as? DecodingSession,
            let shape = session.pending
        else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "script values are decoded by the script's JSONDecoder, not by a Swift Decoder"))
        }
        session.pending = nil
        self = try session.decode(shape, from: decoder)
    }
}
