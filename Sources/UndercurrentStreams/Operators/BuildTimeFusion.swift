import OpenCombine
import UndercurrentInterpreter

/// An operator that OpenCombine applies when the chain is built, if the upstream is a
/// `Publishers.Sequence`, `Just`, `Optional.Publisher` or `Result.Publisher` (see
/// Fusion.swift for why). `[1, 2, 3].publisher.reduce(0, +)` is a `Result.Publisher` of 6,
/// `Just(1).count()` a `Just` of 1. The cases carry the operator's arguments, already
/// adapted to Swift closures; `min()`/`max()` and `contains(_:)` arrive as their `by:` and
/// `where:` forms, which build the same publishers.
enum BuildTimeOperator {
    // The operators of TransformingOperators.swift and FilteringOperators.swift; a sequence
    // publisher fuses these through FusableSequence instead.
    case map((Value) -> Value)
    case tryMap((Value) throws -> Value)
    case mapError((Value) -> Value)
    case filter((Value) -> Bool)
    case compactMap((Value) -> Value?)
    case prefix(Int)
    case dropFirst(Int)
    case removeDuplicates
    case reduce(Value, (Value, Value) -> Value)
    case tryReduce(Value, (Value, Value) throws -> Value)
    case scan(Value, (Value, Value) -> Value)
    case tryScan(Value, (Value, Value) throws -> Value)
    case collect
    case count
    case min(by: (Value, Value) -> Bool)
    case max(by: (Value, Value) -> Bool)
    case tryMin(by: (Value, Value) throws -> Bool)
    case tryMax(by: (Value, Value) throws -> Bool)
    case contains(where: (Value) -> Bool)
    case tryContains(where: (Value) throws -> Bool)
    case allSatisfy((Value) -> Bool)
    case tryAllSatisfy((Value) throws -> Bool)
    case ignoreOutput
    case replaceNil(Value)
    case replaceEmpty(Value)
    case replaceError(Value)
    case retry
    case append([Value])
    case prepend([Value])
    /// The engine publisher of `append(publisher)`: fused when it is the same kind of sequence.
    case appendPublisher(Any)
    case prependPublisher(Any)
    case first
    case last
    case firstWhere((Value) -> Bool)
    case lastWhere((Value) -> Bool)
    case dropWhile((Value) -> Bool)
    case prefixWhile((Value) -> Bool)
    case outputAt(Int)
    /// `output(in:)`: the range relative to `0..<Int.max`; `halfOpen` when it was written
    /// `a..<b`, the only kind a collection's build-time `output(in:)` takes.
    case outputIn(Range<Int>, halfOpen: Bool)
    case setFailureType
}

/// A publisher that has build-time versions of some operators; nil when it has none for this one.
protocol BuildTimeFusable {
    func fused(_ operation: BuildTimeOperator, bridge: StreamBridge) -> Value?
}

extension StreamBridge {
    /// The build-time result of an operator on this upstream, or nil to subscribe the engine's operator.
    func fused(_ upstream: AnyScriptPublisher, _ operation: BuildTimeOperator) -> Value? {
        (fusionCandidate(upstream.base) as? BuildTimeFusable)?.fused(operation, bridge: self)
    }

    /// The publisher whose own overloads an operator may use instead of building its stage
    /// (`Publishers.Sequence.filter` makes a sequence): `publisher` itself, seen through an
    /// eraser; none while an operator is called through a protocol type (a generic `Self`,
    /// an `any Publisher`), where Swift only sees the `Publisher` protocol's members.
    func fusionCandidate(_ publisher: Any) -> Any? {
        guard !buildsThroughProtocol else { return nil }
        return OwnConformances(of: publisher).erasedPublisher?.basePublisher ?? publisher
    }

    /// `Result<Value, Error>.Publisher` from a `try` operator, with the script's Failure type.
    func publisherValue(_ publisher: Result<Value, Error>.OCombine.Publisher) -> Value {
        publisherValue(publisher.mapError(scriptFailure))
    }
}

// MARK: - Just

