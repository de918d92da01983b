import OpenCombine
import UndercurrentInterpreter

/// zip with one, two or three other publishers (and `Publishers.Zip`, `Zip3`, `Zip4`):
/// pairs values in order, as script tuples; with a closure, the tuple goes through it in
/// a `map`, as Combine's own overloads do.
extension StreamBridge {
    func installZipOperators() {
        installCombiner("zip", family: "Publishers.Zip") { [unowned self] upstreams, transform, location in
            self.zip(upstreams, transform: transform, at: location)
        }
    }

    /// A `Publishers.Zip{,3,4}` of script publishers; upstreams that cannot fail are
    /// promoted when another one can.
    private func zip(_ upstreams: [AnyScriptPublisher], transform: Value?, at location: SourceLocation) -> Value {
        let mapping = transform.map { function in
            { [unowned self] (input: Value) -> Value in
                guard case .tuple(let tuple) = input else { return .void }
                return self.fromEngine(.void) { try self.interpreter.call(function, tuple.elements, at: location) }
            }
        }
        let zipped = upstreams.neverFailing.map(zipped) ?? zipped(upstreams.map { AnyValuePublisher(self.failing($0)) })
        guard let mapping else { return publisherValue(zipped) }
        return zipped.with({ publisherValue($0.map(mapping)) }, { publisherValue($0.map(mapping)) })
    }

    private func zipped<Failure: Error>(_ upstreams: [AnyValuePublisher<Failure>]) -> AnyScriptPublisher {
        let keeping = ZipKeeping()
        let p = upstreams.map { KeptUpstream(upstream: $0, keeping: keeping) }
        switch p.count {
        case 2:
            return erase(
                KeptZip(upstream: Publishers.Zip(p[0], p[1]), keeping: keeping) {
                    Value.tuple(TupleValue([$0.0, $0.1]))
                })
        case 3:
            return erase(
                KeptZip(upstream: Publishers.Zip3(p[0], p[1], p[2]), keeping: keeping) {
                    Value.tuple(TupleValue([$0.0, $0.1, $0.2]))
                })
        default:
            return erase(
                KeptZip(upstream: Publishers.Zip4(p[0], p[1], p[2], p[3]), keeping: keeping) {
                    Value.tuple(TupleValue([$0.0, $0.1, $0.2, $0.3]))
                })
        }
    }
}

/// OpenCombine's zip (0.14) keeps its inner object only through its downstream: the child
/// subscribers it hands to the upstream publishers point back at it `unowned`. A downstream
/// that does not keep its subscription (a script subscriber that never stores it) lets the
/// inner object go, and the next upstream value traps the process — compiled against
/// OpenCombine too; Apple's zip keeps working. So every child handed to an upstream goes in
/// a keeper that holds the zip's inner object for as long as the upstream holds the child:
/// the zip lives while any upstream can still send to it, and goes when they let go
/// (finished, failed or cancelled), as a subscription should.
final class ZipKeeping {
    final class Box {
        var inner: AnyObject?
    }

    /// The box of the subscription being made, while the zip subscribes its children.
    var current: Box?
}

/// A zip's upstream: hands the zip's children to the upstream inside keepers.
struct KeptUpstream<Upstream: Publisher>: Publisher, StagelessAdapter {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure
    let upstream: Upstream
    let keeping: ZipKeeping

    var adaptedPublisher: Any { upstream }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(Keeper(child: subscriber, box: keeping.current))
    }

    /// The child, and the box that keeps its zip: a stand-in the trace does not see.
    private struct Keeper<Child: Subscriber>: Subscriber, CustomStringConvertible, ForwardingSubscriber
    where Child.Input == Output, Child.Failure == Failure {
        typealias Input = Output
        let child: Child
        let box: ZipKeeping.Box?
        var downstreamSubscriber: Any { child }
        var combineIdentifier: CombineIdentifier { child.combineIdentifier }
        var description: String { String(describing: child) }
        func receive(subscription: Subscription) { child.receive(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { child.receive(input) }
        func receive(completion: Subscribers.Completion<Failure>) { child.receive(completion: completion) }
    }
}

/// A zip of kept upstreams, presenting its tuples as script values (`ConvertingPublisher`)
/// and putting the subscription it hands down in the box its children's keepers share.
struct KeptZip<Upstream: Publisher, Output>: Publisher, StagelessAdapter {
    typealias Failure = Upstream.Failure
    let upstream: Upstream
    let keeping: ZipKeeping
    let convert: (Upstream.Output) -> Output

    init(upstream: Upstream, keeping: ZipKeeping, convert: @escaping (Upstream.Output) -> Output) {
        self.upstream = upstream
        self.keeping = keeping
        self.convert = convert
    }

    var adaptedPublisher: Any { upstream }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let box = ZipKeeping.Box()
        let outer = keeping.current
        keeping.current = box
        defer { keeping.current = outer }
        upstream.subscribe(Forward(downstream: subscriber, convert: convert, box: box))
    }

    private struct Forward<Downstream: Subscriber>: Subscriber, CustomStringConvertible, ForwardingSubscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        let downstream: Downstream
        let convert: (Upstream.Output) -> Output
        /// Weak: the zip's inner object holds this subscriber, and the box holds the inner object.
        weak var box: ZipKeeping.Box?
        var downstreamSubscriber: Any { downstream }
        var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }
        var description: String { String(describing: downstream) }
        func receive(subscription: Subscription) {
            box?.inner = subscription as AnyObject
            downstream.receive(subscription: subscription)
        }
        func receive(_ input: Upstream.Output) -> Subscribers.Demand { downstream.receive(convert(input)) }
        func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
    }
}
