import OpenCombine

extension Publishers {
    /// A publisher created by applying the merge function to four upstream publishers.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure
    {
        public typealias Output = A.Output
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
            let inner = MergeInner<Output, Failure, S>(downstream: subscriber, upstreamCount: 4)
            inner.sendSubscriptionDownstream()
            a.subscribe(inner.side(0))
            b.subscribe(inner.side(1))
            c.subscribe(inner.side(2))
            d.subscribe(inner.side(3))
        }

        public func merge<P: Publisher>(with p: P) -> Publishers.Merge5<A, B, C, D, P>
        where D.Output == P.Output, D.Failure == P.Failure {
            Publishers.Merge5(a, b, c, d, p)
        }

        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge6<A, B, C, D, Z, Y>
        where D.Output == Z.Output, D.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure {
            Publishers.Merge6(a, b, c, d, z, y)
        }

        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Publishers.Merge7<A, B, C, D, Z, Y, X>
        where
            D.Output == Z.Output, D.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure
        {
            Publishers.Merge7(a, b, c, d, z, y, x)
        }

        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W)
            -> Publishers.Merge8<A, B, C, D, Z, Y, X, W>
        where
            D.Output == Z.Output, D.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure
        {
            Publishers.Merge8(a, b, c, d, z, y, x, w)
        }
    }
}

extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from three other publishers, delivering an
    /// interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D)
        -> Publishers.Merge4<Self, B, C, D>
    where
        Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure, C.Output == D.Output,
        C.Failure == D.Failure
    {
        Publishers.Merge4(self, b, c, d)
    }
}