extension Just: BuildTimeFusable where Output == Value {
    func fused(_ operation: BuildTimeOperator, bridge: StreamBridge) -> Value? {
        switch operation {
        case .reduce(let initial, let next): return bridge.publisherValue(reduce(initial, next))
        case .tryReduce(let initial, let next): return bridge.publisherValue(tryReduce(initial, next))
        case .scan(let initial, let next): return bridge.publisherValue(scan(initial, next))
        case .tryScan(let initial, let next): return bridge.publisherValue(tryScan(initial, next))
        case .collect: return bridge.publisherValue(collect().map(Value.array))
        case .count: return bridge.publisherValue(count().map(Value.int))
        case .min(let less): return bridge.publisherValue(min(by: less))
        case .max(let less): return bridge.publisherValue(max(by: less))
        case .contains(let predicate): return bridge.publisherValue(contains(where: predicate).map(Value.bool))
        case .tryContains(let predicate): return bridge.publisherValue(tryContains(where: predicate).map(Value.bool))
        case .allSatisfy(let predicate): return bridge.publisherValue(allSatisfy(predicate).map(Value.bool))
        case .tryAllSatisfy(let predicate): return bridge.publisherValue(tryAllSatisfy(predicate).map(Value.bool))
        case .ignoreOutput: return bridge.publisherValue(ignoreOutput())
        case .replaceEmpty(let value): return bridge.publisherValue(replaceEmpty(with: value))
        case .replaceError(let value): return bridge.publisherValue(replaceError(with: value))
        case .retry: return bridge.publisherValue(self)
        case .append(let values): return bridge.publisherValue(append(values))
        case .prepend(let values): return bridge.publisherValue(prepend(values))
        case .first: return bridge.publisherValue(first())
        case .last: return bridge.publisherValue(last())
        case .firstWhere(let predicate): return bridge.publisherValue(first(where: predicate))
        case .lastWhere(let predicate): return bridge.publisherValue(last(where: predicate))
        case .dropWhile(let predicate): return bridge.publisherValue(drop(while: predicate))
        case .prefixWhile(let predicate): return bridge.publisherValue(prefix(while: predicate))
        case .outputAt(let index): return bridge.publisherValue(output(at: index))
        case .outputIn(let range, _): return bridge.publisherValue(output(in: range))
        case .setFailureType: return bridge.publisherValue(setFailureType(to: ScriptFailure.self))
        case .map(let transform): return bridge.publisherValue(map(transform))
        case .tryMap(let transform): return bridge.publisherValue(tryMap(transform))
        case .mapError: return bridge.publisherValue(mapError { (never: Never) -> ScriptFailure in })
        case .filter(let isIncluded): return bridge.publisherValue(filter(isIncluded))
        case .compactMap(let transform): return bridge.publisherValue(compactMap(transform))
        case .prefix(let maxLength): return bridge.publisherValue(prefix(maxLength))
        case .dropFirst(let count): return bridge.publisherValue(dropFirst(count))
        case .removeDuplicates: return bridge.publisherValue(self)
        case .tryMin, .tryMax, .replaceNil, .appendPublisher, .prependPublisher: return nil
        }
    }
}

// MARK: - Optional.Publisher

