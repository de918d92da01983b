import OpenCombine
import UndercurrentInterpreter

/// `Subscribers.Demand` as a script value. Arithmetic is checked here, because
/// OpenCombine traps on a negative demand.
public final class DemandValue: NativeValue {
    public let demand: Subscribers.Demand

    init(_ demand: Subscribers.Demand, type: TypeInfo) {
        self.demand = demand
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
}

extension StreamBridge {
    public func demandValue(_ demand: Subscribers.Demand) -> Value {
        .native(DemandValue(demand, type: types.demand))
    }

    /// A demand from a script value: a `Demand`, or an `Int` where Combine accepts one.
    public func demand(from value: Value, at location: SourceLocation) throws -> Subscribers.Demand {
        switch value {
        case .native(let native as DemandValue): return native.demand
        case .int(let count):
            guard count >= 0 else { throw negativeDemand(count, at: location) }
            return .max(count)
        default:
            throw ScriptError.runtime("expected a Subscribers.Demand, got \(Formatter.typeName(of: value))",
                                      at: location)
        }
    }

    func negativeDemand(_ count: Int, at location: SourceLocation) -> ScriptError {
        ScriptError.runtime("demand cannot be negative (.max(\(count)))", at: location,
                            notes: ["Combine stops the program here: a demand counts values still wanted, from 0 up."])
    }

    func installDemand() {
        let demandType = types.demand
        func operand(_ value: Value, _ location: SourceLocation) throws -> Subscribers.Demand {
            try demand(from: value, at: location)
        }
        demandType.addNativeProperty("unlimited", isStatic: true, NativeProperty { [unowned self] _, _ in
            self.demandValue(.unlimited)
        })
        demandType.addNativeProperty("none", isStatic: true, NativeProperty { [unowned self] _, _ in
            self.demandValue(.none)
        })
        demandType.addNativeMethod(NativeFunction("max(_:)", types: [.simple("Int")]) { [unowned self] arguments in
            guard case .int(let count) = arguments[0] else {
                throw ScriptError.runtime(".max needs an Int", at: arguments.location)
            }
            guard count >= 0 else { throw self.negativeDemand(count, at: arguments.location) }
            return self.demandValue(.max(count))
        }, isStatic: true)
        demandType.addNativeProperty("max", NativeProperty { _, value in
            guard case .native(let native as DemandValue) = value else { return .optional(nil) }
            return .optional(native.demand.max.map(Value.int))
        })
        demandType.addNativeProperty("description", NativeProperty { _, value in .string(value.description) })
        let arithmetic: [(String, (Subscribers.Demand, Subscribers.Demand) -> Subscribers.Demand?)] = [
            ("+", { $0 + $1 }),
            ("-", { lhs, rhs in
                // OpenCombine traps when a finite demand would go below zero.
                if let left = lhs.max, let right = rhs.max, right > left { return nil }
                return lhs - rhs
            }),
        ]
        for (op, apply) in arithmetic {
            demandType.addNativeMethod(NativeFunction("\(op)(_:_:)") { arguments in
                let lhs = try operand(arguments[0], arguments.location)
                let rhs = try operand(arguments[1], arguments.location)
                guard let result = apply(lhs, rhs) else {
                    throw ScriptError.runtime("demand cannot be negative (\(lhs) \(op) \(rhs))", at: arguments.location)
                }
                return self.demandValue(result)
            }, isStatic: true)
        }
        demandType.addNativeMethod(NativeFunction("*(_:_:)") { [unowned self] arguments in
            let lhs = try operand(arguments[0], arguments.location)
            guard case .int(let factor) = arguments[1], factor >= 0 else {
                throw ScriptError.runtime("a demand can only be multiplied by an Int of 0 or more", at: arguments.location)
            }
            return self.demandValue(lhs * factor)
        }, isStatic: true)
        let comparisons: [(String, (Subscribers.Demand, Subscribers.Demand) -> Bool)] = [
            ("==", { $0 == $1 }), ("!=", { $0 != $1 }), ("<", { $0 < $1 }), (">", { $0 > $1 }),
            ("<=", { $0 <= $1 }), (">=", { $0 >= $1 }),
        ]
        for (op, compare) in comparisons {
            demandType.addNativeMethod(NativeFunction("\(op)(_:_:)") { arguments in
                let lhs = try operand(arguments[0], arguments.location)
                let rhs = try operand(arguments[1], arguments.location)
                return .bool(compare(lhs, rhs))
            }, isStatic: true)
        }
    }
}
