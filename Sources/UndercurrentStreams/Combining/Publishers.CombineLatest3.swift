import OpenCombine

extension Publishers {
    /// A publisher that receives and combines the latest elements from three publishers.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = CombineLatestInner<Output, Failure, S>(downstream: subscriber, upstreamCount: 3) { values in
                (values[0] as! A.Output, values[1] as! B.Output, values[2] as! C.Output)
            }
            a.subscribe(inner.side(0, receiving: A.Output.self))
            b.subscribe(inner.side(1, receiving: B.Output.self))
            c.subscribe(inner.side(2, receiving: C.Output.self))
            inner.sendSubscriptionDownstream()
        }
    }
}

extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

extension Publisher {
    /// Subscribes to two additional publishers and publishes a tuple upon receiving output
    /// from any of them, once all three have produced a value.
    public func combineLatest<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q)
        -> Publishers.CombineLatest3<Self, P, Q> where Failure == P.Failure, P.Failure == Q.Failure
    {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// Subscribes to two additional publishers and invokes a closure upon receiving output
    /// from any of them.
    public func combineLatest<P: Publisher, Q: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
    where Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2).map(transform)
    }
}
