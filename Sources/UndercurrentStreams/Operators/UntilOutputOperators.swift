import OpenCombine
import UndercurrentInterpreter

/// drop(untilOutputFrom:) and prefix(untilOutputFrom:): another publisher's first value
/// opens or closes the stream.
extension StreamBridge {
    func installUntilOutputOperators() {
        addOperator("drop(untilOutputFrom:)") { [unowned self] upstream, arguments in
            let other = try self.publisher(from: arguments[0], at: arguments.location)
            // Swift requires both Failures to match; one that cannot fail is promoted.
            if case .never(let source) = upstream, case .never(let trigger) = other {
                return self.publisherValue(source.drop(untilOutputFrom: trigger))
            }
            return self.publisherValue(
                AnyValuePublisher(self.failing(upstream))
                    .drop(untilOutputFrom: AnyValuePublisher(self.failing(other))))
        }
        addOperator("prefix(untilOutputFrom:)") { [unowned self] upstream, arguments in
            let other = try self.publisher(from: arguments[0], at: arguments.location)
            // The other publisher's Failure does not matter: its failure is ignored.
            return upstream.with(
                { source in
                    other.with(
                        { self.publisherValue(source.prefix(untilOutputFrom: $0)) },
                        { self.publisherValue(source.prefix(untilOutputFrom: $0)) })
                },
                { source in
                    other.with(
                        { self.publisherValue(source.prefix(untilOutputFrom: $0)) },
                        { self.publisherValue(source.prefix(untilOutputFrom: $0)) })
                })
        }
    }
}
