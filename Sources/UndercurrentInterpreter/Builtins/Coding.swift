/// `Codable`: `JSONEncoder` and `JSONDecoder` for script types whose conformance Swift would
/// synthesize (CodingPlan.swift says what is coded), `Data` to hold the JSON (DataValue.swift),
/// and `DecodingError` / `EncodingError` to catch (CodingErrors.swift).
extension StandardLibrary {
    func installCoding(into interpreter: Interpreter) {
        installData(into: interpreter)
        guard let data = interpreter.typeNamed("Data") else { return }
        let errors = CodingErrorTypes()
        errors.register(in: interpreter)

        let formatting = TypeInfo(
            name: "JSONEncoder.OutputFormatting", kind: .builtin,
            qualifiedName: "Foundation.JSONEncoder.OutputFormatting")
        formatting.conformances = ["Equatable", "Hashable"]
        interpreter.registerType(formatting)
        for (name, bit) in [
            ("prettyPrinted", OutputFormattingValue.prettyPrinted),
            ("sortedKeys", OutputFormattingValue.sortedKeys),
            ("withoutEscapingSlashes", OutputFormattingValue.withoutEscapingSlashes),
        ] {
            formatting.property(name, isStatic: true) { [unowned formatting] _, _ in
                .native(OutputFormattingValue(typeInfo: formatting, rawValue: bit))
            }
        }
        formatting.property("rawValue") { _, value in
            guard case .native(let options as OutputFormattingValue) = value else { return .int(0) }
            return .int(options.rawValue)
        }
        formatting.method("contains(_:)", types: [.named(["JSONEncoder", "OutputFormatting"], [])]) { arguments in
            guard case .native(let options as OutputFormattingValue) = arguments.receiverValue else {
                return .bool(false)
            }
            let wanted = try outputFormatting(arguments[0], at: arguments.location)
            return .bool(options.rawValue & wanted == wanted)
        }

        let encoder = TypeInfo(name: "JSONEncoder", kind: .builtin, qualifiedName: "Foundation.JSONEncoder")
        interpreter.registerType(encoder)
        encoder.nestedTypes["OutputFormatting"] = formatting
        encoder.initializers = [
            .native(
                NativeFunction("init()") { [unowned encoder] _ in
                    .native(JSONEncoderValue(typeInfo: encoder, errors: errors, dataType: data))
                })
        ]
        encoder.addNativeProperty(
            "outputFormatting",
            NativeProperty(
                get: { [unowned formatting] _, value in
                    guard case .native(let encoder as JSONEncoderValue) = value else { return .void }
                    return .native(OutputFormattingValue(typeInfo: formatting, rawValue: encoder.outputFormatting))
                },
                set: { _, value, newValue in
                    guard case .native(let encoder as JSONEncoderValue) = value else { return }
                    encoder.outputFormatting = try outputFormatting(newValue, at: .unknown)
                }))
        encoder.method("encode(_:)") { arguments in
            guard case .native(let encoder as JSONEncoderValue) = arguments.receiverValue else { return .void }
            return try encoder.encode(arguments[0], interpreter: arguments.interpreter, at: arguments.location)
        }

        let decoder = TypeInfo(name: "JSONDecoder", kind: .builtin, qualifiedName: "Foundation.JSONDecoder")
        interpreter.registerType(decoder)
        decoder.initializers = [
            .native(
                NativeFunction("init()") { [unowned decoder] _ in
                    .native(JSONDecoderValue(typeInfo: decoder, errors: errors, dataType: data))
                })
        ]
        decoder.method("decode(_:from:)") { arguments in
            guard case .native(let decoder as JSONDecoderValue) = arguments.receiverValue else { return .void }
            return try decoder.decode(
                arguments[0], from: arguments[1], interpreter: arguments.interpreter,
                at: arguments.location)
        }
    }
}

/// An `OutputFormatting` from `.prettyPrinted` or an array literal `[.sortedKeys, .prettyPrinted]`.
private func outputFormatting(_ value: Value, at location: SourceLocation) throws -> Int {
    switch value.loaded {
    case .native(let options as OutputFormattingValue): return options.rawValue
    case .array(let elements): return try elements.reduce(0) { $0 | (try outputFormatting($1, at: location)) }
    case .set(let set): return try set.elements.reduce(0) { $0 | (try outputFormatting($1, at: location)) }
    default:
        throw ScriptError.runtime(
            "outputFormatting takes JSONEncoder.OutputFormatting options (.prettyPrinted, .sortedKeys, .withoutEscapingSlashes)",
            at: location)
    }
}
