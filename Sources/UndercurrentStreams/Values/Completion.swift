import OpenCombine
import UndercurrentInterpreter

extension StreamBridge {
    /// A completion as the script sees it: `.finished` or `.failure(error)`.
    public func completionValue<Failure: Error>(_ completion: Subscribers.Completion<Failure>) -> Value {
        switch completion {
        case .finished:
            return types.completion.caseValue("finished")
        case .failure(let error):
            return types.completion.caseValue("failure", payload: [errorValue(error)])
        }
    }

    /// The script value of an error the engine reports.
    public func errorValue(_ error: Error) -> Value {
        if let failure = error as? ScriptFailure { return failure.value }
        return .string(String(describing: error))
    }

    /// A completion to give the engine, from the script's `.finished` / `.failure(e)`.
    public func completion<Failure: Error>(
        from value: Value, as failureType: Failure.Type,
        at location: SourceLocation
    ) throws -> Subscribers.Completion<Failure> {
        guard case .enumValue(let enumValue) = value, enumValue.type === types.completion else {
            throw ScriptError.runtime(
                "expected a Subscribers.Completion (.finished or .failure(error)), got \(Formatter.typeName(of: value))",
                at: location)
        }
        if enumValue.caseName == "finished" { return .finished }
        return .failure(try failure(enumValue.payload.first ?? .void, as: failureType, at: location))
    }

    /// An error value as the engine's `Failure` type.
    public func failure<Failure: Error>(
        _ value: Value, as failureType: Failure.Type,
        at location: SourceLocation
    ) throws -> Failure {
        if let failure = ScriptFailure(value) as? Failure { return failure }
        throw ScriptError.runtime(
            "this publisher's Failure is Never: it cannot fail with \(value.debugDescription)",
            at: location)
    }

    func installCompletion() {
        types.completion.interpreter = interpreter
        types.result.interpreter = interpreter
        types.result.addNativeMethod(
            NativeFunction("get()") { arguments in
                guard case .enumValue(let result)? = arguments.receiver else { return .void }
                if result.caseName == "success" { return result.payload[0] }
                throw ThrownValue(result.payload[0], at: arguments.location)
            })
        // `map` and `flatMap` change a success, `mapError` and `flatMapError` a failure; the
        // other case is passed on as it is. The `flat` forms' closures return a Result.
        for (name, changes, flat) in [
            ("map(_:)", "success", false), ("flatMap(_:)", "success", true),
            ("mapError(_:)", "failure", false), ("flatMapError(_:)", "failure", true),
        ] {
            types.result.addNativeMethod(
                NativeFunction(name) { arguments in
                    guard case .enumValue(let result)? = arguments.receiver else { return .void }
                    guard result.caseName == changes else { return .enumValue(result) }
                    let changed = try arguments.interpreter.callClosure(
                        arguments[0], [result.payload[0]], at: arguments.location)
                    if flat { return changed }
                    return .enumValue(EnumValue(type: result.type, caseIndex: result.caseIndex, payload: [changed]))
                })
        }
        // `Result { try body() }`: what the closure returns, or the error it throws. An error of
        // the interpreter's own (an overflow, Ctrl-C) is not an error the script threw: it stops
        // the script as it would anywhere else.
        types.result.initializers.append(
            .native(
                NativeFunction("init(catching:)") { [unowned result = types.result] arguments in
                    do {
                        let value = try arguments.interpreter.call(arguments[0], [], at: arguments.location)
                        return .enumValue(EnumValue(type: result, caseIndex: 0, payload: [value]))
                    } catch let thrown as ThrownValue {
                        return .enumValue(EnumValue(type: result, caseIndex: 1, payload: [thrown.value]))
                    }
                }))
    }
}
