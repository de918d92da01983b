import OpenCombine

// OpenCombine 0.14.0 has no `CombineLatest`; this is Combine's, on OpenCombine's protocols.
// The subscription's rules (demand, finishing, failing) are described on `CombineLatestInner`.

extension Publishers {
    /// A publisher that receives and combines the latest elements from two publishers.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = CombineLatestInner<Output, Failure, S>(downstream: subscriber, upstreamCount: 2) { values in
                (values[0] as! A.Output, values[1] as! B.Output)
            }
            a.subscribe(inner.side(0, receiving: A.Output.self))
            b.subscribe(inner.side(1, receiving: B.Output.self))
            inner.sendSubscriptionDownstream()
        }
    }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}

extension Publisher {
    /// Subscribes to an additional publisher and publishes a tuple upon receiving output
    /// from either publisher, once both have produced a value.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where Failure == P.Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Subscribes to an additional publisher and invokes a closure upon receiving output
    /// from either publisher.
    public func combineLatest<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
        -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where Failure == P.Failure
    {
        Publishers.CombineLatest(self, other).map(transform)
    }
}
