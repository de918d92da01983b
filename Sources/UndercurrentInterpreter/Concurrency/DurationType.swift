/// Swift's `Duration`, as far as tasks use it: made with `.seconds(_:)`,
/// `.milliseconds(_:)`, `.microseconds(_:)`, `.nanoseconds(_:)` or `.zero`, compared, added,
/// subtracted, and slept for (`Task.sleep(for:)`). Held in nanoseconds.
final class DurationValue: NativeValue {
    let nanoseconds: Int64

    init(nanoseconds: Int64, type: TypeInfo) {
        self.nanoseconds = nanoseconds
        super.init(typeInfo: type)
    }

    /// `Duration`'s own description: seconds as a Double (`1.0 seconds`, `0.25 seconds`).
    override var description: String { "\(Double(nanoseconds) / 1_000_000_000) seconds" }

    override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? DurationValue else { return false }
        return nanoseconds == other.nanoseconds
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(nanoseconds) }

    override func isLess(than other: NativeValue) -> Bool? {
        guard let other = other as? DurationValue else { return nil }
        return nanoseconds < other.nanoseconds
    }

    override func applyOperator(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value? {
        guard case .native(let left as DurationValue) = lhs else { return nil }
        let result: (Int64, Bool)
        switch (op, rhs) {
        case (.plus, .native(let right as DurationValue)):
            result = left.nanoseconds.addingReportingOverflow(right.nanoseconds)
        case (.minus, .native(let right as DurationValue)):
            result = left.nanoseconds.subtractingReportingOverflow(right.nanoseconds)
        case (.times, .int(let factor)): result = left.nanoseconds.multipliedReportingOverflow(by: Int64(factor))
        default: return nil
        }
        guard !result.1 else { throw ScriptError.runtime("Duration arithmetic overflowed") }
        return .native(DurationValue(nanoseconds: result.0, type: typeInfo))
    }
}

extension StandardLibrary {
    func installDuration(into interpreter: Interpreter) {
        let type = TypeInfo(name: "Duration", kind: .builtin, qualifiedName: "Swift.Duration")
        type.conformances = ["Comparable", "Equatable", "Hashable"]
        interpreter.registerType(type)
        let units: [(String, Double)] = [
            ("seconds", 1_000_000_000), ("milliseconds", 1_000_000), ("microseconds", 1_000), ("nanoseconds", 1),
        ]
        for (unit, scale) in units {
            type.method("\(unit)(_:)", isStatic: true) { [unowned type] arguments in
                let nanoseconds: Double
                switch arguments[0] {
                case .int(let count): nanoseconds = Double(count) * scale
                case .double(let count) where unit == "seconds" || unit == "milliseconds": nanoseconds = count * scale
                default:
                    throw ScriptError.runtime("Duration.\(unit)(_:) needs a number", at: arguments.location)
                }
                guard nanoseconds.isFinite, abs(nanoseconds) < 9.2e18 else {
                    throw ScriptError.runtime("this Duration is too long", at: arguments.location)
                }
                return .native(DurationValue(nanoseconds: Int64(nanoseconds.rounded()), type: type))
            }
        }
        type.property("zero", isStatic: true) { [unowned type] _, _ in
            .native(DurationValue(nanoseconds: 0, type: type))
        }
    }
}

extension Interpreter {
    /// Nanoseconds in a script's `Duration`.
    func nanoseconds(of value: Value, at location: SourceLocation) throws -> Int64 {
        guard case .native(let duration as DurationValue) = value else {
            throw ScriptError.runtime("expected a Duration (.seconds(1), .milliseconds(500))", at: location)
        }
        return duration.nanoseconds
    }
}
