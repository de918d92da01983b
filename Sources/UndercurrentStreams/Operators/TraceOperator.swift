import OpenCombine
import UndercurrentInterpreter

/// Something the tracer should show under a name the learner chose (`.trace("search")`)
/// instead of its type's name.
public protocol TraceLabelled: NamedOtherwiseInTraces {
    var traceLabel: String { get }
}

extension Publishers {
    /// `.trace("search")`: a real pass-through stage. Its subscriber subscribes upstream,
    /// hands itself downstream as the subscription, and forwards every value, completion,
    /// request and cancel unchanged, so the learner sees that stage's calls under the label.
    public struct Trace<Upstream: Publisher>: Publisher, TraceLabelled {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let label: String

        public init(upstream: Upstream, label: String) {
            self.upstream = upstream
            self.label = label
        }

        public var traceLabel: String { label }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(label: label, downstream: subscriber))
        }
    }
}

extension Publishers.Trace {
    /// Both the upstream's subscriber and the downstream's subscription.
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, TraceLabelled, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let label: String
        private var downstream: Downstream?
        private var upstreamSubscription: Subscription?
        private var finished = false

        init(label: String, downstream: Downstream) {
            self.label = label
            self.downstream = downstream
        }

        var traceLabel: String { label }
        var description: String { label }

        func receive(subscription: Subscription) {
            // A second subscription is refused, as Combine's own operators do.
            guard upstreamSubscription == nil, !finished, let downstream else {
                subscription.cancel()
                return
            }
            upstreamSubscription = subscription
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard !finished, let downstream else { return .none }
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard !finished, let downstream else { return }
            finished = true
            upstreamSubscription = nil
            self.downstream = nil
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            upstreamSubscription?.request(demand)
        }

        func cancel() {
            let upstream = upstreamSubscription
            upstreamSubscription = nil
            downstream = nil
            finished = true
            upstream?.cancel()
        }
    }
}

extension Publisher {
    /// Shows this stage in the trace under `label`.
    public func trace(_ label: String) -> Publishers.Trace<Self> {
        Publishers.Trace(upstream: self, label: label)
    }
}

extension StreamBridge {
    func installTraceOperator() {
        addOperator("trace(_:)", types: [.simple("String")]) { [unowned self] upstream, arguments in
            guard case .string(let label) = arguments[0] else {
                throw ScriptError.runtime("trace(_:) needs a label, such as .trace(\"search\")", at: arguments.location)
            }
            return upstream.with({ self.publisherValue($0.trace(label)) }, { self.publisherValue($0.trace(label)) })
        }
    }
}
