import OpenCombine
import UndercurrentInterpreter

/// `Record`: a publisher that plays back values and a completion recorded beforehand,
/// from `Record(output:completion:)`, from a closure that records them
/// (`Record { recording in … }`), or from a `Record.Recording` made first
/// (`Record(recording:)`); `record.recording` reads them back.
extension StreamBridge {
    func installRecord() {
        let recordingType = TypeInfo(name: "Record.Recording", kind: .builtin, qualifiedName: "Record.Recording")
        recordingType.addNativeMethod(
            NativeFunction("receive(_:)") { arguments in
                try Self.recording(arguments).receive(arguments[0], at: arguments.location)
                return .void
            })
        recordingType.addNativeMethod(
            NativeFunction(
                "receive(completion:)",
                types: [.named(["Subscribers", "Completion"], [])]
            ) { arguments in
                try Self.recording(arguments).receive(completion: arguments[0], at: arguments.location)
                return .void
            })
        recordingType.initializers = [
            .native(
                NativeFunction("init()") { [unowned self] _ in
                    .native(RecordingValue(type: recordingType, completionType: self.types.completion))
                }),
            .native(
                NativeFunction("init(output:completion:)", types: [nil, .named(["Subscribers", "Completion"], [])]) {
                    [unowned self] arguments in
                    let output = try self.interpreter.elements(of: arguments[0], at: arguments.location)
                    _ = try self.completion(from: arguments[1], as: ScriptFailure.self, at: arguments.location)
                    return .native(
                        RecordingValue(
                            type: recordingType, completionType: self.types.completion, output: output,
                            completion: arguments[1]))
                }),
        ]
        recordingType.addNativeProperty(
            "output", NativeProperty { _, value in .array(try Self.recording(of: value).output) })
        recordingType.addNativeProperty(
            "completion", NativeProperty { _, value in try Self.recording(of: value).completion })
        interpreter.registerType(recordingType, as: "Record.Recording")
        let record = types.family("Record")
        record.nestedTypes["Recording"] = recordingType
        // `record.recording`: what it plays back, as a completed recording.
        record.addNativeProperty(
            "recording",
            NativeProperty { [unowned self] _, value in
                guard case .native(let native as PublisherValue) = value.loaded,
                    let played = native.publisher.base as? PlayedBack
                else { throw ScriptError.runtime("recording is a property of a Record") }
                return .native(
                    RecordingValue(
                        type: recordingType, completionType: self.types.completion, output: played.recordedOutput,
                        completion: played.recordedCompletion(bridge: self)))
            })
        record.initializers = [
            .native(
                NativeFunction(
                    "init(output:completion:)",
                    types: [nil, .named(["Subscribers", "Completion"], [])]
                ) { [unowned self] arguments in
                    let output = try self.interpreter.elements(of: arguments[0], at: arguments.location)
                    return try self.record(
                        output: output, completion: arguments[1],
                        genericArguments: self.genericArguments(of: arguments.receiver),
                        at: arguments.location)
                }),
            .native(
                NativeFunction("init(recording:)", types: [.named(["Record", "Recording"], [])]) {
                    [unowned self] arguments in
                    guard case .native(let recording as RecordingValue) = arguments[0].loaded else {
                        throw ScriptError.runtime(
                            "Record(recording:) takes a Record.Recording", at: arguments.location)
                    }
                    return try self.record(
                        output: recording.output, completion: recording.completion,
                        genericArguments: self.genericArguments(of: arguments.receiver),
                        at: arguments.location)
                }),
            .native(
                NativeFunction(
                    "init(record:)", types: [.function([.named(["Record", "Recording"], [])], .simple("Void"))]
                ) { [unowned self] arguments in
                    let recording = RecordingValue(type: recordingType, completionType: self.types.completion)
                    _ = try self.interpreter.call(arguments[0], [.native(recording)], at: arguments.location)
                    return try self.record(
                        output: recording.output, completion: recording.completion,
                        genericArguments: self.genericArguments(of: arguments.receiver),
                        at: arguments.location)
                }),
        ]
    }

    private static func recording(of value: Value) throws -> RecordingValue {
        guard case .native(let recording as RecordingValue) = value.loaded else {
            throw ScriptError.runtime("output and completion are properties of a Record.Recording")
        }
        return recording
    }

    private static func recording(_ arguments: NativeArguments) throws -> RecordingValue {
        guard case .native(let recording as RecordingValue)? = arguments.receiver?.loaded else {
            throw ScriptError.runtime(
                "receive is called on the recording a Record's closure gets", at: arguments.location)
        }
        return recording
    }

    /// The Failure is the written one (`Record<Int, Never>`); without one, Never unless
    /// the recording fails.
    private func record(
        output: [Value], completion: Value, genericArguments: [TypeRef],
        at location: SourceLocation
    ) throws -> Value {
        let neverFails =
            genericArguments.count >= 2
            ? failsNever(genericArguments, failureIndex: 1)
            : completion.enumCaseName != "failure"
        let made = try makeRecord(output: output, completion: completion, neverFails: neverFails, at: location)
        if case .native(let native as PublisherValue) = made { native.writtenArguments = genericArguments }
        return made
    }

    private func makeRecord(output: [Value], completion: Value, neverFails: Bool, at location: SourceLocation) throws
        -> Value
    {
        if neverFails {
            return publisherValue(
                Record<Value, Never>(
                    output: output,
                    completion: try self.completion(
                        from: completion, as: Never.self,
                        at: location)))
        }
        return publisherValue(
            Record<Value, ScriptFailure>(
                output: output,
                completion: try self.completion(
                    from: completion,
                    as: ScriptFailure.self,
                    at: location)))
    }
}

/// The `inout Record.Recording` a Record's closure fills in. OpenCombine stops the
/// program on a value after the completion, or a second completion: here they are errors.
final class RecordingValue: NativeValue {
    private(set) var output: [Value] = []
    private(set) var completion: Value
    private var isComplete = false

    init(type: TypeInfo, completionType: TypeInfo) {
        completion = completionType.caseValue("finished")
        super.init(typeInfo: type)
    }

    /// A completed recording (`Recording(output:completion:)`, `record.recording`).
    init(type: TypeInfo, completionType: TypeInfo, output: [Value], completion: Value) {
        self.output = output
        self.completion = completion
        isComplete = true
        super.init(typeInfo: type)
    }

    override var description: String { "Recording" }

    func receive(_ value: Value, at location: SourceLocation) throws {
        guard !isComplete else {
            throw ScriptError.runtime("a Record's recording cannot receive values after its completion", at: location)
        }
        output.append(value)
    }

    func receive(completion: Value, at location: SourceLocation) throws {
        guard !isComplete else {
            throw ScriptError.runtime("a Record's recording can receive only one completion", at: location)
        }
        self.completion = completion
        isComplete = true
    }
}

extension Value {
    fileprivate var enumCaseName: String? {
        if case .enumValue(let value) = self { return value.caseName }
        return nil
    }
}

/// A `Record` of either Failure type, read back for `record.recording`.
protocol PlayedBack {
    var recordedOutput: [Value] { get }
    func recordedCompletion(bridge: StreamBridge) -> Value
}

extension Record: PlayedBack where Output == Value {
    var recordedOutput: [Value] { recording.output }
    func recordedCompletion(bridge: StreamBridge) -> Value { bridge.completionValue(recording.completion) }
}
