/// A pattern compiled: matches a value, binding its names into the frame on success.
typealias CompiledPattern = (Interpreter, Value, Frame) throws -> Bool

extension BodyCompiler {
    /// `case`, `if case`, `for case`, `catch` and destructuring `let` patterns.
    func pattern(_ pattern: Pattern) -> CompiledPattern {
        switch pattern {
        case .wildcard:
            return { _, _, _ in true }

        case .binding(let slot, _):
            return { _, value, frame in
                frame.fill(slot, with: value)
                return true
            }

        case .tuple(let patterns):
            let elements = patterns.map { PatternElement(match: self.pattern($0)) }
            return { interpreter, value, frame in
                guard case .tuple(let tuple) = value, tuple.elements.count == elements.count else {
                    // `case .pair(let (a, b))` sees the payload as a tuple.
                    if elements.count == 1 { return try elements[0].match(interpreter, value, frame) }
                    return false
                }
                for index in elements.indices {
                    guard try elements[index].match(interpreter, tuple.elements[index], frame) else { return false }
                }
                return true
            }

        case .enumCase(let name, let subpatterns, let fallback):
            return enumCase(name, subpatterns, fallback)

        case .optionalSome(let inner):
            let matchInner = self.pattern(inner)
            return { interpreter, value, frame in
                guard case .optional(let wrapped) = value, let wrapped else { return false }
                return try matchInner(interpreter, wrapped, frame)
            }

        case .isType(let type):
            return { interpreter, value, _ in try interpreter.isInstance(value, of: type, at: .unknown) }

        case .cast(let inner, let type):
            let matchInner = self.pattern(inner)
            return { interpreter, value, frame in
                let converted = try interpreter.cast(value, .conditional, to: type, at: .unknown)
                guard case .optional(let wrapped) = converted, let wrapped else { return false }
                return try matchInner(interpreter, wrapped, frame)
            }

        case .expression(let expr):
            // The expression takes its type from the value matched (`case .max(1):` on a Demand).
            let code = ExpressionCode(expr, compiler: self)
            let location = expr.location
            return { interpreter, value, frame in
                let expected = try code.evaluate(interpreter, frame, expected: interpreter.typeRef(of: value))
                if case .optional(let wrapped) = value {
                    if case .optional = expected {
                    } else {
                        // `case 5:` on an `Int?` compares with the wrapped value.
                        guard let wrapped else { return false }
                        return try interpreter.patternMatches(expected, wrapped, at: location)
                    }
                }
                return try interpreter.casePatternMatches(expected, value, at: location)
            }
        }
    }

    private func enumCase(_ name: String, _ subpatterns: [(String?, Pattern)]?, _ fallback: Expr?) -> CompiledPattern {
        let payloadPatterns = subpatterns?.map { PatternElement(match: self.pattern($0.1)) }
        let fallbackCode = fallback.map { ExpressionCode($0, compiler: self) }
        return { interpreter, value, frame in
            var subject = value
            if case .optional(let wrapped) = subject {
                // `.some(x)` / `.none` match the optional itself; other cases its wrapped value.
                if name == "none" { return wrapped == nil }
                if name == "some" {
                    guard let wrapped else { return false }
                    guard let first = payloadPatterns?.first else { return true }
                    return try first.match(interpreter, wrapped, frame)
                }
                guard let wrapped else { return false }
                subject = wrapped
            }
            guard case .enumValue(let enumValue) = subject else {
                if let fallbackCode {
                    let expected = try fallbackCode.evaluate(
                        interpreter, frame, expected: interpreter.typeRef(of: subject))
                    return try interpreter.patternMatches(expected, subject, at: fallbackCode.expr.location)
                }
                return false
            }
            guard enumValue.caseName == name else { return false }
            guard let payloadPatterns else { return true }
            let payload = enumValue.payload
            if payloadPatterns.count == payload.count {
                for index in payload.indices {
                    guard try payloadPatterns[index].match(interpreter, payload[index], frame) else { return false }
                }
                return true
            }
            if payloadPatterns.count == 1 {
                // One pattern for several associated values binds them as a tuple.
                let tuple = Value.tuple(TupleValue(labels: enumValue.caseInfo.associatedLabels, elements: payload))
                return try payloadPatterns[0].match(interpreter, tuple, frame)
            }
            return false
        }
    }
}

/// A compiled subpattern, kept in a struct: a closure read out of an array is called through
/// a reabstraction thunk.
private struct PatternElement {
    let match: CompiledPattern
}
