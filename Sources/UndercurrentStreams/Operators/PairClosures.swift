import OpenCombine
import UndercurrentInterpreter

/// Script closures of two arguments (accumulators, orderings) and Swift's own `<` and
/// `==` on script values, as the Swift closures operators take. Like the ones in
/// ScriptClosures.swift, a script error inside one is recorded and reported later.
extension StreamBridge {
    func throwingAccumulator(_ function: Value, at location: SourceLocation) -> (Value, Value) throws -> Value {
        { [unowned self] accumulated, input in
            try self.throwingCall(accumulated) {
                self.interpreter.accumulated(
                    try self.interpreter.call(function, [accumulated, input], at: location), like: accumulated)
            }
        }
    }

    func ordering(_ function: Value, at location: SourceLocation) -> (Value, Value) -> Bool {
        { [unowned self] lhs, rhs in
            self.fromEngine(false) {
                try self.flag(self.interpreter.call(function, [lhs, rhs], at: location), at: location)
            }
        }
    }

    func throwingOrdering(_ function: Value, at location: SourceLocation) -> (Value, Value) throws -> Bool {
        { [unowned self] lhs, rhs in
            try self.throwingCall(false) {
                try self.flag(self.interpreter.call(function, [lhs, rhs], at: location), at: location)
            }
        }
    }

    /// `<` as the script defines it (a `Comparable` conformance of its own, or Swift's).
    func lessThan(at location: SourceLocation) -> (Value, Value) -> Bool {
        { [unowned self] lhs, rhs in
            self.fromEngine(false) {
                try self.flag(self.interpreter.applyBinary(.less, lhs, rhs, at: location), at: location)
            }
        }
    }

    /// `== value`, as the script defines equality.
    func equals(_ value: Value, at location: SourceLocation) -> (Value) -> Bool {
        { [unowned self] element in
            self.fromEngine(false) {
                try self.flag(self.interpreter.applyBinary(.equal, element, value, at: location), at: location)
            }
        }
    }

    /// Runs script code for a `try` operator: a script `throw` becomes the stream's failure,
    /// any other error stops the script.
    func throwingCall<T>(_ fallback: T, _ body: () throws -> T) throws -> T {
        guard !interpreter.isAborting else { return fallback }
        do {
            return try body()
        } catch let thrown as ThrownValue {
            throw ScriptFailure(thrown.value)
        } catch {
            interpreter.recordPendingError(error)
            return fallback
        }
    }

    private func flag(_ value: Value, at location: SourceLocation) throws -> Bool {
        guard case .bool(let flag) = value else {
            throw ScriptError.runtime("this closure must return a Bool", at: location)
        }
        return flag
    }
}
