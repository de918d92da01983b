import OpenCombine
import UndercurrentInterpreter

/// `combineLatest` and `merge` for scripts, on the publishers in Combining/ (OpenCombine
/// 0.14.0 has neither). Upstreams that cannot fail are promoted to `ScriptFailure` when
/// any of the others can, as Swift would require `setFailureType(to:)` for.
extension StreamBridge {
    func installCombiningOperators() {
        installCombineLatest()
        installMerge()
    }

    // MARK: - combineLatest

    private func installCombineLatest() {
        installCombiner("combineLatest", family: "Publishers.CombineLatest") {
            [unowned self] upstreams, transform, location in
            self.combineLatest(upstreams, transform: transform, at: location)
        }
    }

    /// Installs an operator that joins its publisher with one, two or three others
    /// (`zip`, `combineLatest`), with or without a closure, and the initializers of
    /// `Family`, `Family3` and `Family4`.
    func installCombiner(
        _ name: String, family: String,
        combine: @escaping ([AnyScriptPublisher], _ transform: Value?, SourceLocation) throws -> Value
    ) {
        // `name(_:_:)` is both "two other publishers" and "one other publisher and a
        // transform": the arguments decide, as Swift's types would.
        for parameterCount in 1...4 {
            addOperator(name + "(" + String(repeating: "_:", count: parameterCount) + ")") {
                [unowned self] upstream, arguments in
                var values = arguments.values.map { $0 ?? .void }
                var transform: Value?
                if let last = values.last, case .function = last {
                    transform = last
                    values.removeLast()
                }
                guard (1...3).contains(values.count) else {
                    throw ScriptError.runtime(
                        "\(name) takes one, two or three other publishers"
                            + (transform == nil ? "" : " and a closure"), at: arguments.location)
                }
                let others = try values.map { try self.publisher(from: $0, at: arguments.location) }
                return try combine([upstream] + others, transform, arguments.location)
            }
        }
        for count in 2...4 {
            let type = types.family(count == 2 ? family : family + String(count))
            type.initializers = [
                .native(
                    NativeFunction("init(" + String(repeating: "_:", count: count) + ")") {
                        [unowned self] arguments in
                        let upstreams = try arguments.values.map {
                            try self.publisher(from: $0 ?? .void, at: arguments.location)
                        }
                        let result = try combine(upstreams, nil, arguments.location)
                        try self.interpreter.throwPendingError(at: arguments.location)
                        return result
                    })
            ]
        }
    }

    /// `Publishers.CombineLatest{,3,4}` of script publishers, its tuples as script tuples,
    /// followed by a `map` when a transform closure was given (Combine's own overloads
    /// return `Publishers.Map<Publishers.CombineLatest<…>, T>` too).
    func combineLatest(_ upstreams: [AnyScriptPublisher], transform: Value?, at location: SourceLocation) -> Value {
        let mapping = transform.map { function in
            { [unowned self] (input: Value) -> Value in
                guard case .tuple(let tuple) = input else { return .void }
                return self.fromEngine(.void) { try self.interpreter.call(function, tuple.elements, at: location) }
            }
        }
        if let never = upstreams.neverFailing {
            return combineLatest(never, then: mapping)
        }
        return combineLatest(upstreams.map { AnyValuePublisher(self.failing($0)) }, then: mapping)
    }

    private func combineLatest<F: Error>(_ p: [AnyValuePublisher<F>], then transform: ((Value) -> Value)?) -> Value {
        let combined: AnyScriptPublisher
        switch p.count {
        case 2:
            combined = erase(
                ConvertingPublisher(upstream: Publishers.CombineLatest(p[0], p[1])) {
                    Value.tuple(TupleValue([$0.0, $0.1]))
                })
        case 3:
            combined = erase(
                ConvertingPublisher(upstream: Publishers.CombineLatest3(p[0], p[1], p[2])) {
                    Value.tuple(TupleValue([$0.0, $0.1, $0.2]))
                })
        default:
            combined = erase(
                ConvertingPublisher(upstream: Publishers.CombineLatest4(p[0], p[1], p[2], p[3])) {
                    Value.tuple(TupleValue([$0.0, $0.1, $0.2, $0.3]))
                })
        }
        guard let transform else { return publisherValue(combined) }
        return combined.with({ publisherValue($0.map(transform)) }, { publisherValue($0.map(transform)) })
    }

    // MARK: - merge

    private func installMerge() {
        for othersCount in 1...7 {
            let name = "merge(with:" + String(repeating: "_:", count: othersCount - 1) + ")"
            addOperator(name) { [unowned self] upstream, arguments in
                let others = try arguments.values.map { try self.publisher(from: $0 ?? .void, at: arguments.location) }
                return try self.merge(upstream, with: others, at: arguments.location)
            }
        }
        for count in 2...8 {
            let family = count == 2 ? "Publishers.Merge" : "Publishers.Merge\(count)"
            let type = types.family(family)
            type.initializers = [
                .native(
                    NativeFunction("init(" + String(repeating: "_:", count: count) + ")") {
                        [unowned self] arguments in
                        let upstreams = try arguments.values.map {
                            try self.publisher(from: $0 ?? .void, at: arguments.location)
                        }
                        return try self.mergeValue(upstreams, many: false, at: arguments.location)
                    })
            ]
        }
        let mergeMany = types.family("Publishers.MergeMany")
        mergeMany.initializers = [
            .native(
                NativeFunction("init(_:)", variadic: "_") { [unowned self] arguments in
                    // `MergeMany(a, b, c)` and `MergeMany([a, b, c])`.
                    guard case .array(var elements) = arguments[0] else {
                        throw ScriptError.runtime("MergeMany takes publishers", at: arguments.location)
                    }
                    if elements.count == 1, case .array(let array) = elements[0].loaded { elements = array }
                    let upstreams = try elements.map { try self.publisher(from: $0, at: arguments.location) }
                    return try self.mergeValue(upstreams, many: true, at: arguments.location)
                })
        ]
    }

