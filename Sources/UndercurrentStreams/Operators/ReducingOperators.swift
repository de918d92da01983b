import OpenCombine
import UndercurrentInterpreter

/// Operators that publish one value when the upstream finishes: reduce, collect, count,
/// min/max, contains, allSatisfy, ignoreOutput; and tryScan.
extension StreamBridge {
    func installReducingOperators() {
        addOperator("reduce(_:_:)") { [unowned self] upstream, arguments in
            let initial = arguments[0]
            let next = self.accumulator(arguments[1], at: arguments.location)
            return self.fused(upstream, .reduce(initial, next))
                ?? upstream.with(
                    { self.publisherValue($0.reduce(initial, next)) },
                    { self.publisherValue($0.reduce(initial, next)) })
        }
        addOperator("tryReduce(_:_:)") { [unowned self] upstream, arguments in
            let initial = arguments[0]
            let next = self.throwingAccumulator(arguments[1], at: arguments.location)
            return self.fused(upstream, .tryReduce(initial, next))
                ?? upstream.with(
                    { self.publisherValue(ScriptFailurePublisher(upstream: $0.tryReduce(initial, next))) },
                    { self.publisherValue(ScriptFailurePublisher(upstream: $0.tryReduce(initial, next))) })
        }
        addOperator("tryScan(_:_:)") { [unowned self] upstream, arguments in
            let initial = arguments[0]
            let next = self.throwingAccumulator(arguments[1], at: arguments.location)
            return self.fused(upstream, .tryScan(initial, next))
                ?? upstream.with(
                    { self.publisherValue(ScriptFailurePublisher(upstream: $0.tryScan(initial, next))) },
                    { self.publisherValue(ScriptFailurePublisher(upstream: $0.tryScan(initial, next))) })
        }
        addOperator("collect()") { [unowned self] upstream, _ in
            self.fused(upstream, .collect)
                ?? upstream.with({ self.arrayValues($0.collect()) }, { self.arrayValues($0.collect()) })
        }
        addOperator("collect(_:)") { [unowned self] upstream, arguments in
            let count = try self.integer(arguments[0], "collect's count", at: arguments.location)
            guard count > 0 else {
                throw ScriptError.runtime(
                    "collect(_:) needs a count of at least 1", at: arguments.location,
                    notes: ["Combine stops the program on collect(0): it would request no values."])
            }
            return upstream.with({ self.arrayValues($0.collect(count)) }, { self.arrayValues($0.collect(count)) })
        }
        addOperator("count()") { [unowned self] upstream, _ in
            self.fused(upstream, .count)
                ?? upstream.with(
                    { self.publisherValue(ConvertingPublisher(upstream: $0.count(), convert: Value.int)) },
                    { self.publisherValue(ConvertingPublisher(upstream: $0.count(), convert: Value.int)) })
        }
        installComparisonOperators()
        installContainmentOperators()
        addOperator("ignoreOutput()") { [unowned self] upstream, _ in
            self.fused(upstream, .ignoreOutput)
                ?? upstream.with(
                    { self.publisherValue(ConvertingPublisher(upstream: $0.ignoreOutput(), convert: absurd)) },
                    { self.publisherValue(ConvertingPublisher(upstream: $0.ignoreOutput(), convert: absurd)) })
        }
    }

