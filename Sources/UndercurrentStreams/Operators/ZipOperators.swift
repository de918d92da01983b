import OpenCombine
import UndercurrentInterpreter

/// zip with one, two or three other publishers (and `Publishers.Zip`, `Zip3`, `Zip4`):
/// pairs values in order, as script tuples; with a closure, the tuple goes through it in
/// a `map`, as Combine's own overloads do.
extension StreamBridge {
    func installZipOperators() {
        // `zip(_:_:)` is both "two other publishers" and "one other publisher and a
        // transform": the arguments decide, as Swift's types would.
        for parameterCount in 1...4 {
            let name = "zip(" + String(repeating: "_:", count: parameterCount) + ")"
            addOperator(name) { [unowned self] upstream, arguments in
                var values = arguments.values.map { $0 ?? .void }
                var transform: Value?
                if let last = values.last, case .function = last {
                    transform = last
                    values.removeLast()
                }
                guard (1...3).contains(values.count) else {
                    throw ScriptError.runtime("zip takes one, two or three other publishers"
                                              + (transform == nil ? "" : " and a closure"), at: arguments.location)
                }
                let others = try values.map { try self.publisher(from: $0, at: arguments.location) }
                return self.zip([upstream] + others, transform: transform, at: arguments.location)
            }
        }
        for count in 2...4 {
            let family = count == 2 ? "Publishers.Zip" : "Publishers.Zip\(count)"
            types.family(family).initializers = [.native(NativeFunction("init(" + String(repeating: "_:", count: count) + ")") {
                [unowned self] arguments in
                let upstreams = try arguments.values.map { try self.publisher(from: $0 ?? .void, at: arguments.location) }
                return self.zip(upstreams, transform: nil, at: arguments.location)
            })]
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
            return erase(ConvertingPublisher(upstream: Publishers.Zip(p[0], p[1])) { Value.tuple(TupleValue([$0.0, $0.1])) })
        case 3:
            return erase(ConvertingPublisher(upstream: Publishers.Zip3(p[0], p[1], p[2])) {
                Value.tuple(TupleValue([$0.0, $0.1, $0.2]))
            })
        default:
            return erase(ConvertingPublisher(upstream: Publishers.Zip4(p[0], p[1], p[2], p[3])) {
                Value.tuple(TupleValue([$0.0, $0.1, $0.2, $0.3]))
            })
        }
    }
}
