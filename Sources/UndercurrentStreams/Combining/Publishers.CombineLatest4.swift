import OpenCombine

extension Publishers {
    /// A publisher that receives and combines the latest elements from four publishers.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = CombineLatestInner<Output, Failure, S>(downstream: subscriber, upstreamCount: 4) { values in
                (values[0] as! A.Output, values[1] as! B.Output, values[2] as! C.Output, values[3] as! D.Output)
            }
            a.subscribe(inner.side(0, receiving: A.Output.self))
            b.subscribe(inner.side(1, receiving: B.Output.self))
            c.subscribe(inner.side(2, receiving: C.Output.self))
            d.subscribe(inner.side(3, receiving: D.Output.self))
            inner.sendSubscriptionDownstream()
        }
    }
}

extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Subscribes to three additional publishers and publishes a tuple upon receiving
    /// output from any of them, once all four have produced a value.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
        _ publisher1: P, _ publisher2: Q,
        _ publisher3: R
    )
        -> Publishers.CombineLatest4<Self, P, Q, R>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// Subscribes to three additional publishers and invokes a closure upon receiving
    /// output from any of them.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map(transform)
    }
}
