import OpenCombine

/// What spelling a publisher's type asks of each value it meets, by the value's type: whether
/// it is an adapter to see through (`AnyValuePublisher`, a stageless adapter), and whether
/// what it is is a publisher. Each answer is a cast to a protocol, which the runtime answers
/// through its conformance tables every time it is asked; spelling `type(of:)` of a pipeline
/// asks a few dozen. A type's conformances never change, so each type is asked once per
/// session.
final class PublisherTypeTraits {
    enum Adapter {
        case none, erased, stageless
    }

    struct Traits {
        var adapter: Adapter
        var isPublisher: Bool
    }

    private var known: [ObjectIdentifier: Traits] = [:]

    func traits(of value: Any) -> Traits {
        let type = type(of: value)
        let key = ObjectIdentifier(type)
        if let traits = known[key] { return traits }
        // A cast looks through an Optional to what it holds, if anything: for an Optional the
        // answer is the value's, not its type's, and is not kept.
        let isOptional = Self.isOptional(type)
        let adapter: Adapter
        if isOptional {
            adapter = value is AnyValuePublisherBase ? .erased : value is StagelessAdapter ? .stageless : .none
        } else {
            let own = OwnConformances(of: value)
            adapter = own.erasedPublisher != nil ? .erased : own.stagelessAdapter != nil ? .stageless : .none
        }
        let traits = Traits(adapter: adapter, isPublisher: value is any Publisher)
        if !isOptional { known[key] = traits }
        return traits
    }

    private static func isOptional<T>(_: T.Type) -> Bool { _isOptional(T.self) }

    /// The publisher under any adapters `value` is wrapped in (at most eight).
    func unwrapAdapters(_ value: Any) -> Any {
        var current = value
        for _ in 0..<8 {
            switch traits(of: current).adapter {
            case .erased:
                guard let erased = current as? AnyValuePublisherBase else { return current }
                current = erased.basePublisher
            case .stageless:
                guard let adapter = current as? StagelessAdapter else { return current }
                current = adapter.adaptedPublisher
            case .none:
                return current
            }
        }
        return current
    }

    /// The publisher `value` is, under its adapters; nil when it is not one.
    func publisher(_ value: Any) -> Any? {
        let unwrapped = unwrapAdapters(value)
        return traits(of: unwrapped).isPublisher ? unwrapped : nil
    }
}
