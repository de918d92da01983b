/// `Range` and `ClosedRange` (one type here): bounds, and the members that Swift computes
/// from the bounds rather than by walking the elements.
extension StandardLibrary {
    func installRangeMembers(into interpreter: Interpreter, sequence: TypeInfo) {
        let range = interpreter.builtins.range
        range.property("lowerBound") { _, value in try bound(value, lower: true) }
        range.property("upperBound") { _, value in try bound(value, lower: false) }
        range.overrideProperty("count", inheriting: sequence) { _, value in
            guard let (low, high) = integerBounds(value) else {
                throw ScriptError.runtime("only integer ranges have a count")
            }
            guard high >= low else { return .int(0) }
            // Swift counts `distance(from:to:) + 1`, which traps past Int.max elements.
            let (span, overflow) = high.subtractingReportingOverflow(low)
            guard !overflow, span < Int.max else {
                throw ScriptError.runtime(
                    "arithmetic overflow: the range \(Formatter.describe(value, debug: false)) has more than Int.max (9223372036854775807) elements"
                )
            }
            return .int(span + 1)
        }
        range.overrideProperty("isEmpty", inheriting: sequence) { _, value in
            guard case .range(let range) = value, let lower = range.lower, let upper = range.upper else {
                return .bool(false)
            }
            let isHalfOpen = range.kind == .halfOpen || range.kind == .upTo
            return .bool(isHalfOpen && ValueEquality.compare(lower, upper) == 0)
        }
        range.overrideMethod("contains(_:)", inheriting: sequence) { arguments in
            guard case .range(let range) = arguments.receiverValue else { return .bool(false) }
            return .bool(try arguments.interpreter.rangeContains(range, arguments[0], at: arguments.location))
        }
    }
}

private func bound(_ value: Value, lower: Bool) throws -> Value {
    guard case .range(let range) = value, let bound = lower ? range.lower : range.upper else {
        throw ScriptError.runtime("this range has no \(lower ? "lower" : "upper") bound")
    }
    return bound
}

/// The first and last integer of a bounded integer range.
private func integerBounds(_ value: Value) -> (Int, Int)? {
    guard case .range(let range) = value, range.lower != nil, let bounds = range.integerBounds,
        let upper = bounds.upper
    else { return nil }
    return (bounds.lower, upper)
}
