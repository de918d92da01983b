/// A native value that `for`-`in`, `Array(_:)` and the sequence members can iterate.
public protocol IterableNativeValue: AnyObject {
    func makeIterator(interpreter: Interpreter, at location: SourceLocation) throws -> ValueIterator
}

/// A standard library sequence that wraps other values: `ReversedCollection`,
/// `EnumeratedSequence`, `Zip2Sequence`, `FlattenSequence`, `StrideTo`/`StrideThrough` and
/// `Dictionary.Keys`/`Values`. Elements are produced when iterated, and printing shows what
/// Swift's reflection shows (`ReversedCollection<Array<Int>>(_base: [1, 2])`).
public final class WrappedSequence: NativeValue, IterableNativeValue {
    public enum Kind: String, CaseIterable {
        case reversed = "ReversedCollection"
        case enumerated = "EnumeratedSequence"
        case zip = "Zip2Sequence"
        case flatten = "FlattenSequence"
        case strideTo = "StrideTo"
        case strideThrough = "StrideThrough"
        case dictionaryKeys = "Keys"
        case dictionaryValues = "Values"
    }

    public let kind: Kind
    /// What the sequence wraps: one base; both zipped sequences; or a stride's start, end, step.
    public let bases: [Value]

    init(_ kind: Kind, _ bases: [Value], typeInfo: TypeInfo) {
        self.kind = kind
        self.bases = bases
        super.init(typeInfo: typeInfo)
    }

    public override var description: String { render(qualified: false) }
    public override var debugDescription: String { render(qualified: true) }

    func typeName(qualified: Bool) -> String {
        let prefix = qualified ? "Swift." : ""
        let names = bases.map { SwiftTypeNames.name(of: $0, qualified: qualified) }
        switch kind {
        case .reversed, .enumerated, .flatten: return "\(prefix)\(kind.rawValue)<\(names[0])>"
        case .zip: return "\(prefix)Zip2Sequence<\(names[0]), \(names[1])>"
        case .strideTo, .strideThrough: return "\(prefix)\(kind.rawValue)<\(names[0])>"
        case .dictionaryKeys, .dictionaryValues:
            // Unqualified, reflection names a nested type by its own name alone.
            return qualified ? "\(names[0]).\(kind.rawValue)" : kind.rawValue
        }
    }

    private func render(qualified: Bool) -> String {
        switch kind {
        case .strideTo, .strideThrough:
            // Strides reflect with no children, so even `print` shows the qualified name.
            return typeName(qualified: true)
        case .dictionaryKeys, .dictionaryValues:
            let list = Formatter.describe(.array(dictionaryPart), debug: false)
            return qualified ? "Dictionary.\(kind.rawValue)(\(list))" : list
        case .zip:
            return typeName(qualified: qualified) + "(_sequence1: \(Formatter.describe(bases[0], debug: true)), "
                + "_sequence2: \(Formatter.describe(bases[1], debug: true)))"
        case .reversed, .enumerated, .flatten:
            return typeName(qualified: qualified) + "(_base: \(Formatter.describe(bases[0], debug: true)))"
        }
    }

    private var dictionaryPart: [Value] {
        guard case .dictionary(let dictionary) = bases[0] else { return [] }
        return kind == .dictionaryKeys ? dictionary.keys : dictionary.values
    }

    public func makeIterator(interpreter: Interpreter, at location: SourceLocation) throws -> ValueIterator {
        switch kind {
        case .reversed:
            var elements = try interpreter.elements(of: bases[0], at: location)
            return ValueIterator { elements.popLast() }
        case .enumerated:
            var inner = try interpreter.makeIterator(bases[0], at: location)
            var offset = 0
            return ValueIterator {
                guard let element = try inner.next() else { return nil }
                defer { offset += 1 }
                return .tuple(TupleValue(labels: ["offset", "element"], elements: [.int(offset), element]))
            }
        case .zip:
            var first = try interpreter.makeIterator(bases[0], at: location)
            var second = try interpreter.makeIterator(bases[1], at: location)
            var finished = false
            return ValueIterator {
                guard !finished, let a = try first.next(), let b = try second.next() else {
                    finished = true
                    return nil
                }
                return .tuple(TupleValue([a, b]))
            }
        case .flatten:
            var outer = try interpreter.makeIterator(bases[0], at: location)
            var inner: ValueIterator?
            return ValueIterator {
                while true {
                    if let element = try inner?.next() { return element }
                    guard let next = try outer.next() else { return nil }
                    inner = try interpreter.makeIterator(next, at: location)
                }
            }
        case .strideTo, .strideThrough:
            return try strideIterator(at: location)
        case .dictionaryKeys, .dictionaryValues:
            var elements = dictionaryPart.reversed() as [Value]
            return ValueIterator { elements.popLast() }
        }
    }

    /// Swift's stride iterators: integers step by adding; floating point values are computed
    /// as `start + n * stride` (one rounding) so that rounding errors do not add up.
    private func strideIterator(at location: SourceLocation) throws -> ValueIterator {
        let inclusive = kind == .strideThrough
        switch (bases[0], bases[1], bases[2]) {
        case (.int(let start), .int(let end), .int(let step)):
            var current: Int? = start
            return ValueIterator {
                guard let value = current else { return nil }
                let pastEnd =
                    step > 0
                    ? (inclusive ? value > end : value >= end)
                    : (inclusive ? value < end : value <= end)
                if pastEnd {
                    current = nil
                    return nil
                }
                let (next, overflow) = value.addingReportingOverflow(step)
                current = overflow ? nil : next
                return .int(value)
            }
        default:
            let start = try Self.number(bases[0], at: location)
            let end = try Self.number(bases[1], at: location)
            let step = try Self.number(bases[2], at: location)
            var index = 0.0
            var done = false
            return ValueIterator {
                guard !done else { return nil }
                let value = start.addingProduct(index, step)
                let pastEnd =
                    step > 0
                    ? (inclusive ? value > end : value >= end)
                    : (inclusive ? value < end : value <= end)
                if pastEnd {
                    done = true
                    return nil
                }
                index += 1
                return .double(value)
            }
        }
    }

    private static func number(_ value: Value, at location: SourceLocation) throws -> Double {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: throw ScriptError.runtime("stride needs numbers, got \(Formatter.typeName(of: value))", at: location)
        }
    }
}

extension Interpreter {
    /// A new wrapping sequence of the kind's registered type.
    func wrappedSequence(_ kind: WrappedSequence.Kind, _ bases: [Value]) -> Value {
        let type: TypeInfo
        switch kind {
        case .dictionaryKeys, .dictionaryValues: type = builtins.dictionary.nestedTypes[kind.rawValue]!
        default: type = types[kind.rawValue]!
        }
        return .native(WrappedSequence(kind, bases, typeInfo: type))
    }

    func registerWrappedSequenceTypes() {
        for kind in WrappedSequence.Kind.allCases {
            let type = TypeInfo(name: kind.rawValue, kind: .builtin, qualifiedName: "Swift." + kind.rawValue)
            type.conformances = ["Sequence"]
            switch kind {
            case .dictionaryKeys, .dictionaryValues:
                type.interpreter = self
                builtins.dictionary.nestedTypes[kind.rawValue] = type
            default:
                registerType(type)
            }
        }
    }
}
