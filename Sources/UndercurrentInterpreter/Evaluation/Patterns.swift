extension Interpreter {
    /// Matches `value` against `pattern`, binding names into the frame on success.
    func match(_ pattern: Pattern, _ value: Value, in frame: Frame) throws -> Bool {
        switch pattern {
        case .wildcard:
            return true

        case .binding(let slot, _):
            frame.fill(slot, with: value)
            return true

        case .tuple(let patterns):
            guard case .tuple(let tuple) = value, tuple.elements.count == patterns.count else {
                // `case .pair(let (a, b))` sees the payload as a tuple.
                if patterns.count == 1 { return try match(patterns[0], value, in: frame) }
                return false
            }
            for (subpattern, element) in zip(patterns, tuple.elements) {
                guard try match(subpattern, element, in: frame) else { return false }
            }
            return true

        case .enumCase(let name, let subpatterns, let fallback):
            var subject = value
            if case .optional(let wrapped) = subject {
                // `.some(x)` / `.none` match the optional itself; other cases its wrapped value.
                if name == "none" { return wrapped == nil }
                if name == "some" {
                    guard let wrapped else { return false }
                    guard let subpatterns, let first = subpatterns.first else { return true }
                    return try match(first.1, wrapped, in: frame)
                }
                guard let wrapped else { return false }
                subject = wrapped
            }
            guard case .enumValue(let enumValue) = subject else {
                if let fallback {
                    let expected = try evaluate(fallback, in: frame, expected: typeRef(of: subject))
                    return try patternMatches(expected, subject, at: fallback.location)
                }
                return false
            }
            guard enumValue.caseName == name else { return false }
            guard let subpatterns else { return true }
            let payload = enumValue.payload
            if subpatterns.count == payload.count {
                for (subpattern, element) in zip(subpatterns, payload) {
                    guard try match(subpattern.1, element, in: frame) else { return false }
                }
                return true
            }
            if subpatterns.count == 1 {
                // One pattern for several associated values binds them as a tuple.
                let tuple = Value.tuple(TupleValue(labels: enumValue.caseInfo.associatedLabels, elements: payload))
                return try match(subpatterns[0].1, tuple, in: frame)
            }
            return false

        case .optionalSome(let inner):
            guard case .optional(let wrapped) = value, let wrapped else { return false }
            return try match(inner, wrapped, in: frame)

        case .isType(let type):
            return try isInstance(value, of: type, at: .unknown)

        case .cast(let inner, let type):
            let converted = try cast(value, .conditional, to: type, at: .unknown)
            guard case .optional(let wrapped) = converted, let wrapped else { return false }
            return try match(inner, wrapped, in: frame)

        case .expression(let expr):
            let expected = try evaluate(expr, in: frame, expected: typeRef(of: value))
            if case .optional(let wrapped) = value {
                if case .optional = expected {
                } else {
                    // `case 5:` on an `Int?` compares with the wrapped value.
                    guard let wrapped else { return false }
                    return try patternMatches(expected, wrapped, at: expr.location)
                }
            }
            // A script type may define its own `~=`.
            let type = typeInfo(of: expected)
            if let callable = staticCallables(of: type, "~=").first {
                return try truth(
                    invoke(
                        callable, receiver: nil, receiverCell: nil, values: [expected, value],
                        inoutCells: [:], at: expr.location), at: expr.location)
            }
            return try patternMatches(expected, value, at: expr.location)
        }
    }
}
