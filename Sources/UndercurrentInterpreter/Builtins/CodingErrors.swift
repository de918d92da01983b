import Foundation

/// `DecodingError` and `EncodingError` as scripts see them: enums whose cases match in
/// `catch DecodingError.keyNotFound(let key, let context)`, carrying the `Context` (its
/// `codingPath`, `debugDescription`, `underlyingError`) and the coding key. They print what
/// the standard library prints for the real error (`DecodingError.keyNotFound: Key 'age'
/// not found in keyed decoding container. …`), because they are made from one.

/// `DecodingError.typeMismatch` naming a script type (an enum whose JSON object has not
/// exactly one key). Swift's error needs a Swift type, so a placeholder stands in and its
/// name is replaced in the texts.
struct ScriptTypeMismatch: Error, @unchecked Sendable {
    let type: TypeInfo
    let context: DecodingError.Context
}

private enum UndercurrentScriptType {}

/// A `DecodingError.Context` / `EncodingError.Context`, with the texts of the error it belongs to.
final class CodingContextValue: NativeValue {
    let codingPath: [any CodingKey]
    let message: String
    let underlyingError: (any Error)?
    let plainText: String
    let debugText: String
    /// The whole error's `description` and `localizedDescription`.
    let errorDescription: String
    let localizedDescription: String

    init(
        typeInfo: TypeInfo, codingPath: [any CodingKey], message: String, underlyingError: (any Error)?,
        plainText: String, debugText: String, errorDescription: String, localizedDescription: String
    ) {
        self.codingPath = codingPath
        self.message = message
        self.underlyingError = underlyingError
        self.plainText = plainText
        self.debugText = debugText
        self.errorDescription = errorDescription
        self.localizedDescription = localizedDescription
        super.init(typeInfo: typeInfo)
    }

    override var description: String { plainText }
    override var debugDescription: String { debugText }
}

/// A coding key in an error's `codingPath` or `keyNotFound`: prints as Swift prints it.
final class CodingKeyValue: NativeValue {
    let key: any CodingKey

    init(typeInfo: TypeInfo, key: any CodingKey) {
        self.key = key
        super.init(typeInfo: typeInfo)
    }

    override var description: String { key.description }
    override var debugDescription: String { key.debugDescription }
}

/// An error that is not a script value (a context's `underlyingError`).
final class OpaqueErrorValue: NativeValue {
    let error: any Error

    init(typeInfo: TypeInfo, error: any Error) {
        self.error = error
        super.init(typeInfo: typeInfo)
    }

    override var description: String { String(describing: error) }
    override var debugDescription: String { String(reflecting: error) }
}

/// The script types of coding errors; made once per interpreter (Coding.swift).
final class CodingErrorTypes {
    let decodingError = TypeInfo(name: "DecodingError", kind: .enumType, qualifiedName: "Swift.DecodingError")
    let decodingContext = TypeInfo(
        name: "DecodingError.Context", kind: .builtin,
        qualifiedName: "Swift.DecodingError.Context")
    let encodingError = TypeInfo(name: "EncodingError", kind: .enumType, qualifiedName: "Swift.EncodingError")
    let encodingContext = TypeInfo(
        name: "EncodingError.Context", kind: .builtin,
        qualifiedName: "Swift.EncodingError.Context")
    /// The `CodingKey` protocol: the type of the keys in errors, with `stringValue` and `intValue`.
    private(set) var codingKey = TypeInfo(name: "CodingKey", kind: .protocolType)
    let opaqueError = TypeInfo(name: "Error", kind: .builtin, qualifiedName: "Swift.Error")

    func register(in interpreter: Interpreter) {
        let anyType = TypeRef.simple("Any")
        let context = TypeRef.named(["DecodingError", "Context"], [])
        for (name, first) in [
            ("typeMismatch", anyType), ("valueNotFound", anyType), ("keyNotFound", TypeRef.simple("CodingKey")),
        ] {
            decodingError.addEnumCase(
                EnumCaseInfo(name: name, associatedLabels: [nil, nil], associatedTypes: [first, context]))
        }
        decodingError.addEnumCase(
            EnumCaseInfo(name: "dataCorrupted", associatedLabels: [nil], associatedTypes: [context]))
        encodingError.addEnumCase(
            EnumCaseInfo(
                name: "invalidValue", associatedLabels: [nil, nil],
                associatedTypes: [anyType, .named(["EncodingError", "Context"], [])]))
        for (error, contextType) in [(decodingError, decodingContext), (encodingError, encodingContext)] {
            error.conformances = ["Error", "CustomStringConvertible", "CustomDebugStringConvertible"]
            error.nestedTypes["Context"] = contextType
            interpreter.registerType(error)
            interpreter.registerType(contextType)
            for (name, text) in [
                ("description", \CodingContextValue.errorDescription),
                ("debugDescription", \CodingContextValue.errorDescription),
                ("localizedDescription", \CodingContextValue.localizedDescription),
            ] {
                error.property(name) { _, value in
                    guard case .enumValue(let enumValue) = value,
                        case .native(let context as CodingContextValue)? = enumValue.payload.last
                    else {
                        return .string(Formatter.describe(value, debug: false))
                    }
                    return .string(context[keyPath: text])
                }
            }
            contextType.property("debugDescription") { _, value in
                guard case .native(let context as CodingContextValue) = value else { return .string("") }
                return .string(context.message)
            }
            contextType.property("codingPath") { [unowned self] _, value in
                guard case .native(let context as CodingContextValue) = value else { return .array([]) }
                return .array(context.codingPath.map(self.keyValue))
            }
            contextType.property("underlyingError") { [opaqueError] _, value in
                guard case .native(let context as CodingContextValue) = value,
                    let underlying = context.underlyingError
                else { return .optional(nil) }
                return .optional(.native(OpaqueErrorValue(typeInfo: opaqueError, error: underlying)))
            }
        }
        if let existing = interpreter.typeNamed("CodingKey") {
            codingKey = existing
        } else {
            interpreter.registerType(codingKey)
        }
        let keyProtocol = codingKey
        // `stringValue` and `intValue` of a key: a library key, or a script `CodingKeys` case.
        keyProtocol.property("stringValue") { _, value in
            switch value {
            case .native(let key as CodingKeyValue): return .string(key.key.stringValue)
            case .enumValue(let key):
                if case .string(let raw)? = key.caseInfo.rawValue { return .string(raw) }
                return .string(key.caseName)
            default: return .string(Formatter.describe(value, debug: false))
            }
        }
        keyProtocol.property("intValue") { _, value in
            switch value {
            case .native(let key as CodingKeyValue): return .optional(key.key.intValue.map(Value.int))
            case .enumValue(let key):
                if case .int(let raw)? = key.caseInfo.rawValue { return .optional(.int(raw)) }
                return .optional(nil)
            default: return .optional(nil)
            }
        }
    }

