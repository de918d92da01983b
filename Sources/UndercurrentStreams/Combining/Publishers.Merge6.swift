import OpenCombine

extension Publishers {
    /// A publisher created by applying the merge function to six upstream publishers.
    public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure,
        D.Output == E.Output, D.Failure == E.Failure,
        E.Output == F.Output, E.Failure == F.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = MergeInner<Output, Failure, S>(downstream: subscriber, upstreamCount: 6)
            inner.sendSubscriptionDownstream()
            a.subscribe(inner.side(0))
            b.subscribe(inner.side(1))
            c.subscribe(inner.side(2))
            d.subscribe(inner.side(3))
            e.subscribe(inner.side(4))
            f.subscribe(inner.side(5))
        }

        public func merge<P: Publisher>(with p: P) -> Publishers.Merge7<A, B, C, D, E, F, P>
        where F.Output == P.Output, F.Failure == P.Failure {
            Publishers.Merge7(a, b, c, d, e, f, p)
        }

        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge8<A, B, C, D, E, F, Z, Y>
        where F.Output == Z.Output, F.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure {
            Publishers.Merge8(a, b, c, d, e, f, z, y)
        }
    }
}

extension Publishers.Merge6: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from five other publishers, delivering an
    /// interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Publishers.Merge6<Self, B, C, D, E, F>
    where
        Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure, C.Output == D.Output,
        C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure, E.Output == F.Output,
        E.Failure == F.Failure
    {
        Publishers.Merge6(self, b, c, d, e, f)
    }
}
