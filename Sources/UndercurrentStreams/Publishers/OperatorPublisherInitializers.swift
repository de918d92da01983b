import OpenCombine
import UndercurrentInterpreter

/// `Publishers.X(...)` written out instead of the operator method, where people do:
/// `Publishers.Sequence(sequence:)`, `Publishers.Retry(upstream:retries:)`,
/// `Publishers.Share(upstream:)`. (Zip and Concatenate are with their operators.)
extension StreamBridge {
    func installOperatorPublisherInitializers() {
        types.family("Publishers.Sequence").initializers = [
            .native(
                NativeFunction("init(sequence:)") {
                    [unowned self] arguments in
                    let elements = try self.interpreter.elements(of: arguments[0], at: arguments.location)
                    if self.genericArguments(of: arguments.receiver).count >= 2,
                        !self.failsNever(self.genericArguments(of: arguments.receiver), failureIndex: 1)
                    {
                        return self.rememberWrittenSequenceArguments(
                            self.publisherValue(Publishers.Sequence<[Value], ScriptFailure>(sequence: elements)),
                            receiver: arguments.receiver)
                    }
                    return self.rememberWrittenSequenceArguments(
                        self.publisherValue(Publishers.Sequence<[Value], Never>(sequence: elements)),
                        receiver: arguments.receiver)
                })
        ]
        // `Publishers.Sequence.sequence`: the elements it publishes, already transformed by
        // any operators applied when the chain was built.
        types.family("Publishers.Sequence").addNativeProperty(
            "sequence",
            NativeProperty { _, value in
                guard case .native(let native as PublisherValue) = value.loaded,
                    let contents = native.publisher.base as? SequenceContents,
                    let sequence = contents.scriptSequence
                else {
                    throw ScriptError.unsupported("reading `sequence` of this sequence publisher")
                }
                return sequence
            })
        types.family("Publishers.Retry").initializers = [
            .native(
                NativeFunction("init(upstream:retries:)") {
                    [unowned self] arguments in
                    let upstream = try self.publisher(from: arguments[0], at: arguments.location)
                    // `retries: nil` retries for ever.
                    let retries =
                        arguments[1].isNil
                        ? nil
                        : try self.integer(arguments[1].flattenedOptional ?? .void, "retries", at: arguments.location)
                    return upstream.with(
                        { self.publisherValue(Publishers.Retry(upstream: self.interruptible($0), retries: retries)) },
                        { self.publisherValue(Publishers.Retry(upstream: self.interruptible($0), retries: retries)) })
                })
        ]
        types.family("Publishers.Share").initializers = [
            .native(
                NativeFunction("init(upstream:)") {
                    [unowned self] arguments in
                    let upstream = try self.publisher(from: arguments[0], at: arguments.location)
                    return upstream.with(
                        { self.publisherValue(Publishers.Share(upstream: $0)) },
                        { self.publisherValue(Publishers.Share(upstream: $0)) })
                })
        ]
    }
}

extension StreamBridge {
    /// `Publishers.Sequence<[Int], Never>(sequence:)`: the Output is the element type of the
    /// written `Elements`.
    fileprivate func rememberWrittenSequenceArguments(_ value: Value, receiver: Value?) -> Value {
        let written = genericArguments(of: receiver)
        guard written.count == 2, case .native(let native as PublisherValue) = value else { return value }
        switch written[0] {
        case .array(let element): native.writtenArguments = [element, written[1]]
        case .named(["Array"], let arguments) where arguments.count == 1:
            native.writtenArguments = [arguments[0], written[1]]
        default: break
        }
        return value
    }
}

/// A sequence publisher's elements as the script's value: an array, or the range it was made from.
protocol SequenceContents {
    var scriptSequence: Value? { get }
    /// The set, dictionary or string the elements come from, under any of Swift's lazy
    /// wrappers (`DropFirstSequence`); nil for an array or a range.
    var sourcedCollection: SourcedCollection? { get }
    /// `ClosedRange`, `Range` or `PartialRangeFrom` for a publisher of (a slice of) a range.
    var rangeKind: String? { get }
}

extension Publishers.Sequence: SequenceContents {
    var scriptSequence: Value? {
        if let array = sequence as? [Value] { return .array(array) }
        if let range = sequence as? RangeCollection { return range.rangeValue }
        if let range = sequence as? RangeSequence { return range.rangeValue }
        return SequenceBases.sourcedCollection(sequence)?.scriptValue
    }

    var sourcedCollection: SourcedCollection? { SequenceBases.sourcedCollection(SequenceBases.innermost(of: sequence)) }

    var rangeKind: String? {
        let base = SequenceBases.innermost(of: sequence)
        let range: Value
        if let collection = base as? RangeCollection {
            range = collection.rangeValue
        } else if let sequence = base as? RangeSequence {
            range = sequence.rangeValue
        } else {
            return nil
        }
        guard case .range(let value) = range else { return nil }
        switch value.kind {
        case .closed: return "ClosedRange"
        case .halfOpen: return "Range"
        case .from: return "PartialRangeFrom"
        case .through: return "PartialRangeThrough"
        case .upTo: return "PartialRangeUpTo"
        }
    }
}
