import OpenCombine

extension Publishers {
    /// A publisher created by applying the merge function to eight upstream publishers.
    public struct Merge8<
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher
    >: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure,
        D.Output == E.Output, D.Failure == E.Failure,
        E.Output == F.Output, E.Failure == F.Failure,
        F.Output == G.Output, F.Failure == G.Failure,
        G.Output == H.Output, G.Failure == H.Failure
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
        public let h: H

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = MergeInner<Output, Failure, S>(downstream: subscriber, upstreamCount: 8)
            inner.sendSubscriptionDownstream()
            a.subscribe(inner.side(0))
            b.subscribe(inner.side(1))
            c.subscribe(inner.side(2))
            d.subscribe(inner.side(3))
            e.subscribe(inner.side(4))
            f.subscribe(inner.side(5))
            g.subscribe(inner.side(6))
            h.subscribe(inner.side(7))
        }
    }
}

extension Publishers.Merge8: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable, H: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from seven other publishers, delivering an
    /// interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
    where
        Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure, C.Output == D.Output,
        C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure, E.Output == F.Output,
        E.Failure == F.Failure, F.Output == G.Output, F.Failure == G.Failure, G.Output == H.Output,
        G.Failure == H.Failure
    {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }
}
