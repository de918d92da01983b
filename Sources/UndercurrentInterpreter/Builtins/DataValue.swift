/// Foundation's `Data`, as far as JSON coding needs it: bytes that print as `N bytes`,
/// made from a string's UTF-8 (`Data("…".utf8)`, `"…".data(using: .utf8)`) and read back
/// (`String(data:encoding:)`, `String(decoding:as:)`). Also `String.Encoding.utf8`,
/// `String.utf8` and `UTF8.self`.
public final class DataValue: NativeValue, IterableNativeValue {
    public let bytes: [UInt8]

    init(typeInfo: TypeInfo, bytes: [UInt8]) {
        self.bytes = bytes
        super.init(typeInfo: typeInfo)
    }

    public override var description: String { "\(bytes.count) bytes" }

    public override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? DataValue else { return nil }
        return bytes == other.bytes
    }

    public override func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    public func makeIterator(interpreter: Interpreter, at location: SourceLocation) throws -> ValueIterator {
        var index = 0
        let bytes = self.bytes
        return ValueIterator {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return .int(Int(bytes[index]))
        }
    }

    /// The bytes as standard Base64 with padding, as `base64EncodedString()` and JSON write them.
    var base64: String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var word = 0
            for (offset, byte) in chunk.enumerated() { word |= Int(byte) << (16 - 8 * offset) }
            for position in 0..<4 {
                if position <= chunk.count {
                    output.append(alphabet[(word >> (18 - 6 * position)) & 0x3F])
                } else {
                    output.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// `"…".utf8`: prints as the string, iterates its UTF-8 bytes as Ints.
final class UTF8ViewValue: NativeValue, IterableNativeValue {
    let text: String

    init(typeInfo: TypeInfo, text: String) {
        self.text = text
        super.init(typeInfo: typeInfo)
    }

    override var description: String { text }
    override var debugDescription: String { text.debugDescription }

    func makeIterator(interpreter: Interpreter, at location: SourceLocation) throws -> ValueIterator {
        var iterator = text.utf8.makeIterator()
        return ValueIterator { iterator.next().map { .int(Int($0)) } }
    }
}

/// A `String.Encoding`; only UTF-8 is provided, the others are named to refuse them.
final class StringEncodingValue: NativeValue {
    let name: String

    init(typeInfo: TypeInfo, name: String) {
        self.name = name
        super.init(typeInfo: typeInfo)
    }

    override var description: String { name == "utf8" ? "Unicode (UTF-8)" : "String.Encoding.\(name)" }
}

extension StandardLibrary {
    func installData(into interpreter: Interpreter) {
        let data = TypeInfo(name: "Data", kind: .builtin, qualifiedName: "Foundation.Data")
        data.conformances = ["Equatable", "Hashable", "Sequence", "Collection", "Codable"]
        interpreter.registerType(data)
        let encoding = TypeInfo(name: "String.Encoding", kind: .builtin, qualifiedName: "Foundation.String.Encoding")
        interpreter.registerType(encoding)
        let string = interpreter.builtins.string
        string.nestedTypes["Encoding"] = encoding
        for name in ["utf8", "ascii", "utf16", "utf32", "isoLatin1", "unicode", "nonLossyASCII", "windowsCP1252"] {
            encoding.property(name, isStatic: true) { [unowned encoding] _, _ in
                .native(StringEncodingValue(typeInfo: encoding, name: name))
            }
        }
        let utf8Codec = TypeInfo(name: "UTF8", kind: .builtin, qualifiedName: "Swift.Unicode.UTF8")
        interpreter.registerType(utf8Codec)
        let utf8View = TypeInfo(name: "String.UTF8View", kind: .builtin, qualifiedName: "Swift.String.UTF8View")
        utf8View.conformances = ["Sequence", "Collection"]
        interpreter.registerType(utf8View)
        if string.instanceMembers["utf8"] == nil {
            string.property("utf8") { [unowned utf8View] _, value in
                .native(UTF8ViewValue(typeInfo: utf8View, text: text(value)))
            }
        }

        data.initializers = [
            .native(NativeFunction("init()") { [unowned data] _ in .native(DataValue(typeInfo: data, bytes: [])) }),
            .native(
                NativeFunction("init(_:)") { [unowned data] arguments in
                    .native(DataValue(typeInfo: data, bytes: try byteArray(arguments[0], arguments)))
                }),
            .native(
                NativeFunction("init(base64Encoded:)") { [unowned data] arguments in
                    guard let bytes = decodeBase64(try arguments.string(0)) else { return .optional(nil) }
                    return .optional(.native(DataValue(typeInfo: data, bytes: bytes)))
                }),
        ]
        data.property("count") { _, value in .int(dataBytes(value)?.count ?? 0) }
        data.property("isEmpty") { _, value in .bool(dataBytes(value)?.isEmpty ?? true) }
        data.method("base64EncodedString()") { arguments in
            guard case .native(let value as DataValue) = arguments.receiverValue else { return .string("") }
            return .string(value.base64)
        }

        let encodingType = TypeRef.named(["String", "Encoding"], [])
        string.initializers.append(
            .native(
                NativeFunction("init(data:encoding:)", types: [nil, encodingType]) { arguments in
                    guard let bytes = dataBytes(arguments[0]) else {
                        throw ScriptError.runtime(
                            "String(data:encoding:) needs a Data value, got \(Formatter.typeName(of: arguments[0]))",
                            at: arguments.location)
                    }
                    try requireUTF8(arguments[1], arguments)
                    guard let decoded = String(validating: bytes, as: UTF8.self) else { return .optional(nil) }
                    return .optional(.string(decoded))
                }))
        string.initializers.append(
            .native(
                NativeFunction("init(decoding:as:)") { arguments in
                    guard case .metatype(let codec) = arguments[1], codec.type.name == "UTF8" else {
                        throw ScriptError.unsupported(
                            "String(decoding:as:) with a codec other than UTF8.self", at: arguments.location)
                    }
                    return .string(String(decoding: try byteArray(arguments[0], arguments), as: UTF8.self))
                }))
        string.method("data(using:)", types: [encodingType]) { [unowned data] arguments in
            try requireUTF8(arguments[0], arguments)
            return .optional(.native(DataValue(typeInfo: data, bytes: Array(text(arguments.receiverValue).utf8))))
        }
    }
}

extension Value {
    fileprivate var nativeObject: NativeValue? {
        if case .native(let native) = self { return native }
        return nil
    }
}

func dataBytes(_ value: Value) -> [UInt8]? {
    if case .native(let data as DataValue) = value.loaded { return data.bytes }
    return nil
}

private func requireUTF8(_ value: Value, _ arguments: NativeArguments) throws {
    guard case .native(let encoding as StringEncodingValue) = value, encoding.name == "utf8" else {
        let name =
            (value.nativeObject as? StringEncodingValue).map { ".\($0.name)" }
            ?? Formatter.describe(value, debug: false)
        throw ScriptError.unsupported(
            "the string encoding \(name) (Undercurrent provides .utf8)", at: arguments.location)
    }
}

/// Bytes from `Data`, `"…".utf8`, a String (its UTF-8) or a sequence of Ints in 0...255.
private func byteArray(_ value: Value, _ arguments: NativeArguments) throws -> [UInt8] {
    switch value.loaded {
    case .native(let data as DataValue): return data.bytes
    case .native(let view as UTF8ViewValue): return Array(view.text.utf8)
    case .string(let text): return Array(text.utf8)
    default:
        var bytes: [UInt8] = []
        for element in try arguments.interpreter.elements(of: value, at: arguments.location) {
            guard case .int(let number) = element, let byte = UInt8(exactly: number) else {
                throw ScriptError.runtime(
                    "Data(_:) needs bytes (Ints in 0...255), got \(Formatter.describe(element, debug: true))",
                    at: arguments.location)
            }
            bytes.append(byte)
        }
        return bytes
    }
}

/// Standard Base64 with padding; nil for anything else, as `Data(base64Encoded:)` answers.
private func decodeBase64(_ text: String) -> [UInt8]? {
    var values: [UInt8] = []
    var padding = 0
    for byte in text.utf8 {
        let value: UInt8
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): value = 62
        case UInt8(ascii: "/"): value = 63
        case UInt8(ascii: "="):
            padding += 1
            continue
        default: return nil
        }
        if padding > 0 { return nil }
        values.append(value)
    }
    guard (values.count + padding) % 4 == 0, padding <= 2 else { return nil }
    var bytes: [UInt8] = []
    var index = 0
    while index < values.count {
        let group = values[index..<min(index + 4, values.count)]
        var word = 0
        for (offset, value) in group.enumerated() { word |= Int(value) << (18 - 6 * offset) }
        for offset in 0..<(group.count - 1) { bytes.append(UInt8((word >> (16 - 8 * offset)) & 0xFF)) }
        index += 4
    }
    return bytes
}
