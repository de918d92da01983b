import OpenCombine
import UndercurrentInterpreter

extension StreamBridge {
    func installTransformingOperators() {
        addOperator("map(_:)") { [unowned self] upstream, arguments in
            let transform = self.transform(arguments[0], at: arguments.location)
            if case .native = arguments[0] {
                return try self.mapKeyPaths(upstream, [arguments[0]], at: arguments.location)
            }
            let mapped =
                self.fused(upstream, .map(transform))
                ?? upstream.with({ self.map($0, transform) }, { self.map($0, transform) })
            if case .native(let native as PublisherValue) = mapped { native.sourceClosure = arguments[0] }
            return mapped
        }
        addOperator("map(_:_:)") { [unowned self] upstream, arguments in
            try self.mapKeyPaths(upstream, [arguments[0], arguments[1]], at: arguments.location)
        }
        addOperator("map(_:_:_:)") { [unowned self] upstream, arguments in
            try self.mapKeyPaths(upstream, [arguments[0], arguments[1], arguments[2]], at: arguments.location)
        }
        addOperator("tryMap(_:)") { [unowned self] upstream, arguments in
            let transform = self.throwingTransform(arguments[0], at: arguments.location)
            if let fused = self.fused(upstream, .tryMap(transform)) { return fused }
            return upstream.with(
                { self.publisherValue(ScriptFailurePublisher(upstream: $0.tryMap(transform))) },
                { self.publisherValue(ScriptFailurePublisher(upstream: $0.tryMap(transform))) })
        }
        addOperator("compactMap(_:)") { [unowned self] upstream, arguments in
            let transform = self.optionalTransform(arguments[0], at: arguments.location)
            if let fused = self.fused(upstream, .compactMap(transform)) { return fused }
            return upstream.with({ self.compactMap($0, transform) }, { self.compactMap($0, transform) })
        }
        addOperator("scan(_:_:)") { [unowned self] upstream, arguments in
            let next = self.accumulator(arguments[1], at: arguments.location)
            if let fused = self.fused(upstream, .scan(arguments[0], next)) { return fused }
            return upstream.with({ self.scan($0, arguments[0], next) }, { self.scan($0, arguments[0], next) })
        }
        addOperator("mapError(_:)") { [unowned self] upstream, arguments in
            let transform = self.transform(arguments[0], at: arguments.location)
            if let fused = self.fused(upstream, .mapError(transform)) { return fused }
            return upstream.with(
                { self.publisherValue($0.setFailureType(to: ScriptFailure.self)) },
                { self.publisherValue($0.mapError { ScriptFailure(transform($0.value)) }) })
        }
        addOperator("setFailureType(to:)") { [unowned self] upstream, _ in
            if !upstream.canFail, let fused = self.fused(upstream, .setFailureType) { return fused }
            return upstream.with(
                { self.publisherValue($0.setFailureType(to: ScriptFailure.self)) },
                { self.publisherValue($0) })
        }
        // `AnyPublisher(publisher)`, the initializer `eraseToAnyPublisher()` calls.
        let anyPublisher = types.family("AnyPublisher")
        anyPublisher.initializers = [
            .native(
                NativeFunction("init(_:)") { [unowned self] arguments in
                    let upstream = try self.publisher(from: arguments[0], at: arguments.location)
                    return upstream.with(
                        { self.publisherValue($0.eraseToAnyPublisher()) },
                        { self.publisherValue($0.eraseToAnyPublisher()) })
                })
        ]
        addOperator("eraseToAnyPublisher()") { [unowned self] upstream, _ in
            upstream.with(
                { self.publisherValue($0.eraseToAnyPublisher()) },
                { self.publisherValue($0.eraseToAnyPublisher()) })
        }
    }

    /// `map(\.a)`, `map(\.a, \.b)`, `map(\.a, \.b, \.c)`: Publishers.ScriptMapKeyPath.swift.
    private func mapKeyPaths(_ upstream: AnyScriptPublisher, _ paths: [Value], at location: SourceLocation) throws
        -> Value
    {
        let readers = try paths.map { path -> (Value) -> Value in
            guard case .native(let keyPath as KeyPathValue) = path.loaded else {
                throw ScriptError.runtime(
                    paths.count == 1
                        ? "map(_:) takes a closure or a key path"
                        : "map with \(paths.count) arguments takes key paths, such as map(\\.id, \\.name)",
                    at: location)
            }
            return { [unowned self] input in
                self.fromEngine(.void) { try keyPath.read(input, interpreter: self.interpreter, at: location) }
            }
        }
        let family = paths.count == 1 ? "Publishers.MapKeyPath" : "Publishers.MapKeyPath\(paths.count)"
        return upstream.with(
            { self.publisherValue(erase(Publishers.ScriptMapKeyPath(upstream: $0, readers: readers)), family: family) },
            { self.publisherValue(erase(Publishers.ScriptMapKeyPath(upstream: $0, readers: readers)), family: family) })
    }

    private func map<P: Publisher>(_ upstream: P, _ transform: @escaping (Value) -> Value) -> Value
    where P.Output == Value {
        if let fusable = fusionCandidate(upstream) as? FusableSequence {
            return fusable.fusedMap(transform, bridge: self)
        }
        if let fusable = fusionCandidate(upstream) as? FusableJust {
            return fusable.fusedMap(transform, bridge: self)
        }
        return publisherValue(upstream.map(transform))
    }

    private func compactMap<P: Publisher>(_ upstream: P, _ transform: @escaping (Value) -> Value?) -> Value
    where P.Output == Value {
        if let fusable = fusionCandidate(upstream) as? FusableSequence {
            return fusable.fusedCompactMap(transform, bridge: self)
        }
        return publisherValue(upstream.compactMap(transform))
    }

    private func scan<P: Publisher>(_ upstream: P, _ initial: Value, _ next: @escaping (Value, Value) -> Value) -> Value
    where P.Output == Value {
        if let fusable = fusionCandidate(upstream) as? FusableSequence {
            return fusable.fusedScan(initial, next, bridge: self)
        }
        return publisherValue(upstream.scan(initial, next))
    }
}
