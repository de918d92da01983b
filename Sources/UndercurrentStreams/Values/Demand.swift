import OpenCombine
import UndercurrentInterpreter

/// `Subscribers.Demand` as a script value: a scalar (`ScalarValue`), held inside the value,
/// so that copying one retains nothing. Its bits are the count it asks for, or -1 for
/// `.unlimited`. Arithmetic is OpenCombine's, with the checks for what OpenCombine traps on
/// (a negative result) made here.
final class DemandType: ScalarType {
    static func demand(_ bits: Int) -> Subscribers.Demand { bits < 0 ? .unlimited : .max(bits) }

    func value(_ demand: Subscribers.Demand) -> Value { .scalar(ScalarValue(self, bits: demand.max ?? -1)) }

    override func description(of bits: Int) -> String { Self.demand(bits).description }

    override func compare(_ a: Int, _ b: Int) -> Int? {
        let (left, right) = (Self.rank(a), Self.rank(b))
        return left < right ? -1 : (left == right ? 0 : 1)
    }

    /// A demand's place in `Subscribers.Demand`'s order, from its bits: the count, and
    /// `.unlimited` above every count.
    @inline(__always)
    static func rank(_ bits: Int) -> UInt { bits < 0 ? .max : UInt(bits) }

    override func bits(standingFor integer: Int) -> Int? { integer >= 0 ? integer : nil }

    // A custom subscription does demand arithmetic on every value (`demand -= 1`, `demand > 0`,
    // `demand += received`), which the engine asks here first (`Interpreter.applyScalarOperator`),
    // without `Value`s. It is computed on the two demands' bits by OpenCombine's rules for
    // `Subscribers.Demand` (each checked against its operators in `DemandBitsTests`): making
    // two `Demand`s and calling its operators, across the module boundary, was most of its
    // cost. What is an error (a negative difference) is left to `applyOperator`, which
    // reports it.
    override func operate(_ op: BinaryOperator, _ a: Int, _ b: Int) -> ScalarOutcome? {
        let unlimited = -1
        switch op {
        case .plus:
            if a < 0 || b < 0 { return .bits(unlimited) }
            let (sum, overflows) = a.addingReportingOverflow(b)
            return .bits(overflows ? unlimited : sum)
        case .minus:
            if a < 0 { return .bits(unlimited) }
            if b < 0 { return .bits(0) }
            // A negative difference is an error, which `applyOperator` reports.
            return b > a ? nil : .bits(a - b)
        default:
            return op.compares(Self.rank(a), Self.rank(b)).map(ScalarOutcome.truth)
        }
    }

