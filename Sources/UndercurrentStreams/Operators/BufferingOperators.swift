import OpenCombine
import UndercurrentInterpreter

/// buffer(size:prefetch:whenFull:), with `Publishers.PrefetchStrategy` and
/// `Publishers.BufferingStrategy` as script enums.
extension StreamBridge {
    func installBufferingOperators() {
        let prefetchType = TypeInfo(
            name: "Publishers.PrefetchStrategy", kind: .enumType,
            qualifiedName: "Publishers.PrefetchStrategy")
        prefetchType.addEnumCase(EnumCaseInfo(name: "keepFull"))
        prefetchType.addEnumCase(EnumCaseInfo(name: "byRequest"))
        let bufferingType = TypeInfo(
            name: "Publishers.BufferingStrategy", kind: .enumType,
            qualifiedName: "Publishers.BufferingStrategy")
        bufferingType.addEnumCase(EnumCaseInfo(name: "dropNewest"))
        bufferingType.addEnumCase(EnumCaseInfo(name: "dropOldest"))
        bufferingType.addEnumCase(EnumCaseInfo(name: "customError", associatedTypes: [.function([], .simple("Error"))]))
        for type in [prefetchType, bufferingType] {
            let shortName = String(type.name.dropFirst("Publishers.".count))
            types.publishers.nestedTypes[shortName] = type
            interpreter.registerType(type, as: type.name)
        }
        addOperator(
            "buffer(size:prefetch:whenFull:)",
            types: [
                nil, .named(["Publishers", "PrefetchStrategy"], []),
                .named(["Publishers", "BufferingStrategy"], []),
            ]
        ) { [unowned self] upstream, arguments in
            let location = arguments.location
            let size = try self.integer(arguments[0], "buffer's size", at: location)
            guard case .enumValue(let prefetchCase) = arguments[1], prefetchCase.type === prefetchType,
                case .enumValue(let whenFull) = arguments[2], whenFull.type === bufferingType
            else {
                throw ScriptError.runtime(
                    "buffer takes prefetch: .keepFull or .byRequest, "
                        + "and whenFull: .dropNewest, .dropOldest or .customError { ... }", at: location)
            }
            let prefetch: Publishers.PrefetchStrategy = prefetchCase.caseName == "keepFull" ? .keepFull : .byRequest
            guard size >= 0 else {
                throw ScriptError.runtime("buffer's size must not be negative (it is \(size))", at: location)
            }
            guard size > 0 || prefetch == .byRequest else {
                throw ScriptError.runtime(
                    "buffer(size: 0, prefetch: .keepFull) would request no values", at: location,
                    notes: ["Combine stops the program on a request for no values."])
            }
            // A full buffer of size 0 is always full: dropping its oldest value removes from
            // an empty buffer, which stops the program in OpenCombine.
            guard size > 0 || whenFull.caseName != "dropOldest" else {
                throw ScriptError.runtime(
                    "buffer(size: 0, whenFull: .dropOldest) has no oldest value to drop", at: location,
                    notes: ["OpenCombine stops the program when the first value arrives; give the buffer a size."])
            }
            switch whenFull.caseName {
            case "dropNewest":
                return upstream.with(
                    { self.publisherValue($0.buffer(size: size, prefetch: prefetch, whenFull: .dropNewest)) },
                    { self.publisherValue($0.buffer(size: size, prefetch: prefetch, whenFull: .dropNewest)) })
            case "dropOldest":
                return upstream.with(
                    { self.publisherValue($0.buffer(size: size, prefetch: prefetch, whenFull: .dropOldest)) },
                    { self.publisherValue($0.buffer(size: size, prefetch: prefetch, whenFull: .dropOldest)) })
            default:
                // The error makes the buffer's publisher one that can fail.
                let makeError = whenFull.payload.first ?? .void
                let strategy = Publishers.BufferingStrategy<ScriptFailure>.customError { [unowned self] in
                    ScriptFailure(self.fromEngine(.void) { try self.interpreter.call(makeError, [], at: location) })
                }
                return self.publisherValue(
                    AnyValuePublisher(self.failing(upstream))
                        .buffer(size: size, prefetch: prefetch, whenFull: strategy))
            }
        }
    }
}

/// What `buffer(size:prefetch:whenFull:)` holds and lets go when full, for the trace (which
/// follows the buffer from its calls to show each value it drops). Only OpenCombine's
/// `Publishers.Buffer` conforms: it is asked of no other type (`OwnConformances`).
public protocol BufferParameters {
    var capacity: Int { get }
    /// Which value a full buffer lets go; nil when it fails instead (`.customError`).
    var dropsWhenFull: BufferDrop? { get }
}

public enum BufferDrop: Sendable {
    case newest, oldest
}

extension Publishers.Buffer: BufferParameters {
    public var capacity: Int { size }
    public var dropsWhenFull: BufferDrop? {
        switch whenFull {
        case .dropNewest: return .newest
        case .dropOldest: return .oldest
        case .customError: return nil
        }
    }
}
