import OpenCombine
import UndercurrentInterpreter

/// `Publishers.Sequence`'s build-time operators. Which ones apply depends on what the
/// elements are (any sequence, a collection, a bidirectional or random-access one, a
/// range-replaceable one) and on the Failure, as OpenCombine's constrained extensions say:
/// `[1, 2].publisher.count()` is a `Just`, `[1, 2].publisher.append(3)` a new sequence.
extension Publishers.Sequence: BuildTimeFusable where Elements.Element == Value {
    func fused(_ operation: BuildTimeOperator, bridge: StreamBridge) -> Value? {
        let never = self as? Publishers.Sequence<Elements, Never>
        switch operation {
        case .reduce(let initial, let next): return bridge.publisherValue(reduce(initial, next))
        case .tryReduce(let initial, let next): return bridge.publisherValue(tryReduce(initial, next))
        case .collect: return bridge.publisherValue(collect().map(Value.array))
        case .count: return (self as? CollectionSequencePublisher)?.fusedCount(bridge: bridge)
        case .min(let less): return never.map { bridge.publisherValue($0.min(by: less)) }
        case .max(let less): return never.map { bridge.publisherValue($0.max(by: less)) }
        case .contains(let predicate): return bridge.publisherValue(contains(where: predicate).map(Value.bool))
        case .tryContains(let predicate): return bridge.publisherValue(tryContains(where: predicate).map(Value.bool))
        case .allSatisfy(let predicate): return bridge.publisherValue(allSatisfy(predicate).map(Value.bool))
        case .tryAllSatisfy(let predicate): return bridge.publisherValue(tryAllSatisfy(predicate).map(Value.bool))
        case .ignoreOutput: return bridge.publisherValue(ignoreOutput())
        case .replaceNil(let replacement):
            // Combine's `Publishers.Sequence.replaceNil(with:)` gives a sequence of the same
            // element type, an Optional: each value stays wrapped (`Optional(0)`), where on
            // any other publisher replaceNil unwraps.
            return bridge.publisherValue(
                map { element -> Value in
                    guard case .optional(let wrapped) = element else { return element }
                    return .optional(wrapped ?? replacement)
                })
        case .append(let values):
            return (self as? RangeReplaceableSequencePublisher)?.fusedAppend(values, bridge: bridge)
        case .prepend(let values):
            return (self as? RangeReplaceableSequencePublisher)?.fusedPrepend(values, bridge: bridge)
        case .appendPublisher(let other):
            return (self as? RangeReplaceableSequencePublisher)?.fusedAppend(publisher: other, bridge: bridge)
        case .prependPublisher(let other):
            return (self as? RangeReplaceableSequencePublisher)?.fusedPrepend(publisher: other, bridge: bridge)
        case .first: return (self as? CollectionSequencePublisher)?.fusedFirst(bridge: bridge)
        case .last: return (self as? BidirectionalSequencePublisher)?.fusedLast(bridge: bridge)
        case .firstWhere(let predicate): return never.map { bridge.publisherValue($0.first(where: predicate)) }
        case .lastWhere(let predicate):
            return (self as? BidirectionalSequencePublisher)?.fusedLast(where: predicate, bridge: bridge)
        case .dropWhile(let predicate): return bridge.publisherValue(described(drop(while: predicate), bridge: bridge))
        case .prefixWhile(let predicate): return bridge.publisherValue(prefix(while: predicate))
        case .outputAt(let index): return (self as? CollectionSequencePublisher)?.fusedOutput(at: index, bridge: bridge)
        case .outputIn(let range, let halfOpen):
            guard halfOpen else { return nil }
            return (self as? CollectionSequencePublisher)?.fusedOutput(in: range, bridge: bridge)
        case .setFailureType: return bridge.publisherValue(setFailureType(to: ScriptFailure.self))
        case .scan, .tryScan, .tryMin, .tryMax, .replaceEmpty, .replaceError, .retry: return nil
        // Fused through FusableSequence by the operators themselves.
        case .map, .tryMap, .mapError, .filter, .compactMap, .prefix, .dropFirst, .removeDuplicates: return nil
        }
    }
}

protocol CollectionSequencePublisher {
    func fusedCount(bridge: StreamBridge) -> Value
    func fusedFirst(bridge: StreamBridge) -> Value?
    func fusedOutput(at index: Int, bridge: StreamBridge) -> Value?
    func fusedOutput(in range: Range<Int>, bridge: StreamBridge) -> Value?
    /// Whether `fusedOutput(in:)` would index outside the collection, where Swift stops the program.
    func outputRangeIsOutOfBounds(_ range: Range<Int>) -> Bool
}

extension Publishers.Sequence: CollectionSequencePublisher where Elements: Collection, Elements.Element == Value {
    func fusedCount(bridge: StreamBridge) -> Value {
        if let randomAccess = self as? RandomAccessSequencePublisher { return randomAccess.fusedCount(bridge: bridge) }
        let count: Result<Int, Failure>.OCombine.Publisher = count()
        return bridge.publisherValue(count.map(Value.int))
    }