    // What `operate` leaves: the errors, `*`, an Int on the left, optionals. Computed here
    // rather than through the static operator functions, whose lookup and call took a fifth
    // of a custom subscription's time.
    override func applyOperator(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value? {
        // `demand == maybe` compares through the optional (`Interpreter.valuesEqual`).
        if case .optional = lhs { return nil }
        if case .optional = rhs { return nil }
        return try Self.apply(op, lhs, rhs).map(value(of:))
    }

    enum OperatorResult {
        case demand(Subscribers.Demand)
        case truth(Bool)
    }

    @inline(__always)
    func value(of result: OperatorResult) -> Value {
        switch result {
        case .demand(let demand): value(demand)
        case .truth(let truth): .bool(truth)
        }
    }

    static let arithmeticOperators: [BinaryOperator] = [.plus, .minus, .times]
    static let comparisonOperators: [BinaryOperator] = [
        .equal, .notEqual, .less, .greater, .lessOrEqual, .greaterOrEqual,
    ]

    /// `Subscribers.Demand`'s operators, with the checks for what OpenCombine traps on
    /// (a negative result). Nil when `op` is not one of them.
    static func apply(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> OperatorResult? {
        if op == .equal || op == .notEqual, let equal = try optionalsEqual(lhs, rhs) {
            return .truth(op == .equal ? equal : !equal)
        }
        switch op {
        case .times:
            guard case .int(let factor) = rhs, factor >= 0 else {
                throw ScriptError.runtime("a demand can only be multiplied by an Int of 0 or more", at: .unknown)
            }
            return .demand(try operand(lhs) * factor)
        case .plus, .minus, .equal, .notEqual, .less, .greater, .lessOrEqual, .greaterOrEqual:
            return try apply(op, operand(lhs), operand(rhs))
        default:
            return nil
        }
    }

    /// The operators between two demands; nil for another operator.
    @inline(__always)
    private static func apply(
        _ op: BinaryOperator, _ left: Subscribers.Demand, _ right: Subscribers.Demand
    ) throws -> OperatorResult? {
        switch op {
        case .plus: return .demand(left + right)
        case .minus:
            if let leftCount = left.max, let rightCount = right.max, rightCount > leftCount {
                throw ScriptError.runtime("demand cannot be negative (\(left) - \(right))", at: .unknown)
            }
            return .demand(left - right)
        default:
            guard let holds = op.compares(left, right) else { return nil }
            return .truth(holds)
        }
    }

    /// `==` where either side is an optional demand (`maybe == .max(1)`), as Swift compares
    /// through the optional; nil when neither is an optional.
    private static func optionalsEqual(_ lhs: Value, _ rhs: Value) throws -> Bool? {
        func unwrapped(_ value: Value) -> Value? {
            if case .optional(let wrapped) = value { return wrapped.flatMap(unwrapped) }
            return value
        }
        guard case .optional = lhs else {
            guard case .optional = rhs else { return nil }
            return try optionalsEqual(rhs, lhs)
        }
        switch (unwrapped(lhs), unwrapped(rhs)) {
        case (nil, nil): return true
        case (let a?, let b?): return try operand(a) == operand(b)
        default: return false
        }
    }

    /// A demand from a script value: a `Demand`, or an `Int` where Combine accepts one.
    static func operand(_ value: Value, at location: SourceLocation = .unknown) throws -> Subscribers.Demand {
        switch value {
        // The class is final: comparing the type is a dynamic cast without the runtime call.
        case .scalar(let scalar) where scalar.hasType(DemandType.self):
            return demand(scalar.bits)
        case .int(let count):
            guard count >= 0 else { throw negativeDemand(count, at: location) }
            return .max(count)
        default:
            throw ScriptError.runtime(
                "expected a Subscribers.Demand, got \(Formatter.typeName(of: value))",
                at: location)
        }
    }

    static func negativeDemand(_ count: Int, at location: SourceLocation) -> ScriptError {
        ScriptError.runtime(
            "demand cannot be negative (.max(\(count)))", at: location,
            notes: ["Combine stops the program here: a demand counts values still wanted, from 0 up."])
    }
}

extension StreamBridge {
    public func demandValue(_ demand: Subscribers.Demand) -> Value {
        demandType.value(demand)
    }

    /// A demand from a script value: a `Demand`, or an `Int` where Combine accepts one.
    public func demand(from value: Value, at location: SourceLocation) throws -> Subscribers.Demand {
        try DemandType.operand(value, at: location)
    }

    func installDemand() {
        let demandType = types.demand
        demandType.addNativeProperty(
            "unlimited", isStatic: true,
            NativeProperty(isConstant: true) { [unowned self] _, _ in
                self.demandValue(.unlimited)
            })
        demandType.addNativeProperty(
            "none", isStatic: true,
            NativeProperty(isConstant: true) { [unowned self] _, _ in
                self.demandValue(.none)
            })
        demandType.addNativeMethod(
            NativeFunction("max(_:)", types: [.simple("Int")], pure: true) { [unowned self] arguments in
                guard case .int(let count) = arguments[0] else {
                    throw ScriptError.runtime(".max needs an Int", at: arguments.location)
                }
                guard count >= 0 else { throw DemandType.negativeDemand(count, at: arguments.location) }
                return self.demandValue(.max(count))
            }, isStatic: true)
        demandType.addNativeProperty(
            "max",
            NativeProperty { _, value in
                guard case .scalar(let scalar) = value, scalar.hasType(DemandType.self) else {
                    return .optional(nil)
                }
                return .optional(DemandType.demand(scalar.bits).max.map(Value.int))
            })
        demandType.addNativeProperty("description", NativeProperty { _, value in .string(value.description) })
        // The operator functions, for `Subscribers.Demand.+` passed as a function value.
        for op in DemandType.arithmeticOperators + DemandType.comparisonOperators {
            demandType.addNativeMethod(
                NativeFunction("\(op.spelling)(_:_:)") { [unowned self] arguments in
                    let result = try self.interpreter.locating(arguments.location) {
                        try DemandType.apply(op, arguments[0], arguments[1])
                    }
                    guard let result else {
                        throw ScriptError.runtime(
                            "no operator \(op.spelling) on Subscribers.Demand", at: arguments.location)
                    }
                    return self.demandType.value(of: result)
                }, isStatic: true)
        }
    }
}