extension Optional.OCombine.Publisher: BuildTimeFusable where Wrapped == Value {
    func fused(_ operation: BuildTimeOperator, bridge: StreamBridge) -> Value? {
        switch operation {
        case .reduce(let initial, let next): return bridge.publisherValue(reduce(initial, next))
        case .scan(let initial, let next): return bridge.publisherValue(scan(initial, next))
        case .collect: return bridge.publisherValue(collect().map(Value.array))
        case .count: return bridge.publisherValue(count().map(Value.int))
        case .min(let less): return bridge.publisherValue(min(by: less))
        case .max(let less): return bridge.publisherValue(max(by: less))
        case .contains(let predicate): return bridge.publisherValue(contains(where: predicate).map(Value.bool))
        case .allSatisfy(let predicate): return bridge.publisherValue(allSatisfy(predicate).map(Value.bool))
        case .ignoreOutput: return bridge.publisherValue(ignoreOutput())
        case .replaceEmpty(let value): return bridge.publisherValue(replaceEmpty(with: value))
        case .replaceError(let value): return bridge.publisherValue(replaceError(with: value))
        case .retry: return bridge.publisherValue(self)
        case .first: return bridge.publisherValue(first())
        case .last: return bridge.publisherValue(last())
        case .firstWhere(let predicate): return bridge.publisherValue(first(where: predicate))
        case .lastWhere(let predicate): return bridge.publisherValue(last(where: predicate))
        case .dropWhile(let predicate): return bridge.publisherValue(drop(while: predicate))
        case .prefixWhile(let predicate): return bridge.publisherValue(prefix(while: predicate))
        case .outputAt(let index): return bridge.publisherValue(output(at: index))
        case .outputIn(let range, _):
            // Combine stops the program on an upper bound this high; the operator refuses it first.
            guard range.upperBound < Int.max - 1 else { return nil }
            return bridge.publisherValue(output(in: range))
        case .map(let transform): return bridge.publisherValue(map(transform))
        case .filter(let isIncluded): return bridge.publisherValue(filter(isIncluded))
        case .compactMap(let transform): return bridge.publisherValue(compactMap(transform))
        case .prefix(let maxLength): return bridge.publisherValue(prefix(maxLength))
        case .dropFirst(let count): return bridge.publisherValue(dropFirst(count))
        case .removeDuplicates: return bridge.publisherValue(self)
        case .tryReduce, .tryScan, .tryMin, .tryMax, .tryContains, .tryAllSatisfy, .replaceNil, .append, .prepend,
            .appendPublisher, .prependPublisher, .setFailureType, .tryMap, .mapError:
            return nil
        }
    }
}

// MARK: - Result.Publisher

extension Result.OCombine.Publisher: BuildTimeFusable where Success == Value {
    func fused(_ operation: BuildTimeOperator, bridge: StreamBridge) -> Value? {
        switch operation {
        case .reduce(let initial, let next): return bridge.publisherValue(reduce(initial, next))
        case .tryReduce(let initial, let next): return bridge.publisherValue(tryReduce(initial, next))
        case .scan(let initial, let next): return bridge.publisherValue(scan(initial, next))
        case .tryScan(let initial, let next): return bridge.publisherValue(tryScan(initial, next))
        case .collect: return bridge.publisherValue(collect().map(Value.array))
        case .count: return bridge.publisherValue(count().map(Value.int))
        case .min(let less): return bridge.publisherValue(min(by: less))
        case .max(let less): return bridge.publisherValue(max(by: less))
        case .tryMin(let less): return bridge.publisherValue(tryMin(by: less))
        case .tryMax(let less): return bridge.publisherValue(tryMax(by: less))
        case .contains(let predicate): return bridge.publisherValue(contains(where: predicate).map(Value.bool))
        case .tryContains(let predicate): return bridge.publisherValue(tryContains(where: predicate).map(Value.bool))
        case .allSatisfy(let predicate): return bridge.publisherValue(allSatisfy(predicate).map(Value.bool))
        case .tryAllSatisfy(let predicate): return bridge.publisherValue(tryAllSatisfy(predicate).map(Value.bool))
        case .ignoreOutput: return bridge.publisherValue(ignoreOutput())
        case .replaceEmpty: return bridge.publisherValue(self)
        case .replaceError(let value): return bridge.publisherValue(replaceError(with: value))
        case .retry, .first, .last: return bridge.publisherValue(self)
        case .setFailureType:
            guard let never = self as? Result<Value, Never>.OCombine.Publisher else { return nil }
            return bridge.publisherValue(never.setFailureType(to: ScriptFailure.self))
        case .map(let transform): return bridge.publisherValue(map(transform))
        case .tryMap(let transform): return bridge.publisherValue(tryMap(transform))
        case .mapError(let transform):
            return bridge.publisherValue(mapError { ScriptFailure(transform(bridge.errorValue($0))) })
        case .removeDuplicates: return bridge.publisherValue(self)
        case .replaceNil, .append, .prepend, .appendPublisher, .prependPublisher, .firstWhere, .lastWhere,
            .dropWhile, .prefixWhile, .outputAt, .outputIn, .filter, .compactMap, .prefix, .dropFirst:
            return nil
        }
    }
}
