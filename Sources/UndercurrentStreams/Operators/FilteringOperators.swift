import OpenCombine
import UndercurrentInterpreter

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
                    { self.publisherValue($0.output(at: index)) },
                    { self.publisherValue($0.output(at: index)) })
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
        if let fusable = (upstream as? AnyValuePublisherBase)?.basePublisher as? FusableSequence {
            return fusable.fusedFilter(isIncluded, bridge: self)
        }
        return publisherValue(upstream.filter(isIncluded))
    }

    private func prefix<P: Publisher>(_ upstream: P, _ count: Int) -> Value where P.Output == Value {
        if let fusable = (upstream as? AnyValuePublisherBase)?.basePublisher as? FusableSequence {
            return fusable.fusedPrefix(count, bridge: self)
        }
        return publisherValue(upstream.prefix(count))
    }

    private func dropFirst<P: Publisher>(_ upstream: P, _ count: Int) -> Value where P.Output == Value {
        if let fusable = (upstream as? AnyValuePublisherBase)?.basePublisher as? FusableSequence {
            return fusable.fusedDropFirst(count, bridge: self)
        }
        return publisherValue(upstream.dropFirst(count))
    }

    private func removeDuplicates<P: Publisher>(_ upstream: P) -> Value where P.Output == Value {
        if let fusable = (upstream as? AnyValuePublisherBase)?.basePublisher as? FusableSequence {
            return fusable.fusedRemoveDuplicates(bridge: self)
        }
        return publisherValue(upstream.removeDuplicates())
    }
}
