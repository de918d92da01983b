import OpenCombine

// OpenCombine 0.14.0 has no `Merge` family; these are Combine's, on OpenCombine's protocols.
// The subscription's rules (demand, finishing, failing) are described on `MergeInner`.
extension Publishers {
    /// A publisher created by applying the merge function to two upstream publishers.
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = MergeInner<Output, Failure, S>(downstream: subscriber, upstreamCount: 2)
            inner.sendSubscriptionDownstream()
            a.subscribe(inner.side(0))
            b.subscribe(inner.side(1))
        }

        public func merge<P: Publisher>(with p: P) -> Publishers.Merge3<A, B, P>
        where B.Output == P.Output, B.Failure == P.Failure {
            Publishers.Merge3(a, b, p)
        }

        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge4<A, B, Z, Y>
        where B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure {
            Publishers.Merge4(a, b, z, y)
        }

        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Publishers.Merge5<A, B, Z, Y, X>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure
        {
            Publishers.Merge5(a, b, z, y, x)
        }

        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X, _ w: W)
            -> Publishers.Merge6<A, B, Z, Y, X, W>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure
        {
            Publishers.Merge6(a, b, z, y, x, w)
        }

        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
        ) -> Publishers.Merge7<A, B, Z, Y, X, W, V>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure,
            W.Output == V.Output, W.Failure == V.Failure
        {
            Publishers.Merge7(a, b, z, y, x, w, v)
        }

        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, U: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V, _ u: U
        ) -> Publishers.Merge8<A, B, Z, Y, X, W, V, U>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output, Z.Failure == Y.Failure,
            Y.Output == X.Output, Y.Failure == X.Failure, X.Output == W.Output, X.Failure == W.Failure,
            W.Output == V.Output, W.Failure == V.Failure, V.Output == U.Output, V.Failure == U.Failure
        {
            Publishers.Merge8(a, b, z, y, x, w, v, u)
        }
    }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from another publisher, delivering an
    /// interleaved sequence of elements.
    public func merge<B: Publisher>(with b: B) -> Publishers.Merge<Self, B>
    where Output == B.Output, Failure == B.Failure {
        Publishers.Merge(self, b)
    }
}
