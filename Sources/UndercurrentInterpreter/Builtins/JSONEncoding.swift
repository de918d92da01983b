/// `JSONEncoder`: encodes script values as Swift's synthesized `Encodable` conformances and
/// Foundation's encoder do, byte for byte: numbers, escaping (`/` as `\/` unless
/// `.withoutEscapingSlashes`), `.prettyPrinted` (`"key" : value`, two-space indents, empty
/// containers on three lines) and `.sortedKeys`.
///
/// Without `.sortedKeys` Foundation writes an object's keys in hash order, which changes from
/// run to run; Undercurrent writes them in declaration order (the `CodingKeys` order), and a
/// dictionary's keys in its insertion order.

/// `JSONEncoder.OutputFormatting`: an option set.
final class OutputFormattingValue: NativeValue {
    static let prettyPrinted = 1
    static let sortedKeys = 2
    static let withoutEscapingSlashes = 8

    let rawValue: Int

    init(typeInfo: TypeInfo, rawValue: Int) {
        self.rawValue = rawValue
        super.init(typeInfo: typeInfo)
    }

    override var description: String { "OutputFormatting(rawValue: \(rawValue))" }
    override var debugDescription: String { "Foundation.JSONEncoder.OutputFormatting(rawValue: \(rawValue))" }

    override func isEqual(to other: NativeValue) -> Bool? {
        (other as? OutputFormattingValue).map { $0.rawValue == rawValue }
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// A script's `JSONEncoder`: a class, so `encoder.outputFormatting = …` changes it in place.
public final class JSONEncoderValue: NativeValue {
    var outputFormatting = 0
    let errors: CodingErrorTypes
    let dataType: TypeInfo

    init(typeInfo: TypeInfo, errors: CodingErrorTypes, dataType: TypeInfo) {
        self.errors = errors
        self.dataType = dataType
        super.init(typeInfo: typeInfo)
    }

    public override var description: String { "Foundation.JSONEncoder" }

    /// `encode(_:)`: the JSON as `Data`. A value JSON cannot hold (`Double.nan`) throws the
    /// script's `EncodingError`; a type the synthesized conformance cannot code is a script error.
    public func encode(_ value: Value, interpreter: Interpreter, at location: SourceLocation) throws -> Value {
        let tree: JSONTree
        do {
            tree = try JSONTreeBuilder(interpreter: interpreter, location: location).tree(of: value)
        } catch {
            if let scriptError = errors.scriptValue(of: error, interpreter: interpreter) {
                throw ThrownValue(scriptError, at: location)
            }
            throw error
        }
        var writer = JSONWriter(options: outputFormatting)
        writer.write(tree, depth: 0)
        try interpreter.checkSize(writer.output.utf8.count, "a string", at: location)
        return .native(DataValue(typeInfo: dataType, bytes: Array(writer.output.utf8)))
    }
}

/// A JSON document before it is written out; objects keep their keys in order.
indirect enum JSONTree {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([(key: String, value: JSONTree)])
}

/// Walks a script value as the synthesized `encode(to:)` methods would.
private final class JSONTreeBuilder {
    let interpreter: Interpreter
    let location: SourceLocation
    var codingPath: [any CodingKey] = []

    init(interpreter: Interpreter, location: SourceLocation) {
        self.interpreter = interpreter
        self.location = location
    }

    func tree(of value: Value) throws -> JSONTree {
        try interpreter.tick(location)
        guard codingPath.count < 512 else {
            throw ScriptError.runtime(
                "encoding nested more than 512 levels deep (do class instances refer to each other in a cycle?)",
                at: location)
        }
        switch value.loaded {
        case .int(let number):
            return .number(String(number))
        case .double(let number):
            guard number.isFinite else {
                throw EncodingError.invalidValue(
                    number,
                    EncodingError.Context(
                        codingPath: codingPath, debugDescription: "Unable to encode Double.\(number) directly in JSON.")
                )
            }
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            return .number(text)
        case .bool(let flag):
            return .bool(flag)
        case .string(let text):
            return .string(text)
        case .optional(let wrapped):
            guard let wrapped else { return .null }
            return try tree(of: wrapped)
        case .array(let elements):
            return .array(try elementTrees(elements))
        case .set(let set):
            return .array(try elementTrees(set.elements))
        case .dictionary(let dictionary):
            return try dictionaryTree(dictionary)
        case .structValue(let structValue):
            return try objectTree(of: value, type: structValue.type)
        case .object(let object):
            return try objectTree(of: value, type: object.type)
        case .enumValue(let enumValue):
            return try enumTree(enumValue)
        case .native(let data as DataValue):
            return .string(data.base64)
        case .scalar(let scalar) where scalar.type is FixedWidthIntegerType:
            return .number(scalar.type.description(of: scalar.bits))
        default:
            throw ScriptError.runtime("a value of type \(Formatter.typeName(of: value)) is not Encodable", at: location)
        }
    }

    private func elementTrees(_ elements: [Value]) throws -> [JSONTree] {
        var trees: [JSONTree] = []
        trees.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            codingPath.append(ScriptCodingKey.index(index))
            defer { codingPath.removeLast() }
            trees.append(try tree(of: element))
        }
        return trees
    }

    /// String and Int keys make an object, other keys an array of key, value, key, value…
    private func dictionaryTree(_ dictionary: OrderedDictionary) throws -> JSONTree {
        let keyTexts: [String]? =
            dictionary.keys.allSatisfy({ if case .string = $0 { return true } else { return false } })
            ? dictionary.keys.map { text($0) }
            : dictionary.keys.allSatisfy({ if case .int = $0 { return true } else { return false } })
                ? dictionary.keys.map { if case .int(let number) = $0 { return String(number) } else { return "" } }
                : nil
        guard let keyTexts else {
            var trees: [JSONTree] = []
            for (index, (key, element)) in dictionary.pairs.enumerated() {
                codingPath.append(ScriptCodingKey.index(2 * index))
                trees.append(try tree(of: key))
                codingPath.removeLast()
                codingPath.append(ScriptCodingKey.index(2 * index + 1))
                trees.append(try tree(of: element))
                codingPath.removeLast()
            }
            return .array(trees)
        }
        var members: [(key: String, value: JSONTree)] = []
        for (keyText, element) in zip(keyTexts, dictionary.values) {
            codingPath.append(DictionaryCodingKey(stringValue: keyText)!)
            defer { codingPath.removeLast() }
            members.append((keyText, try tree(of: element)))
        }
        return .object(members)
    }

    /// A struct or class: its coded properties, a nil optional left out (`encodeIfPresent`).
    private func objectTree(of value: Value, type: TypeInfo) throws -> JSONTree {
        let plan = try interpreter.codingPlan(for: type, encoding: true, at: location)
        interpreter.callDepth += 1
        defer { interpreter.callDepth -= 1 }
        try interpreter.checkCallDepth(at: location)
        var members: [(key: String, value: JSONTree)] = []
        for field in plan.fields {
            let property = try interpreter.readField(of: value, field.index, at: location)
            if case .optional(nil) = property { continue }
            codingPath.append(field.key)
            defer { codingPath.removeLast() }
            members.append((field.key.stringValue, try tree(of: property)))
        }
        return .object(members)
    }

    /// An enum with raw values codes its raw value; another codes `{"case": {payload}}`.
    private func enumTree(_ value: EnumValue) throws -> JSONTree {
        let type = value.type
        guard interpreter.conformsToCoding(type, encoding: true) else {
            throw ScriptError.runtime(
                "'\(type.name)' does not conform to Encodable", at: location,
                notes: ["declare it `: Codable` (or `: Encodable`)"])
        }
        if type.instanceMembers["encode"]?.contains(where: { $0.isScriptMethod("encode(to:)") }) == true {
            throw ScriptError.unsupported(
                "a custom encode(to:) (in '\(type.name)') is not supported yet; Undercurrent encodes with the synthesized conformance only",
                at: location)
        }
        if let raw = value.caseInfo.rawValue {
            if case .character(let character) = raw { return .string(String(character)) }
            return try tree(of: raw)
        }
        let caseKey = type.codingKey(ofCase: value.caseIndex)
        let payloadKeys = type.payloadCodingKeys(ofCase: value.caseIndex)
        codingPath.append(caseKey)
        defer { codingPath.removeLast() }
        var members: [(key: String, value: JSONTree)] = []
        for (key, element) in zip(payloadKeys, value.payload) {
            if case .optional(nil) = element.loaded { continue }
            codingPath.append(key)
            defer { codingPath.removeLast() }
            members.append((key.stringValue, try tree(of: element)))
        }
        return .object([(caseKey.stringValue, .object(members))])
    }
}

/// Writes JSON text exactly as Foundation's `JSONEncoder` does on Linux.
struct JSONWriter {
    let pretty: Bool
    let sorted: Bool
    let escapesSlashes: Bool
    private(set) var output = ""

