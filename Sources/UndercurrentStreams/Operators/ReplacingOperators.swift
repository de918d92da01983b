import OpenCombine
import UndercurrentInterpreter

/// replaceNil and replaceEmpty (replaceError is with the error handlers).
extension StreamBridge {
    func installReplacingOperators() {
        addOperator("replaceNil(with:)") { [unowned self] upstream, arguments in
            let output = arguments[0]
            // Combine's replaceNil is `map { $0 ?? output }`: present values are unwrapped too.
            let replace: (Value) -> Value = { element in
                guard case .optional(let wrapped) = element else { return element }
                return wrapped ?? output
            }
            return self.fused(upstream, .replaceNil(output))
                ?? upstream.with({ self.publisherValue($0.map(replace)) }, { self.publisherValue($0.map(replace)) })
        }
        addOperator("replaceEmpty(with:)") { [unowned self] upstream, arguments in
            let output = self.promoted([arguments[0]], toOutputOf: upstream, arguments)[0]
            return self.fused(upstream, .replaceEmpty(output))
                ?? upstream.with(
                    { self.publisherValue($0.replaceEmpty(with: output)) },
                    { self.publisherValue($0.replaceEmpty(with: output)) })
        }
    }
}
