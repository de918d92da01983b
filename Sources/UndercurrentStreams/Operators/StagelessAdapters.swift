import OpenCombine
import UndercurrentInterpreter

/// A publisher that only adapts another one's types for the engine and adds no stage of
/// its own to the chain: its subscriber forwards the downstream's identity, so the trace
/// and `.print()` see the engine's operators exactly as compiled code builds them.
///
/// Only Undercurrent's own types may conform: it is asked of no other (`OwnConformances`).
public protocol StagelessAdapter {
    /// The engine publisher whose family this one shows as.
    var adaptedPublisher: Any { get }
}

/// The subscriber a stageless adapter subscribes upstream with: it stands for its downstream.
public protocol ForwardingSubscriber: NamedOtherwiseInTraces {
    var downstreamSubscriber: Any { get }
}

extension ForwardingSubscriber {
    /// The subscriber this one stands for, without the tracing hook's wrappers.
    public var forwardedSubscriber: Any { TapUnwrapping.unwrap(downstreamSubscriber) }
}

extension NeverFailingPublisher: StagelessAdapter {
    var adaptedPublisher: Any { upstream }
}

extension ScriptFailurePublisher: StagelessAdapter {
    var adaptedPublisher: Any { upstream }
}

/// Presents an engine publisher of Swift values (`[Value]` from `collect`, `Int` from
/// `count`, tuples from `zip`) as a publisher of script values.
struct ConvertingPublisher<Upstream: Publisher, Output>: Publisher, StagelessAdapter {
    typealias Failure = Upstream.Failure
    let upstream: Upstream
    let convert: (Upstream.Output) -> Output

    var adaptedPublisher: Any { upstream }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(Forward(downstream: subscriber, convert: convert))
    }

    private struct Forward<Downstream: Subscriber>: Subscriber, CustomStringConvertible, ForwardingSubscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        let downstream: Downstream
        let convert: (Upstream.Output) -> Output
        var downstreamSubscriber: Any { downstream }
        var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }
        var description: String { String(describing: downstream) }
        func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Upstream.Output) -> Subscribers.Demand { downstream.receive(convert(input)) }
        func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
    }
}

/// Stops subscribing once a script error or Ctrl-C is waiting. `retry` resubscribes in a
/// loop of its own that never returns to the interpreter, so without this a publisher
/// that always fails (`Fail(...).retry(.max)`) could not be interrupted.
struct InterruptiblePublisher<Upstream: Publisher>: Publisher, StagelessAdapter {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure
    let upstream: Upstream
    unowned let interpreter: Interpreter

    var adaptedPublisher: Any { upstream }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        guard !interpreter.isAborting else { return }
        // A publisher that fails at once is resubscribed from inside its own failure:
        // each retry nests one level deeper, so it counts against the call depth.
        interpreter.engineNestedStep { upstream.subscribe(subscriber) }
    }
}

extension StreamBridge {
    func interruptible<P: Publisher>(_ publisher: P) -> InterruptiblePublisher<P> {
        InterruptiblePublisher(upstream: publisher, interpreter: interpreter)
    }

    /// A publisher of `[Value]` as one of script arrays.
    func arrayValues<P: Publisher>(_ publisher: P) -> Value where P.Output == [Value] {
        publisherValue(ConvertingPublisher(upstream: publisher, convert: Value.array))
    }

    /// A publisher of `[Value]` that can fail with any `Error` (`tryX` operators).
    func arrayValues<P: Publisher>(_ publisher: P) -> Value where P.Output == [Value], P.Failure == Error {
        publisherValue(ScriptFailurePublisher(upstream: ConvertingPublisher(upstream: publisher, convert: Value.array)))
    }
}

/// Any error as the Failure of script publishers.
func scriptFailure(_ error: Error) -> ScriptFailure {
    error as? ScriptFailure ?? ScriptFailure(.string(String(describing: error)))
}
