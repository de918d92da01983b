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

    private func zipped<Failure: Error>(_ p: [AnyValuePublisher<Failure>]) -> AnyScriptPublisher {
        switch p.count {
        case 2:
            return erase(
                ConvertingPublisher(upstream: Publishers.Zip(p[0], p[1])) { Value.tuple(TupleValue([$0.0, $0.1])) })
        case 3:
            return erase(
                ConvertingPublisher(upstream: Publishers.Zip3(p[0], p[1], p[2])) {
                    Value.tuple(TupleValue([$0.0, $0.1, $0.2]))
                })
        default:
            return erase(
                ConvertingPublisher(upstream: Publishers.Zip4(p[0], p[1], p[2], p[3])) {
                    Value.tuple(TupleValue([$0.0, $0.1, $0.2, $0.3]))
                })
        }
    }
}
