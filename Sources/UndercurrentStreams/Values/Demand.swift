import OpenCombine
import UndercurrentInterpreter

/// `Subscribers.Demand` as a script value. Arithmetic is checked here, because
/// OpenCombine traps on a negative demand.
public final class DemandValue: NativeValue {
    public let demand: Subscribers.Demand
    /// Where the results of this demand's arithmetic come from when they are common ones.
    /// Not retained, as the bridge's own native members hold the bridge: script code, the
    /// only caller of the arithmetic, runs while its bridge and so the table live. A weak
    /// link cost a side-table load and release per `demand -= 1`, and an unowned one an
    /// atomic check of the table's counts, a fortieth of a custom subscription's time.
    private let shared: Unmanaged<SharedDemands>?

    init(_ demand: Subscribers.Demand, type: TypeInfo, shared: SharedDemands?) {
        self.demand = demand
        self.shared = shared.map { .passUnretained($0) }
        super.init(typeInfo: type)
    }

    public override var description: String { demand.description }

    public override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? DemandValue else { return false }
        return demand == other.demand
    }

    public override func hash(into hasher: inout Hasher) { hasher.combine(demand) }

    public override func isLess(than other: NativeValue) -> Bool? {
        guard let other = other as? DemandValue else { return nil }
        return demand < other.demand
    }

    // A custom subscription does demand arithmetic on every value (`demand -= 1`,
    // `demand > 0`): computed here directly rather than through the static operator
    // functions, whose lookup and call took a fifth of such a script's time.
    public override func applyOperator(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value? {
        guard let result = try Self.apply(op, lhs, rhs) else { return nil }
        switch result {
        case .demand(let demand):
            if let shared { return .native(shared._withUnsafeGuaranteedRef { $0.value(for: demand) }) }
            return .native(DemandValue(demand, type: typeInfo, shared: nil))
        case .truth(let truth): return .bool(truth)
        }
    }

    enum OperatorResult {
        case demand(Subscribers.Demand)
        case truth(Bool)
    }

    static let arithmeticOperators: [BinaryOperator] = [.plus, .minus, .times]
    static let comparisonOperators: [BinaryOperator] = [
        .equal, .notEqual, .less, .greater, .lessOrEqual, .greaterOrEqual,
    ]

    /// `Subscribers.Demand`'s operators, with the checks for what OpenCombine traps on
    /// (a negative result). Nil when `op` is not one of them.
    static func apply(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> OperatorResult? {
        switch op {
        case .plus: return .demand(try operand(lhs) + operand(rhs))
        case .minus:
            let (left, right) = (try operand(lhs), try operand(rhs))
            if let leftCount = left.max, let rightCount = right.max, rightCount > leftCount {
                throw ScriptError.runtime("demand cannot be negative (\(left) - \(right))", at: .unknown)
            }
            return .demand(left - right)
        case .times:
            guard case .int(let factor) = rhs, factor >= 0 else {
                throw ScriptError.runtime("a demand can only be multiplied by an Int of 0 or more", at: .unknown)
            }
            return .demand(try operand(lhs) * factor)
        case .equal: return .truth(try operand(lhs) == operand(rhs))
        case .notEqual: return .truth(try operand(lhs) != operand(rhs))
        case .less: return .truth(try operand(lhs) < operand(rhs))
        case .greater: return .truth(try operand(lhs) > operand(rhs))
        case .lessOrEqual: return .truth(try operand(lhs) <= operand(rhs))
        case .greaterOrEqual: return .truth(try operand(lhs) >= operand(rhs))
        default: return nil
        }
    }

    /// A demand from a script value: a `Demand`, or an `Int` where Combine accepts one.
    static func operand(_ value: Value, at location: SourceLocation = .unknown) throws -> Subscribers.Demand {
        switch value {
        // The class is final: comparing the type is a dynamic cast without the runtime call.
        case .native(let native) where type(of: native) == DemandValue.self:
            return unsafeDowncast(native, to: DemandValue.self).demand
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

/// The demands scripts use all the time, `.none` to `.max(16)` and `.unlimited`, made once
/// and shared (a demand never changes). A subscription asking `.max(1)` per value would
/// otherwise allocate a demand for every value, and one more for each `demand -= 1`.
final class SharedDemands {
    private let type: TypeInfo
    private var counted: [DemandValue] = []
    private var unlimited: DemandValue?

    init(type: TypeInfo) {
        self.type = type
        counted = (0...16).map { DemandValue(.max($0), type: type, shared: self) }
        unlimited = DemandValue(.unlimited, type: type, shared: self)
    }

    func value(for demand: Subscribers.Demand) -> DemandValue {
        guard let count = demand.max else { return unlimited! }
        if count < counted.count { return counted[count] }
        return DemandValue(demand, type: type, shared: self)
    }
}

extension StreamBridge {
    public func demandValue(_ demand: Subscribers.Demand) -> Value {
        .native(sharedDemands.value(for: demand))
    }

    /// A demand from a script value: a `Demand`, or an `Int` where Combine accepts one.
    public func demand(from value: Value, at location: SourceLocation) throws -> Subscribers.Demand {
        try DemandValue.operand(value, at: location)
    }

    func installDemand() {
        let demandType = types.demand
        demandType.addNativeProperty(
            "unlimited", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                self.demandValue(.unlimited)
            })
        demandType.addNativeProperty(
            "none", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                self.demandValue(.none)
            })
        demandType.addNativeMethod(
            NativeFunction("max(_:)", types: [.simple("Int")], pure: true) { [unowned self] arguments in
                guard case .int(let count) = arguments[0] else {
                    throw ScriptError.runtime(".max needs an Int", at: arguments.location)
                }
                guard count >= 0 else { throw DemandValue.negativeDemand(count, at: arguments.location) }
                return self.demandValue(.max(count))
            }, isStatic: true)
        demandType.addNativeProperty(
            "max",
            NativeProperty { _, value in
                guard case .native(let native as DemandValue) = value else { return .optional(nil) }
                return .optional(native.demand.max.map(Value.int))
            })
        demandType.addNativeProperty("description", NativeProperty { _, value in .string(value.description) })
        // The operator functions, for `Subscribers.Demand.+` passed as a function value.
        for op in DemandValue.arithmeticOperators + DemandValue.comparisonOperators {
            demandType.addNativeMethod(
                NativeFunction("\(op.spelling)(_:_:)") { [unowned self] arguments in
                    let result = try self.interpreter.locating(arguments.location) {
                        try DemandValue.apply(op, arguments[0], arguments[1])
                    }
                    switch result {
                    case .demand(let demand)?: return self.demandValue(demand)
                    case .truth(let truth)?: return .bool(truth)
                    case nil:
                        throw ScriptError.runtime(
                            "no operator \(op.spelling) on Subscribers.Demand", at: arguments.location)
                    }
                }, isStatic: true)
        }
    }
}
