import OpenCombine
import UndercurrentInterpreter

extension StreamBridge {
    /// Registers an operator on the `Publisher` protocol, so every publisher (and every
    /// script type conforming to `Publisher`) has it.
    func addOperator(
        _ fullName: String, defaults: Set<String> = [], variadic: String? = nil,
        types parameterTypes: [TypeRef?] = [],
        _ body: @escaping (AnyScriptPublisher, NativeArguments) throws -> Value
    ) {
        let keepsOutput = Self.outputKeepingOperators.contains(String(fullName.prefix { $0 != "(" }))
        types.publisher.addNativeMethod(
            NativeFunction(
                fullName, defaults: defaults, variadic: variadic,
                types: parameterTypes
            ) {
                [unowned self] arguments in
                let upstream = try self.publisher(from: arguments.receiver ?? .void, at: arguments.location)
                let wasGeneric = self.buildsThroughProtocol
                self.buildsThroughProtocol = arguments.isThroughProtocol
                defer { self.buildsThroughProtocol = wasGeneric }
                let result = try body(upstream, arguments)
                try self.interpreter.throwPendingError(at: arguments.location)
                return keepsOutput ? self.keepingOutput(result, of: arguments) : result
            })
    }

    /// Operators whose Output is their upstream's: what is known of it passes on to what
    /// they make (`keepingOutput`).
    static let outputKeepingOperators: Set<String> = [
        "filter", "tryFilter", "removeDuplicates", "tryRemoveDuplicates", "prefix", "tryPrefix", "dropFirst",
        "drop", "tryDrop", "first", "tryFirst", "last", "tryLast", "output", "append", "prepend", "replaceEmpty",
        "replaceError", "delay", "debounce", "throttle", "receive", "subscribe", "share", "print", "handleEvents",
        "breakpoint", "breakpointOnError", "eraseToAnyPublisher", "retry", "catch", "tryCatch", "timeout",
        "buffer", "makeConnectable", "setFailureType", "mapError", "assertNoFailure", "min", "max", "tryMin",
        "tryMax", "merge",
    ]

    /// Values given where the upstream's `Output` is expected, each wrapped in an Optional
    /// when that Output is one, as Swift promotes `"-r-"` to `Optional("-r-")` for a
    /// `String?` stream. Where the chain does not tell its Output, values stay as they are.
    func promoted(_ values: [Value], toOutputOf upstream: AnyScriptPublisher, _ arguments: NativeArguments) -> [Value] {
        guard values.contains(where: { if case .optional = $0 { false } else { true } }),
            outputIsOptional(upstream, arguments)
        else { return values }
        return values.map { if case .optional = $0 { $0 } else { .optional($0) } }
    }

    private func outputIsOptional(_ upstream: AnyScriptPublisher, _ arguments: NativeArguments) -> Bool {
        guard case .native(let receiver as PublisherValue)? = arguments.receiver?.loaded else {
            return outputIsOptional(upstream)
        }
        let known = receiver.knownOutputIsOptional ?? outputIsOptional(upstream)
        receiver.outputIsOptional = known
        return known
    }

    private func outputIsOptional(_ upstream: AnyScriptPublisher) -> Bool {
        guard let output = try? PublisherSpeller(bridge: self).outputType(of: upstream.base) else { return false }
        return output.plain.hasPrefix("Optional<")
    }

    /// `result`, made by an operator that keeps its upstream's Output (`filter`, `append`):
    /// it knows what the upstream knew of that Output, so that a long chain is not spelled
    /// again at each step that asks.
    func keepingOutput(_ result: Value, of arguments: NativeArguments) -> Value {
        if case .native(let made as PublisherValue) = result, made.outputIsOptional == nil,
            case .native(let receiver as PublisherValue)? = arguments.receiver?.loaded, made !== receiver
        {
            made.outputIsOptional = receiver.knownOutputIsOptional
        }
        return result
    }

    func integer(_ value: Value, _ what: String, at location: SourceLocation) throws -> Int {
        guard case .int(let number) = value else {
            throw ScriptError.runtime("\(what) must be an Int", at: location)
        }
        guard number >= 0 else {
            throw ScriptError.runtime(
                "\(what) must not be negative (got \(number))", at: location,
                notes: ["Combine stops the program on a negative count."])
        }
        return number
    }

    /// A publisher that can fail, for operators that need matching Failure types.
    func failing(_ publisher: AnyScriptPublisher) -> any Publisher<Value, ScriptFailure> {
        switch publisher {
        case .never(let upstream): return NeverFailingPublisher(upstream: upstream.base)
        case .failing(let upstream): return upstream
        }
    }

    /// A publisher with the given Failure: one that cannot fail is promoted to one that can;
    /// one that can fail where `Never` is required is a script error.
    func publisher<Failure: Error>(
        _ publisher: AnyScriptPublisher, as failureType: Failure.Type,
        at location: SourceLocation
    ) throws -> AnyValuePublisher<Failure> {
        if let matching = publisher.base as? any Publisher<Value, Failure> { return AnyValuePublisher(matching) }
        if let promoted = failing(publisher) as? any Publisher<Value, Failure> { return AnyValuePublisher(promoted) }
        throw ScriptError.runtime(
            "this publisher can fail, where one whose Failure is Never was expected", at: location,
            notes: ["use replaceError(with:) or catch to handle its errors first"])
    }
}
