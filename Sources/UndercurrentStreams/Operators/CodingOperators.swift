import OpenCombine
import UndercurrentInterpreter

/// `encode(encoder:)` and `decode(type:decoder:)`: OpenCombine's own `Publishers.Encode` and
/// `Publishers.Decode`, given the script's `JSONEncoder` / `JSONDecoder` through a small
/// `TopLevelEncoder` / `TopLevelDecoder` adapter. A coding error ends the stream with
/// `.failure(error)`, the script's `EncodingError` / `DecodingError` value.
extension StreamBridge {
    func installCodingOperators() {
        addOperator("encode(encoder:)") { [unowned self] upstream, arguments in
            guard case .native(let encoder as JSONEncoderValue) = arguments[0].loaded else {
                throw ScriptError.unsupported(
                    "encode(encoder:) with an encoder other than JSONEncoder()", at: arguments.location)
            }
            let adapter = ScriptJSONEncoder(bridge: self, encoder: encoder, location: arguments.location)
            return upstream.with(
                { self.publisherValue(ScriptFailurePublisher(upstream: $0.encode(encoder: adapter))) },
                { self.publisherValue(ScriptFailurePublisher(upstream: $0.encode(encoder: adapter))) })
        }
        addOperator("decode(type:decoder:)") { [unowned self] upstream, arguments in
            guard case .native(let decoder as JSONDecoderValue) = arguments[1].loaded else {
                throw ScriptError.unsupported(
                    "decode(type:decoder:) with a decoder other than JSONDecoder()", at: arguments.location)
            }
            try decoder.validate(type: arguments[0], interpreter: self.interpreter, at: arguments.location)
            let adapter = ScriptJSONDecoder(
                bridge: self, decoder: decoder, type: arguments[0], location: arguments.location)
            return upstream.with(
                {
                    self.publisherValue(ScriptFailurePublisher(upstream: $0.decode(type: Value.self, decoder: adapter)))
                },
                { self.publisherValue(ScriptFailurePublisher(upstream: $0.decode(type: Value.self, decoder: adapter))) }
            )
        }
    }

    /// Runs a coding call for the engine: the script's coding error becomes the stream's
    /// failure; any other error (an unsupported type, Ctrl-C) is reported once control
    /// returns to the interpreter, and the stream fails meanwhile.
    fileprivate func coding(_ body: () throws -> Value) throws -> Value {
        guard !isShutDown, !interpreter.isAborting else { throw ScriptFailure(.void) }
        do {
            return try body()
        } catch let thrown as ThrownValue {
            throw ScriptFailure(thrown.value)
        } catch {
            interpreter.recordPendingError(error)
            throw ScriptFailure(.void)
        }
    }
}

/// The script's `JSONEncoder` as OpenCombine's `TopLevelEncoder`.
private struct ScriptJSONEncoder: TopLevelEncoder {
    typealias Output = Value
    unowned let bridge: StreamBridge
    let encoder: JSONEncoderValue
    let location: SourceLocation

    func encode<T: Encodable>(_ value: T) throws -> Value {
        try bridge.coding {
            guard let value = value as? Value else {
                throw ScriptError.runtime("encode(encoder:) received a value that is not the script's", at: location)
            }
            return try encoder.encode(value, interpreter: bridge.interpreter, at: location)
        }
    }
}

/// The script's `JSONDecoder` as OpenCombine's `TopLevelDecoder`; `type` is the script's
/// `Person.self`.
private struct ScriptJSONDecoder: TopLevelDecoder {
    typealias Input = Value
    unowned let bridge: StreamBridge
    let decoder: JSONDecoderValue
    let type: Value
    let location: SourceLocation

    func decode<T: Decodable>(_ type: T.Type, from data: Value) throws -> T {
        let decoded = try bridge.coding {
            try decoder.decode(self.type, from: data, interpreter: bridge.interpreter, at: location)
        }
        guard let result = decoded as? T else {
            bridge.interpreter.recordPendingError(
                ScriptError.runtime("decode(type:decoder:) produced a value of the wrong kind", at: location))
            throw ScriptFailure(.void)
        }
        return result
    }
}
