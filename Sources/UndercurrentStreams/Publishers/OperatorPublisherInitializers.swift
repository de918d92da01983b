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
                        return self.publisherValue(Publishers.Sequence<[Value], ScriptFailure>(sequence: elements))
                    }
                    return self.publisherValue(Publishers.Sequence<[Value], Never>(sequence: elements))
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

/// A sequence publisher's elements as the script's value: an array, or the range it was made from.
protocol SequenceContents {
    var scriptSequence: Value? { get }
}

extension Publishers.Sequence: SequenceContents {
    var scriptSequence: Value? {
        if let array = sequence as? [Value] { return .array(array) }
        if let range = sequence as? RangeCollection { return range.rangeValue }
        if let range = sequence as? RangeSequence { return range.rangeValue }
        return nil
    }
}