    private func installComparisonOperators() {
        addOperator("min()") { [unowned self] upstream, arguments in
            self.minimum(upstream, by: self.lessThan(at: arguments.location))
        }
        addOperator("max()") { [unowned self] upstream, arguments in
            self.maximum(upstream, by: self.lessThan(at: arguments.location))
        }
        addOperator("min(by:)") { [unowned self] upstream, arguments in
            self.minimum(upstream, by: self.ordering(arguments[0], at: arguments.location))
        }
        addOperator("max(by:)") { [unowned self] upstream, arguments in
            self.maximum(upstream, by: self.ordering(arguments[0], at: arguments.location))
        }
        addOperator("tryMin(by:)") { [unowned self] upstream, arguments in
            let less = self.throwingOrdering(arguments[0], at: arguments.location)
            return self.fused(upstream, .tryMin(by: less))
                ?? upstream.with(
                    { self.publisherValue(ScriptFailurePublisher(upstream: $0.tryMin(by: less))) },
                    { self.publisherValue(ScriptFailurePublisher(upstream: $0.tryMin(by: less))) })
        }
        addOperator("tryMax(by:)") { [unowned self] upstream, arguments in
            let less = self.throwingOrdering(arguments[0], at: arguments.location)
            return self.fused(upstream, .tryMax(by: less))
                ?? upstream.with(
                    { self.publisherValue(ScriptFailurePublisher(upstream: $0.tryMax(by: less))) },
                    { self.publisherValue(ScriptFailurePublisher(upstream: $0.tryMax(by: less))) })
        }
    }

    private func minimum(_ upstream: AnyScriptPublisher, by less: @escaping (Value, Value) -> Bool) -> Value {
        fused(upstream, .min(by: less))
            ?? upstream.with({ publisherValue($0.min(by: less)) }, { publisherValue($0.min(by: less)) })
    }

    private func maximum(_ upstream: AnyScriptPublisher, by less: @escaping (Value, Value) -> Bool) -> Value {
        fused(upstream, .max(by: less))
            ?? upstream.with({ publisherValue($0.max(by: less)) }, { publisherValue($0.max(by: less)) })
    }

    private func installContainmentOperators() {
        addOperator("contains(_:)") { [unowned self] upstream, arguments in
            let output = arguments[0]
            return self.fused(upstream, .contains(where: self.equals(output, at: arguments.location)))
                ?? upstream.with({ self.booleans($0.contains(output)) }, { self.booleans($0.contains(output)) })
        }
        addOperator("contains(where:)", types: [closureParameter]) { [unowned self] upstream, arguments in
            let predicate = self.predicate(arguments[0], at: arguments.location)
            return self.fused(upstream, .contains(where: predicate))
                ?? upstream.with(
                    { self.booleans($0.contains(where: predicate)) },
                    { self.booleans($0.contains(where: predicate)) })
        }
        addOperator("tryContains(where:)", types: [closureParameter]) { [unowned self] upstream, arguments in
            let predicate = self.throwingPredicate(arguments[0], at: arguments.location)
            return self.fused(upstream, .tryContains(where: predicate))
                ?? upstream.with(
                    { self.booleans($0.tryContains(where: predicate)) },
                    { self.booleans($0.tryContains(where: predicate)) })
        }
        addOperator("allSatisfy(_:)") { [unowned self] upstream, arguments in
            let predicate = self.predicate(arguments[0], at: arguments.location)
            return self.fused(upstream, .allSatisfy(predicate))
                ?? upstream.with(
                    { self.booleans($0.allSatisfy(predicate)) }, { self.booleans($0.allSatisfy(predicate)) })
        }
        addOperator("tryAllSatisfy(_:)") { [unowned self] upstream, arguments in
            let predicate = self.throwingPredicate(arguments[0], at: arguments.location)
            return self.fused(upstream, .tryAllSatisfy(predicate))
                ?? upstream.with(
                    { self.booleans($0.tryAllSatisfy(predicate)) },
                    { self.booleans($0.tryAllSatisfy(predicate)) })
        }
    }

    /// A publisher of Swift `Bool`s as one of script values.
    private func booleans<P: Publisher>(_ publisher: P) -> Value where P.Output == Bool {
        publisherValue(ConvertingPublisher(upstream: publisher, convert: Value.bool))
    }

    private func booleans<P: Publisher>(_ publisher: P) -> Value where P.Output == Bool, P.Failure == Error {
        publisherValue(ScriptFailurePublisher(upstream: ConvertingPublisher(upstream: publisher, convert: Value.bool)))
    }
}

/// The conversion of a publisher that never outputs (`ignoreOutput`).
func absurd(_ never: Never) -> Value {}
