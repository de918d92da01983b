import OpenCombine

extension Publishers {
    /// A publisher created by applying the merge function to three upstream publishers.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        B.Output == C.Output, B.Failure == C.Failure
    {
        public typealias Output = A.Output
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
            let inner = MergeInner<Output, Failure, S>(downstream: subscriber, upstreamCount: 3)
            inner.sendSubscriptionDownstream()
            a.subscribe(inner.side(0))
            b.subscribe(inner.side(1))
            c.subscribe(inner.side(2))
        }

        public func merge<P: Publisher>(with p: P) -> Publishers.Merge4<A, B, C, P>
        where C.Output == P.Output, C.Failure == P.Failure {
            Publishers.Merge4(a, b, c, p)
        }

        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge5<A, B, C, Z, Y>
        where C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure {
            Publishers.Merge5(a, b, c, z, y)
        }

        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Publishers.Merge6<A, B, C, Z, Y, X>
        where
            C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure
        {
            Publishers.Merge6(a, b, c, z, y, x)
        }

        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W)
            -> Publishers.Merge7<A, B, C, Z, Y, X, W>
        where
            C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure
        {
            Publishers.Merge7(a, b, c, z, y, x, w)
        }

        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
        ) -> Publishers.Merge8<A, B, C, Z, Y, X, W, V>
        where
            C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure,
            W.Output == V.Output, W.Failure == V.Failure
        {
            Publishers.Merge8(a, b, c, z, y, x, w, v)
        }
    }
}

extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from two other publishers, delivering an
    /// interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure {
        Publishers.Merge3(self, b, c)
    }
}
