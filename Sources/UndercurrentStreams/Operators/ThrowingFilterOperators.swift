import OpenCombine
import UndercurrentInterpreter

/// The `try` forms of the filtering operators: a `throw` in the closure fails the stream
/// with the thrown error.
extension StreamBridge {
    func installThrowingFilterOperators() {
        addOperator("tryFilter(_:)") { [unowned self] upstream, arguments in
            let isIncluded = self.throwingPredicate(arguments[0], at: arguments.location)
            return upstream.with(
                { self.failingWithScriptErrors($0.tryFilter(isIncluded)) },
                { self.failingWithScriptErrors($0.tryFilter(isIncluded)) })
        }
        addOperator("tryDrop(while:)") { [unowned self] upstream, arguments in
            let condition = self.throwingPredicate(arguments[0], at: arguments.location)
            return upstream.with(
                { self.failingWithScriptErrors($0.tryDrop(while: condition)) },
                { self.failingWithScriptErrors($0.tryDrop(while: condition)) })
        }
        addOperator("tryPrefix(while:)", types: [closureParameter]) { [unowned self] upstream, arguments in
            let condition = self.throwingPredicate(arguments[0], at: arguments.location)
            return upstream.with(
                { self.failingWithScriptErrors($0.tryPrefix(while: condition)) },
                { self.failingWithScriptErrors($0.tryPrefix(while: condition)) })
        }
        addOperator("tryFirst(where:)") { [unowned self] upstream, arguments in
            let condition = self.throwingPredicate(arguments[0], at: arguments.location)
            return upstream.with(
                { self.failingWithScriptErrors($0.tryFirst(where: condition)) },
                { self.failingWithScriptErrors($0.tryFirst(where: condition)) })
        }
        addOperator("tryLast(where:)") { [unowned self] upstream, arguments in
            let condition = self.throwingPredicate(arguments[0], at: arguments.location)
            return upstream.with(
                { self.failingWithScriptErrors($0.tryLast(where: condition)) },
                { self.failingWithScriptErrors($0.tryLast(where: condition)) })
        }
        addOperator("tryCompactMap(_:)") { [unowned self] upstream, arguments in
            let transform = self.throwingOptionalTransform(arguments[0], at: arguments.location)
            return upstream.with(
                { self.failingWithScriptErrors($0.tryCompactMap(transform)) },
                { self.failingWithScriptErrors($0.tryCompactMap(transform)) })
        }
        addOperator("tryRemoveDuplicates(by:)") { [unowned self] upstream, arguments in
            let same = self.throwingOrdering(arguments[0], at: arguments.location)
            return upstream.with(
                { self.failingWithScriptErrors($0.tryRemoveDuplicates(by: same)) },
                { self.failingWithScriptErrors($0.tryRemoveDuplicates(by: same)) })
        }
    }

    /// A `try` operator's publisher (Failure `Error`) as a script publisher.
    func failingWithScriptErrors<P: Publisher>(_ publisher: P) -> Value where P.Output == Value, P.Failure == Error {
        publisherValue(ScriptFailurePublisher(upstream: publisher))
    }

    func throwingOptionalTransform(_ function: Value, at location: SourceLocation) -> (Value) throws -> Value? {
        { [unowned self] input in
            let result = try self.throwingCall(Value.none) {
                try self.interpreter.call(function, [input], at: location)
            }
            if case .optional(let wrapped) = result { return wrapped }
            return result
        }
    }
}