    func fusedFirst(bridge: StreamBridge) -> Value? {
        guard let never = self as? Publishers.Sequence<Elements, Never> else { return nil }
        return bridge.publisherValue(never.first())
    }

    /// An array's index is an offset from the start; a range's is one of its integers.
    func fusedOutput(at index: Int, bridge: StreamBridge) -> Value? {
        guard self is Publishers.Sequence<Elements, Never> else { return nil }
        if let range = sequence as? RangeCollection {
            guard range.isIndexedByInt else { return nil }
            return bridge.publisherValue(Optional<Value>.OCombine.Publisher(range.element(atIntegerIndex: index)))
        }
        return bridge.publisherValue(Optional<Value>.OCombine.Publisher(sequence.dropFirst(index).first))
    }

    /// `output(in: a..<b)` on a collection slices it when the chain is built, with the
    /// collection's own indices: an array's offsets, a half-open range's integers.
    func fusedOutput(in range: Range<Int>, bridge: StreamBridge) -> Value? {
        let elements: [Value]
        if let array = sequence as? [Value] {
            guard !outputRangeIsOutOfBounds(range) else { return nil }
            elements = Array(array[range])
        } else if let collection = sequence as? RangeCollection {
            guard collection.isIndexedByInt, !outputRangeIsOutOfBounds(range) else { return nil }
            elements = range.map { .int($0) }
        } else {
            return nil
        }
        if self is Publishers.Sequence<Elements, Never> {
            return bridge.publisherValue(Publishers.Sequence<[Value], Never>(sequence: elements))
        }
        return bridge.publisherValue(Publishers.Sequence<[Value], ScriptFailure>(sequence: elements))
    }

    func outputRangeIsOutOfBounds(_ range: Range<Int>) -> Bool {
        if let array = sequence as? [Value] { return range.lowerBound < 0 || range.upperBound > array.count }
        if let collection = sequence as? RangeCollection, collection.isIndexedByInt {
            let end = collection.lower &+ collection.count
            return range.lowerBound < collection.lower || range.upperBound > end
        }
        return false
    }
}

protocol RandomAccessSequencePublisher {
    func fusedCount(bridge: StreamBridge) -> Value
}

extension Publishers.Sequence: RandomAccessSequencePublisher
where Elements: RandomAccessCollection, Elements.Element == Value {
    func fusedCount(bridge: StreamBridge) -> Value {
        if let never = self as? Publishers.Sequence<Elements, Never> {
            let count: Just<Int> = never.count()
            return bridge.publisherValue(count.map(Value.int))
        }
        let count: Result<Int, Failure>.OCombine.Publisher = count()
        return bridge.publisherValue(count.map(Value.int))
    }
}

protocol BidirectionalSequencePublisher {
    func fusedLast(bridge: StreamBridge) -> Value?
    func fusedLast(where predicate: @escaping (Value) -> Bool, bridge: StreamBridge) -> Value?
}

extension Publishers.Sequence: BidirectionalSequencePublisher
where Elements: BidirectionalCollection, Elements.Element == Value {
    func fusedLast(bridge: StreamBridge) -> Value? {
        guard let never = self as? Publishers.Sequence<Elements, Never> else { return nil }
        return bridge.publisherValue(never.last())
    }

    func fusedLast(where predicate: @escaping (Value) -> Bool, bridge: StreamBridge) -> Value? {
        guard let never = self as? Publishers.Sequence<Elements, Never> else { return nil }
        return bridge.publisherValue(never.last(where: predicate))
    }
}

protocol RangeReplaceableSequencePublisher {
    func fusedAppend(_ values: [Value], bridge: StreamBridge) -> Value
    func fusedPrepend(_ values: [Value], bridge: StreamBridge) -> Value
    func fusedAppend(publisher: Any, bridge: StreamBridge) -> Value?
    func fusedPrepend(publisher: Any, bridge: StreamBridge) -> Value?
}

extension Publishers.Sequence: RangeReplaceableSequencePublisher
where Elements: RangeReplaceableCollection, Elements.Element == Value {
    func fusedAppend(_ values: [Value], bridge: StreamBridge) -> Value {
        bridge.publisherValue(append(values))
    }

    func fusedPrepend(_ values: [Value], bridge: StreamBridge) -> Value {
        bridge.publisherValue(prepend(values))
    }

    /// Only a sequence publisher of the same elements and Failure is joined at build time.
    func fusedAppend(publisher: Any, bridge: StreamBridge) -> Value? {
        guard let other = publisher as? Self else { return nil }
        return bridge.publisherValue(append(other))
    }

    func fusedPrepend(publisher: Any, bridge: StreamBridge) -> Value? {
        guard let other = publisher as? Self else { return nil }
        return bridge.publisherValue(prepend(other))
    }
}
