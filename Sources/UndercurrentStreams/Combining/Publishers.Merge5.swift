import OpenCombine

extension Publishers {
    /// A publisher created by applying the merge function to five upstream publishers.
    public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure,
        D.Output == E.Output, D.Failure == E.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = MergeInner<Output, Failure, S>(downstream: subscriber, upstreamCount: 5)
            inner.sendSubscriptionDownstream()
            a.subscribe(inner.side(0))
            b.subscribe(inner.side(1))
            c.subscribe(inner.side(2))
            d.subscribe(inner.side(3))
            e.subscribe(inner.side(4))
        }

        public func merge<P: Publisher>(with p: P) -> Publishers.Merge6<A, B, C, D, E, P>
        where E.Output == P.Output, E.Failure == P.Failure {
            Publishers.Merge6(a, b, c, d, e, p)
        }

        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge7<A, B, C, D, E, Z, Y>
        where E.Output == Z.Output, E.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure {
            Publishers.Merge7(a, b, c, d, e, z, y)
        }

        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Publishers.Merge8<A, B, C, D, E, Z, Y, X>
        where
            E.Output == Z.Output, E.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure
        {
            Publishers.Merge8(a, b, c, d, e, z, y, x)
        }
    }
}

extension Publishers.Merge5: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from four other publishers, delivering an
    /// interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(with b: B, _ c: C, _ d: D, _ e: E)
        -> Publishers.Merge5<Self, B, C, D, E>
    where
        Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure, C.Output == D.Output,
        C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure
    {
        Publishers.Merge5(self, b, c, d, e)
    }
}