    init(options: Int) {
        pretty = options & OutputFormattingValue.prettyPrinted != 0
        sorted = options & OutputFormattingValue.sortedKeys != 0
        escapesSlashes = options & OutputFormattingValue.withoutEscapingSlashes == 0
    }

    mutating func write(_ tree: JSONTree, depth: Int) {
        switch tree {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): writeString(text)
        case .array(let elements):
            writeContainer("[", "]", elements.count, depth) { writer, index in
                writer.write(elements[index], depth: depth + 1)
            }
        case .object(let members):
            let ordered = sorted ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            writeContainer("{", "}", ordered.count, depth) { writer, index in
                writer.writeString(ordered[index].key)
                writer.output += writer.pretty ? " : " : ":"
                writer.write(ordered[index].value, depth: depth + 1)
            }
        }
    }

    private mutating func writeContainer(
        _ open: String, _ close: String, _ count: Int, _ depth: Int,
        _ element: (inout JSONWriter, Int) -> Void
    ) {
        output += open
        guard pretty else {
            for index in 0..<count {
                if index > 0 { output += "," }
                element(&self, index)
            }
            output += close
            return
        }
        output += "\n"
        if count == 0 { output += "\n" }
        for index in 0..<count {
            if index > 0 { output += ",\n" }
            output += String(repeating: "  ", count: depth + 1)
            element(&self, index)
        }
        if count > 0 { output += "\n" }
        output += String(repeating: "  ", count: depth) + close
    }

    private mutating func writeString(_ text: String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "/": output += escapesSlashes ? "\\/" : "/"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

/// Combine's `encode(encoder:)` needs `Encodable` outputs; script values are encoded by
/// `JSONEncoderValue`, never through a Swift `Encoder`, so this conformance only refuses.
extension Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            self,
            EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "script values are encoded by the script's JSONEncoder, not by a Swift Encoder"))
    }
}