    /// `upstream.merge(with: others...)`. As in Combine, merging into a `Merge` publisher
    /// gives one `Merge` of them all while eight or fewer (`Merge.merge(with:)` returns
    /// `Merge3`, and so on), and a `MergeMany` takes one more publisher of its type.
    private func merge(
        _ upstream: AnyScriptPublisher, with others: [AnyScriptPublisher],
        at location: SourceLocation
    ) throws -> Value {
        if let merged = upstream.base as? ScriptMergeUpstreams {
            let inner = merged.scriptUpstreams
            if merged.isMergeMany, others.count == 1 {
                return try mergeValue(inner + others, many: true, at: location)
            }
            if !merged.isMergeMany, inner.count + others.count <= 8 {
                return try mergeValue(inner + others, many: false, at: location)
            }
        }
        return try mergeValue([upstream] + others, many: false, at: location)
    }

    private func mergeValue(_ upstreams: [AnyScriptPublisher], many: Bool, at location: SourceLocation) throws -> Value
    {
        let result: Value
        if let never = upstreams.neverFailing {
            result = merge(never, many: many)
        } else {
            result = merge(upstreams.map { AnyValuePublisher(self.failing($0)) }, many: many)
        }
        try interpreter.throwPendingError(at: location)
        return result
    }

    private func merge<F: Error>(_ p: [AnyValuePublisher<F>], many: Bool) -> Value {
        if many { return publisherValue(Publishers.MergeMany(p)) }
        switch p.count {
        case 2: return publisherValue(Publishers.Merge(p[0], p[1]))
        case 3: return publisherValue(Publishers.Merge3(p[0], p[1], p[2]))
        case 4: return publisherValue(Publishers.Merge4(p[0], p[1], p[2], p[3]))
        case 5: return publisherValue(Publishers.Merge5(p[0], p[1], p[2], p[3], p[4]))
        case 6: return publisherValue(Publishers.Merge6(p[0], p[1], p[2], p[3], p[4], p[5]))
        case 7: return publisherValue(Publishers.Merge7(p[0], p[1], p[2], p[3], p[4], p[5], p[6]))
        default: return publisherValue(Publishers.Merge8(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]))
        }
    }
}

extension Array where Element == AnyScriptPublisher {
    /// The publishers as `Never`-failing ones, when none of them can fail.
    var neverFailing: [AnyValuePublisher<Never>]? {
        var result: [AnyValuePublisher<Never>] = []
        for publisher in self {
            guard case .never(let never) = publisher else { return nil }
            result.append(never)
        }
        return result
    }
}

/// A `Merge` publisher built for a script: its upstreams, for `merge(with:)` on it.
protocol ScriptMergeUpstreams {
    var scriptUpstreams: [AnyScriptPublisher] { get }
    var isMergeMany: Bool { get }
}

private func scriptPublisher(_ upstream: Any) -> AnyScriptPublisher? {
    if let never = upstream as? AnyValuePublisher<Never> { return .never(never) }
    if let failing = upstream as? AnyValuePublisher<ScriptFailure> { return .failing(failing) }
    return nil
}

private func scriptPublishers(_ upstreams: [Any]) -> [AnyScriptPublisher] {
    upstreams.compactMap(scriptPublisher)
}

extension Publishers.Merge: ScriptMergeUpstreams {
    var scriptUpstreams: [AnyScriptPublisher] { scriptPublishers([a, b]) }
    var isMergeMany: Bool { false }
}

extension Publishers.Merge3: ScriptMergeUpstreams {
    var scriptUpstreams: [AnyScriptPublisher] { scriptPublishers([a, b, c]) }
    var isMergeMany: Bool { false }
}

extension Publishers.Merge4: ScriptMergeUpstreams {
    var scriptUpstreams: [AnyScriptPublisher] { scriptPublishers([a, b, c, d]) }
    var isMergeMany: Bool { false }
}

extension Publishers.Merge5: ScriptMergeUpstreams {
    var scriptUpstreams: [AnyScriptPublisher] { scriptPublishers([a, b, c, d, e]) }
    var isMergeMany: Bool { false }
}

extension Publishers.Merge6: ScriptMergeUpstreams {
    var scriptUpstreams: [AnyScriptPublisher] { scriptPublishers([a, b, c, d, e, f]) }
    var isMergeMany: Bool { false }
}

extension Publishers.Merge7: ScriptMergeUpstreams {
    var scriptUpstreams: [AnyScriptPublisher] { scriptPublishers([a, b, c, d, e, f, g]) }
    var isMergeMany: Bool { false }
}

extension Publishers.Merge8: ScriptMergeUpstreams {
    // Combine has no Merge9: merging into a Merge8 nests it.
    var scriptUpstreams: [AnyScriptPublisher] { scriptPublishers([a, b, c, d, e, f, g, h]) }
    var isMergeMany: Bool { false }
}

extension Publishers.MergeMany: ScriptMergeUpstreams {
    var scriptUpstreams: [AnyScriptPublisher] { scriptPublishers(publishers) }
    var isMergeMany: Bool { true }
}
