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
    }
}
