import OpenCombine
import UndercurrentInterpreter

/// append and prepend, of values (`append(4, 5)`), of a sequence (`append([4, 5])`,
/// `append(4...5)`) and of another publisher. Each is a `Publishers.Concatenate`, except
/// where OpenCombine joins sequences when the chain is built.
extension StreamBridge {
    func installConcatenatingOperators() {
        addOperator("append(_:)", variadic: "_") { [unowned self] upstream, arguments in
            switch try self.concatenated(arguments, to: upstream) {
            case .publisher(let other):
                return self.fused(upstream, .appendPublisher(other.base)) ?? self.concatenate(upstream, other)
            case .values(let values):
                return self.fused(upstream, .append(values))
                    ?? self.concatenate(upstream, self.sequencePublisher(of: values, like: upstream))
            case .range(let range):
                return self.concatenate(upstream, self.sequencePublisher(of: range, like: upstream))
            }
        }
        addOperator("prepend(_:)", variadic: "_") { [unowned self] upstream, arguments in
            switch try self.concatenated(arguments, to: upstream) {
            case .publisher(let other):
                return self.fused(upstream, .prependPublisher(other.base)) ?? self.concatenate(other, upstream)
            case .values(let values):
                return self.fused(upstream, .prepend(values))
                    ?? self.concatenate(self.sequencePublisher(of: values, like: upstream), upstream)
            case .range(let range):
                return self.concatenate(self.sequencePublisher(of: range, like: upstream), upstream)
            }
        }
        let concatenate = types.family("Publishers.Concatenate")
        concatenate.initializers = [
            .native(
                NativeFunction("init(prefix:suffix:)") { [unowned self] arguments in
                    let prefix = try self.publisher(from: arguments[0], at: arguments.location)
                    let suffix = try self.publisher(from: arguments[1], at: arguments.location)
                    return self.concatenate(prefix, suffix)
                })
        ]
    }

    /// What `append(_:)` and `prepend(_:)` were given.
    private enum Concatenated {
        case publisher(AnyScriptPublisher)
        case values([Value])
        /// A range keeps its own type, as Swift's `Publishers.Sequence<ClosedRange<Int>, _>` does.
        case range(RangeCollection)
    }

    private func concatenated(_ arguments: NativeArguments, to upstream: AnyScriptPublisher) throws -> Concatenated {
        guard case .array(let written) = arguments[0] else { return .values([]) }
        // Values written as the upstream's Output (`append(4, 5)`): promoted to it.
        let items =
            written.count == 1 && isPublisher(written[0]) ? written : promoted(written, toOutputOf: upstream, arguments)
        guard items.count == 1 else { return .values(items) }
        let item = items[0]
        if isPublisher(item) { return .publisher(try publisher(from: item, at: arguments.location)) }
        switch item.loaded {
        case .range(let range):
            guard let bounds = range.integerBounds, let upper = bounds.upper else { break }
            return .range(
                RangeCollection(
                    lower: bounds.lower, upper: upper, text: item.description,
                    interpreter: interpreter))
        case .array, .set:
            return .values(try interpreter.elements(of: item, at: arguments.location))
        default:
            break
        }
        return .values(items)
    }

    func isPublisher(_ value: Value) -> Bool {
        switch value.loaded {
        case .native(let native): return native is PublisherValue
        case .structValue, .object, .enumValue: return conforms(interpreter.typeInfo(of: value), to: "Publisher")
        default: return false
        }
    }

    /// A sequence publisher with the Failure of the publisher it joins.
    private func sequencePublisher<Elements: Sequence>(of elements: Elements, like other: AnyScriptPublisher)
        -> AnyScriptPublisher where Elements.Element == Value
    {
        other.canFail
            ? erase(Publishers.Sequence<Elements, ScriptFailure>(sequence: elements))
            : erase(Publishers.Sequence<Elements, Never>(sequence: elements))
    }

    /// `Publishers.Concatenate`; a side that cannot fail is promoted when the other can.
    func concatenate(_ prefix: AnyScriptPublisher, _ suffix: AnyScriptPublisher) -> Value {
        if case .never(let first) = prefix, case .never(let second) = suffix {
            return publisherValue(Publishers.Concatenate(prefix: first, suffix: second))
        }
        return publisherValue(
            Publishers.Concatenate(
                prefix: AnyValuePublisher(failing(prefix)),
                suffix: AnyValuePublisher(failing(suffix))))
    }
}
