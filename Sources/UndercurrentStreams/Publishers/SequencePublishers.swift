import OpenCombine
import UndercurrentInterpreter

/// The elements of `(1...10).publisher` or `(1...).publisher`: prints as the range does,
/// and stops when the learner presses Ctrl-C or a script error is waiting, so that an
/// endless range cannot hang the session.
public struct RangeSequence: Sequence, CustomStringConvertible {
    let lower: Int
    let upper: Int?
    let text: String
    unowned let interpreter: Interpreter

    public var description: String { text }

    /// The range itself: closed, or open-ended (`1...`).
    var rangeValue: Value {
        guard let upper else { return .range(RangeValue(kind: .from, lower: .int(lower), upper: nil)) }
        if text.contains("..<") {
            return .range(RangeValue(kind: .halfOpen, lower: .int(lower), upper: .int(upper &+ 1)))
        }
        return .range(RangeValue(kind: .closed, lower: .int(lower), upper: .int(upper)))
    }

    public func makeIterator() -> Iterator {
        Iterator(current: lower, upper: upper, interpreter: interpreter)
    }

    public struct Iterator: IteratorProtocol {
        var current: Int
        let upper: Int?
        unowned let interpreter: Interpreter
        var finished = false

        public mutating func next() -> Value? {
            guard !finished, interpreter.countIterationStep() else { return nil }
            if let upper, current > upper { return nil }
            let value = current
            if current == Int.max { finished = true } else { current += 1 }
            return .int(value)
        }
    }
}

extension StreamBridge {
    func sequencePublisher(_ elements: [Value]) -> Value {
        publisherValue(Publishers.Sequence<[Value], Never>(sequence: elements))
    }

    /// A set's or a dictionary's publisher: `collection`, whose elements are `elements`.
    private func hashedPublisher(_ kind: HashedElements.Kind, _ elements: [Value], of collection: Value) -> Value {
        publisherValue(
            Publishers.Sequence<HashedElements, Never>(
                sequence: HashedElements(
                    kind: kind, elements: elements, scriptValue: collection, interpreter: interpreter)))
    }

    func installSequencePublishers() {
        let builtins = interpreter.builtins
        builtins.array.addNativeProperty(
            "publisher",
            NativeProperty { [unowned self] _, value in
                guard case .array(let elements) = value else { return .void }
                return self.sequencePublisher(elements)
            })
        builtins.set.addNativeProperty(
            "publisher",
            NativeProperty { [unowned self] _, value in
                guard case .set(let set) = value else { return .void }
                return self.hashedPublisher(.set, set.elements, of: value)
            })
        builtins.dictionary.addNativeProperty(
            "publisher",
            NativeProperty { [unowned self] _, value in
                let pairs = try self.interpreter.elements(of: value, at: .unknown)
                return self.hashedPublisher(.dictionary, pairs, of: value)
            })
        builtins.string.addNativeProperty(
            "publisher",
            NativeProperty { [unowned self] _, value in
                guard case .string(let text) = value else { return .void }
                return self.publisherValue(Publishers.Sequence<StringElements, Never>(sequence: StringElements(text)))
            })
        builtins.range.addNativeProperty(
            "publisher",
            NativeProperty { [unowned self] _, value in
                guard case .range(let range) = value, let bounds = range.integerBounds else {
                    throw ScriptError.runtime("only ranges of Int have a publisher here", at: .unknown)
                }
                // A range too large to hold as an array is a sequence: a collection's operators
                // (`collect()`, a fused `map`) would allocate all of it at once.
                if let upper = bounds.upper,
                    case let (span, overflow) = upper.subtractingReportingOverflow(bounds.lower),
                    !overflow, span < self.interpreter.limits.maxCollectionSize
                {
                    let collection = RangeCollection(
                        lower: bounds.lower, upper: upper, text: value.description,
                        interpreter: self.interpreter)
                    return self.publisherValue(Publishers.Sequence<RangeCollection, Never>(sequence: collection))
                }
                let sequence = RangeSequence(
                    lower: bounds.lower, upper: bounds.upper, text: value.description,
                    interpreter: self.interpreter)
                return self.publisherValue(Publishers.Sequence<RangeSequence, Never>(sequence: sequence))
            })
        builtins.optional.addNativeProperty(
            "publisher",
            NativeProperty { [unowned self] _, value in
                guard case .optional(let wrapped) = value else { return .void }
                return self.publisherValue(Optional<Value>.OCombine.Publisher(wrapped))
            })
        types.result.addNativeProperty(
            "publisher",
            NativeProperty { [unowned self] _, value in
                guard case .enumValue(let result) = value else { return .void }
                if result.caseName == "success" {
                    return self.publisherValue(
                        Result<Value, ScriptFailure>.OCombine.Publisher(.success(result.payload[0])))
                }
                return self.publisherValue(
                    Result<Value, ScriptFailure>.OCombine.Publisher(.failure(ScriptFailure(result.payload[0]))))
            })
    }
}

/// A sequence that OpenCombine made when the chain was built (`dropFirst`, `prefix`,
/// `drop(while:)` on a sequence publisher give Swift's `DropFirstSequence`, `PrefixSequence`,
/// `DropWhileSequence`), described as Swift describes it with the script's element type:
/// `.print()` shows a subscription by its sequence, `DropFirstSequence<Array<Int>>(_base: …)`,
/// where reflection alone would show the interpreter's own `Value`.
struct DescribedSequence<Base: Sequence>: Sequence, CustomStringConvertible, DescribedSequenceBase
where Base.Element == Value {
    let base: Base
    unowned let bridge: StreamBridge

    func makeIterator() -> Base.Iterator { base.makeIterator() }
    var underestimatedCount: Int { base.underestimatedCount }
    var baseSequence: Any { base }

    var description: String { (try? reflected(speller: PublisherSpeller(bridge: bridge), debug: false)) ?? "\(base)" }

    func reflected(speller: PublisherSpeller, debug: Bool) throws -> String {
        let innermost = SequenceBases.innermost(of: base)
        let context = PublisherSpeller.Context(
            output: {
                guard let type = SequenceBases.elementType(of: innermost, speller: speller) else {
                    throw speller.cannotTell("the type of this sequence's elements")
                }
                return type
            },
            failure: { .never },
            range: {
                let kind: String
                switch innermost {
                case let range as RangeCollection: kind = range.isIndexedByInt ? "Range" : "ClosedRange"
                case let range as RangeSequence:
                    guard case .range(let value) = range.rangeValue else { return .int }
                    kind = value.kind == .from ? "PartialRangeFrom" : value.kind == .halfOpen ? "Range" : "ClosedRange"
                default: kind = "ClosedRange"
                }
                return .init(plain: "\(kind)<Int>", qualified: "Swift.\(kind)<Swift.Int>")
            },
            collection: {
                guard let collection = SequenceBases.sourcedCollection(innermost) else {
                    throw speller.cannotTell("this collection's type")
                }
                return try collection.typeSpelling(speller: speller)
            })
        return try speller.reflect(base, context: context, debug: debug)
    }
}

/// `DescribedSequence` whatever its base.
protocol DescribedSequenceBase {
    var baseSequence: Any { get }
    func reflected(speller: PublisherSpeller, debug: Bool) throws -> String
}
