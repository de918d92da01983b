import OpenCombine
import UndercurrentInterpreter

/// OpenCombine, like Combine, applies some operators to a sequence or `Just` when the
/// chain is built (`[1, 2, 3].publisher.map { $0 * 2 }` is a new sequence publisher of
/// `[2, 4, 6]`). Compiled code shows this in `.print()`; the interpreter calls the same
/// overloads, through these protocols, whenever the upstream's concrete type allows it.
protocol FusableSequence {
    func fusedMap(_ transform: @escaping (Value) -> Value, bridge: StreamBridge) -> Value
    func fusedFilter(_ isIncluded: @escaping (Value) -> Bool, bridge: StreamBridge) -> Value
    func fusedCompactMap(_ transform: @escaping (Value) -> Value?, bridge: StreamBridge) -> Value
    func fusedPrefix(_ maxLength: Int, bridge: StreamBridge) -> Value
    func fusedDropFirst(_ count: Int, bridge: StreamBridge) -> Value
    func fusedScan(_ initial: Value, _ next: @escaping (Value, Value) -> Value, bridge: StreamBridge) -> Value
    func fusedRemoveDuplicates(bridge: StreamBridge) -> Value
    func fusedCollect(bridge: StreamBridge) -> Value
    func fusedReduce(_ initial: Value, _ next: @escaping (Value, Value) -> Value, bridge: StreamBridge) -> Value
}

extension Publishers.Sequence: FusableSequence where Elements.Element == Value {
    func fusedMap(_ transform: @escaping (Value) -> Value, bridge: StreamBridge) -> Value {
        bridge.publisherValue(map(transform))
    }
    func fusedFilter(_ isIncluded: @escaping (Value) -> Bool, bridge: StreamBridge) -> Value {
        bridge.publisherValue(filter(isIncluded))
    }
    func fusedCompactMap(_ transform: @escaping (Value) -> Value?, bridge: StreamBridge) -> Value {
        bridge.publisherValue(compactMap(transform))
    }
    func fusedPrefix(_ maxLength: Int, bridge: StreamBridge) -> Value {
        bridge.publisherValue(described(prefix(maxLength), bridge: bridge))
    }
    func fusedDropFirst(_ count: Int, bridge: StreamBridge) -> Value {
        bridge.publisherValue(described(dropFirst(count), bridge: bridge))
    }
    func fusedScan(_ initial: Value, _ next: @escaping (Value, Value) -> Value, bridge: StreamBridge) -> Value {
        bridge.publisherValue(scan(initial, next))
    }
    func fusedRemoveDuplicates(bridge: StreamBridge) -> Value {
        bridge.publisherValue(removeDuplicates())
    }
    func fusedCollect(bridge: StreamBridge) -> Value {
        bridge.publisherValue(collect().map { Value.array($0) })
    }
    func fusedReduce(_ initial: Value, _ next: @escaping (Value, Value) -> Value, bridge: StreamBridge) -> Value {
        bridge.publisherValue(reduce(initial, next))
    }
}

/// A sequence publisher whose sequence describes itself as Swift's does (SequencePublishers.swift).
func described<S: Sequence, Failure: Error>(_ publisher: Publishers.Sequence<S, Failure>, bridge: StreamBridge)
    -> Publishers.Sequence<DescribedSequence<S>, Failure>
where S.Element == Value {
    Publishers.Sequence(sequence: DescribedSequence(base: publisher.sequence, bridge: bridge))
}

protocol FusableJust {
    func fusedMap(_ transform: @escaping (Value) -> Value, bridge: StreamBridge) -> Value
}

extension Just: FusableJust where Output == Value {
    func fusedMap(_ transform: @escaping (Value) -> Value, bridge: StreamBridge) -> Value {
        bridge.publisherValue(map(transform))
    }
}

/// Reaches the concrete publisher inside an `AnyValuePublisher`, whatever its Failure.
///
/// Only Undercurrent's own types may conform: it is asked of no other (`OwnConformances`).
public protocol AnyValuePublisherBase {
    var basePublisher: Any { get }
}

extension AnyValuePublisher: AnyValuePublisherBase {
    public var basePublisher: Any { base }
}