    func keyValue(_ key: any CodingKey) -> Value {
        .native(CodingKeyValue(typeInfo: codingKey, key: key))
    }

    /// A context value from Swift's context (passed as itself, for its printed forms).
    private func context<Context>(
        _ context: Context, codingPath: [any CodingKey], message: String,
        underlyingError: (any Error)?, of error: any Error, type: TypeInfo,
        rename: String? = nil
    ) -> Value {
        func renamed(_ text: String) -> String {
            guard let rename else { return text }
            return text.replacingOccurrences(of: String(describing: UndercurrentScriptType.self), with: rename)
        }
        return .native(
            CodingContextValue(
                typeInfo: type, codingPath: codingPath, message: message, underlyingError: underlyingError,
                plainText: String(describing: context), debugText: String(reflecting: context),
                errorDescription: renamed(String(describing: error)), localizedDescription: error.localizedDescription))
    }

    private func context(_ details: DecodingError.Context, of error: any Error, rename: String? = nil) -> Value {
        context(
            details, codingPath: details.codingPath, message: details.debugDescription,
            underlyingError: details.underlyingError, of: error, type: decodingContext, rename: rename)
    }

    // MARK: - Swift errors as script values

    /// The script value of a coding error from Foundation or from the decoder here; nil for
    /// any other error (a script error, Ctrl-C), which is passed on as it is.
    func scriptValue(of error: any Error, interpreter: Interpreter) -> Value? {
        if let mismatch = error as? ScriptTypeMismatch {
            let swiftError = DecodingError.typeMismatch(UndercurrentScriptType.self, mismatch.context)
            let shortName = mismatch.type.name.split(separator: ".").last.map(String.init) ?? mismatch.type.name
            return decodingError.caseValue(
                "typeMismatch",
                payload: [
                    .metatype(Metatype(type: mismatch.type)),
                    context(mismatch.context, of: swiftError, rename: shortName),
                ])
        }
        if let error = error as? DecodingError {
            switch error {
            case .typeMismatch(let type, let details):
                return decodingError.caseValue(
                    "typeMismatch",
                    payload: [
                        metatypeValue(type, interpreter), context(details, of: error),
                    ])
            case .valueNotFound(let type, let details):
                return decodingError.caseValue(
                    "valueNotFound",
                    payload: [
                        metatypeValue(type, interpreter), context(details, of: error),
                    ])
            case .keyNotFound(let key, let details):
                return decodingError.caseValue(
                    "keyNotFound",
                    payload: [
                        keyValue(key), context(details, of: error),
                    ])
            case .dataCorrupted(let details):
                return decodingError.caseValue("dataCorrupted", payload: [context(details, of: error)])
            @unknown default:
                return nil
            }
        }
        if let error = error as? EncodingError, case .invalidValue(let value, let details) = error {
            let scriptValue: Value = (value as? Double).map(Value.double) ?? .string(String(describing: value))
            let encodingDetails = context(
                details, codingPath: details.codingPath, message: details.debugDescription,
                underlyingError: details.underlyingError, of: error, type: encodingContext)
            return encodingError.caseValue("invalidValue", payload: [scriptValue, encodingDetails])
        }
        return nil
    }

    /// `Int.self`, `Dictionary<String, Any>.self`…: prints as Swift prints the type.
    private func metatypeValue(_ type: Any.Type, _ interpreter: Interpreter) -> Value {
        let builtins = interpreter.builtins
        let info: TypeInfo
        switch type {
        case is Int.Type: info = builtins.int
        case is Double.Type, is Float.Type: info = builtins.double
        case is String.Type: info = builtins.string
        case is Bool.Type: info = builtins.bool
        case is [String: Any].Type: info = builtins.dictionary
        case is [Any].Type: info = builtins.array
        default: info = builtins.any
        }
        let metatype = Metatype(type: info)
        metatype.spelling = (String(describing: type), String(reflecting: type))
        return .metatype(metatype)
    }
}
