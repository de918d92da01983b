import OpenCombine
import UndercurrentInterpreter

extension Value {
    /// `a..<b`, the only range a collection's build-time `output(in:)` accepts.
    fileprivate var isBoundedHalfOpenRange: Bool {
        guard case .range(let range) = self else { return false }
        return range.kind == .halfOpen
    }
}

extension StreamBridge {
    func installFilteringOperators() {
        addOperator("filter(_:)") { [unowned self] upstream, arguments in
            let isIncluded = self.predicate(arguments[0], at: arguments.location)
            if let fused = self.fused(upstream, .filter(isIncluded)) { return fused }
            return upstream.with({ self.filter($0, isIncluded) }, { self.filter($0, isIncluded) })
        }
        addOperator("prefix(_:)") { [unowned self] upstream, arguments in
            let count = try self.integer(arguments[0], "prefix's maxLength", at: arguments.location)
            if let fused = self.fused(upstream, .prefix(count)) { return fused }
            return upstream.with({ self.prefix($0, count) }, { self.prefix($0, count) })
        }
        addOperator("prefix(while:)", types: [closureParameter]) { [unowned self] upstream, arguments in
            let condition = self.predicate(arguments[0], at: arguments.location)
            return self.fused(upstream, .prefixWhile(condition))
                ?? upstream.with(
                    { self.publisherValue($0.prefix(while: condition)) },
                    { self.publisherValue($0.prefix(while: condition)) })
        }
        addOperator("dropFirst(_:)", defaults: ["_"]) { [unowned self] upstream, arguments in
            let count =
                try arguments.optional(0).map { try self.integer($0, "dropFirst's count", at: arguments.location) } ?? 1
            if let fused = self.fused(upstream, .dropFirst(count)) { return fused }
            return upstream.with({ self.dropFirst($0, count) }, { self.dropFirst($0, count) })
        }
        addOperator("drop(while:)") { [unowned self] upstream, arguments in
            let condition = self.predicate(arguments[0], at: arguments.location)
            return self.fused(upstream, .dropWhile(condition))
                ?? upstream.with(
                    { self.publisherValue($0.drop(while: condition)) },
                    { self.publisherValue($0.drop(while: condition)) })
        }
        addOperator("first()") { [unowned self] upstream, _ in
            self.fused(upstream, .first)
                ?? upstream.with({ self.publisherValue($0.first()) }, { self.publisherValue($0.first()) })
        }
        addOperator("first(where:)") { [unowned self] upstream, arguments in
            let condition = self.predicate(arguments[0], at: arguments.location)
            return self.fused(upstream, .firstWhere(condition))
                ?? upstream.with(
                    { self.publisherValue($0.first(where: condition)) },
                    { self.publisherValue($0.first(where: condition)) })
        }
        addOperator("last()") { [unowned self] upstream, _ in
            self.fused(upstream, .last)
                ?? upstream.with({ self.publisherValue($0.last()) }, { self.publisherValue($0.last()) })
        }
        addOperator("last(where:)") { [unowned self] upstream, arguments in
            let condition = self.predicate(arguments[0], at: arguments.location)
            return self.fused(upstream, .lastWhere(condition))
                ?? upstream.with(
                    { self.publisherValue($0.last(where: condition)) },
                    { self.publisherValue($0.last(where: condition)) })
        }
        addOperator("output(at:)") { [unowned self] upstream, arguments in
            let index = try self.integer(arguments[0], "output(at:)'s index", at: arguments.location)
            // The engine turns the index into `index...index` and steps past it: Int.max overflows.
            guard index < Int.max else {
                throw ScriptError.runtime("output(at:)'s index must be less than Int.max", at: arguments.location)
            }
            return self.fused(upstream, .outputAt(index))
                ?? upstream.with(
                    { self.publisherValue($0.eagerOutput(in: index..<index + 1)) },
                    { self.publisherValue($0.eagerOutput(in: index..<index + 1)) })
        }
        addOperator("output(in:)") { [unowned self] upstream, arguments in
            let range = try self.outputRange(arguments[0], at: arguments.location)
            let halfOpen = arguments[0].loaded.isBoundedHalfOpenRange
            try self.checkOutputRange(range, halfOpen: halfOpen, of: upstream, at: arguments.location)
            if let fused = self.fused(upstream, .outputIn(range, halfOpen: halfOpen)) { return fused }
            return upstream.with(
                { self.publisherValue($0.eagerOutput(in: range)) },
                { self.publisherValue($0.eagerOutput(in: range)) })
        }
        addOperator("removeDuplicates()") { [unowned self] upstream, _ in
            self.fused(upstream, .removeDuplicates)
                ?? upstream.with({ self.removeDuplicates($0) }, { self.removeDuplicates($0) })
        }
        addOperator("removeDuplicates(by:)") { [unowned self] upstream, arguments in
            let function = arguments[0]
            let location = arguments.location
            let same: (Value, Value) -> Bool = { [unowned self] previous, current in
                self.fromEngine(false) {
                    try self.interpreter.call(function, [previous, current], at: location) == .bool(true)
                }
            }
            if let fused = self.fused(upstream, .removeDuplicates) { return fused }
            return upstream.with(
                { self.publisherValue($0.removeDuplicates(by: same)) },
                { self.publisherValue($0.removeDuplicates(by: same)) })
        }
    }

