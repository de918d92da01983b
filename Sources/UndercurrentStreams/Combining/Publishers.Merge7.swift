import OpenCombine

extension Publishers {
    /// A publisher created by applying the merge function to seven upstream publishers.
    public struct Merge7<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
    >: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure,
        D.Output == E.Output, D.Failure == E.Failure,
        E.Output == F.Output, E.Failure == F.Failure,
        F.Output == G.Output, F.Failure == G.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F
        public let g: G

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = MergeInner<Output, Failure, S>(downstream: subscriber, upstreamCount: 7)
            inner.sendSubscriptionDownstream()
            a.subscribe(inner.side(0))
            b.subscribe(inner.side(1))
            c.subscribe(inner.side(2))
            d.subscribe(inner.side(3))
            e.subscribe(inner.side(4))
            f.subscribe(inner.side(5))
            g.subscribe(inner.side(6))
        }

        public func merge<P: Publisher>(with p: P) -> Publishers.Merge8<A, B, C, D, E, F, G, P>
        where G.Output == P.Output, G.Failure == P.Failure {
            Publishers.Merge8(a, b, c, d, e, f, g, p)
        }
    }
}

extension Publishers.Merge7: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from six other publishers, delivering an
    /// interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
    where
        Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure, C.Output == D.Output,
        C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure, E.Output == F.Output,
        E.Failure == F.Failure, F.Output == G.Output, F.Failure == G.Failure
    {
        Publishers.Merge7(self, b, c, d, e, f, g)
    }
}