    private func filter<P: Publisher>(_ upstream: P, _ isIncluded: @escaping (Value) -> Bool) -> Value
    where P.Output == Value {
        if let fusable = fusionCandidate(upstream) as? FusableSequence {
            return fusable.fusedFilter(isIncluded, bridge: self)
        }
        return publisherValue(upstream.filter(isIncluded))
    }

    private func prefix<P: Publisher>(_ upstream: P, _ count: Int) -> Value where P.Output == Value {
        if let fusable = fusionCandidate(upstream) as? FusableSequence {
            return fusable.fusedPrefix(count, bridge: self)
        }
        return publisherValue(upstream.eagerPrefix(count))
    }

    /// Where Swift would stop the program building `output(in:)`: a collection sliced outside
    /// its bounds, an `Optional.Publisher` given an upper bound Combine refuses.
    private func checkOutputRange(
        _ range: Range<Int>, halfOpen: Bool, of upstream: AnyScriptPublisher, at location: SourceLocation
    ) throws {
        if halfOpen, let collection = upstream.base as? CollectionSequencePublisher,
            collection.outputRangeIsOutOfBounds(range)
        {
            throw ScriptError.runtime(
                "output(in:)'s range is outside the sequence's indices", at: location,
                notes: ["On a collection, output(in:) slices it, and Swift stops the program on an index out of range."]
            )
        }
        if upstream.base is Optional<Value>.OCombine.Publisher,
            range.upperBound >= Int.max - 1
        {
            throw ScriptError.runtime(
                "output(in:) on an Optional's publisher needs a range with an upper bound", at: location,
                notes: ["Combine stops the program on an open-ended range here."])
        }
    }

    /// `output(in:)`'s range as offsets from the first value: `2...3`, `2..<4`, `..<3`, `2...`.
    private func outputRange(_ value: Value, at location: SourceLocation) throws -> CountableRange<Int> {
        guard case .range(let range) = value.loaded, let bounds = range.integerBounds else {
            throw ScriptError.runtime("output(in:) takes a range of Ints, such as 2...3 or ..<4", at: location)
        }
        let lower = range.lower == nil ? 0 : bounds.lower
        guard lower >= 0 else {
            throw ScriptError.runtime(
                "output(in:)'s range must not start below 0 (got \(lower))", at: location,
                notes: ["Combine stops the program on a negative bound."])
        }
        guard let upper = bounds.upper else { return lower..<Int.max }
        guard upper < Int.max else { return lower..<Int.max }
        guard upper + 1 >= lower else {
            throw ScriptError.runtime("output(in:)'s range is not valid", at: location)
        }
        return lower..<(upper + 1)
    }

    private func dropFirst<P: Publisher>(_ upstream: P, _ count: Int) -> Value where P.Output == Value {
        if let fusable = fusionCandidate(upstream) as? FusableSequence {
            return fusable.fusedDropFirst(count, bridge: self)
        }
        return publisherValue(upstream.dropFirst(count))
    }

    private func removeDuplicates<P: Publisher>(_ upstream: P) -> Value where P.Output == Value {
        if let fusable = fusionCandidate(upstream) as? FusableSequence {
            return fusable.fusedRemoveDuplicates(bridge: self)
        }
        return publisherValue(upstream.removeDuplicates())
    }
}
