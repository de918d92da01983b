import OpenCombine
import UndercurrentInterpreter
import UndercurrentStreams

/// Gives every object in a trace a stable, readable name: the type as a learner would
/// write it and an instance number (`MySubscription#2`, `Map.Inner#1`).
final class ObjectNames {
    private struct Entry {
        let name: String
        weak var object: AnyObject?
        let isObject: Bool
    }

    private var entries: [AnyHashable: Entry] = [:]
    private var counters: [String: Int] = [:]
    /// Readable type names by type: working one out takes longer than the rest of a call's tracing.
    private var typeNames: [ObjectIdentifier: String] = [:]

    func reset() {
        entries.removeAll()
        counters.removeAll()
    }

    /// The name of a subscriber, subscription or publisher as the engine hands it over.
    func name(of thing: Any) -> String {
        if let forwarding = thing as? ForwardingSubscriber { return name(of: forwarding.forwardedSubscriber) }
        if let backed = thing as? ScriptBacked {
            if let object = backed.scriptObject { return name(ofScriptObject: object) }
            return Formatter.typeName(of: backed.scriptValue)
        }
        let typeName: String
        if let labelled = thing as? TraceLabelled {
            typeName = labelled.traceLabel
        } else if let known = typeNames[ObjectIdentifier(type(of: thing))] {
            typeName = known
        } else {
            typeName = Self.readableTypeName(of: thing)
            typeNames[ObjectIdentifier(type(of: thing))] = typeName
        }
        if type(of: thing) is AnyClass {
            let object = thing as AnyObject
            return name(forKey: ObjectIdentifier(object), typeName: typeName, object: object)
        }
        if let identifiable = thing as? CustomCombineIdentifierConvertible {
            return name(forKey: identifiable.combineIdentifier, typeName: typeName, object: nil)
        }
        return typeName
    }

    func name(ofScriptObject object: ScriptObject) -> String {
        name(forKey: object.identity, typeName: object.type.name, object: object.standInFor == nil ? object : nil,
             allowDeadEntry: object.standInFor != nil)
    }

    /// The name of an object in its `deinit` (no longer reachable through a weak reference).
    func name(ofDeinitializing identity: ObjectIdentifier, typeName: String) -> String {
        name(forKey: identity, typeName: typeName, object: nil, allowDeadEntry: true)
    }

    /// Forgets an object that went away, so a new one at the same address gets a new number.
    func forget(_ identity: ObjectIdentifier) {
        entries[AnyHashable(identity)] = nil
    }

    private func name(forKey key: AnyHashable, typeName: String, object: AnyObject?,
                      allowDeadEntry: Bool = false) -> String {
        if let entry = entries[key] {
            // A class instance at a reused address is a new object.
            if !entry.isObject || entry.object != nil || allowDeadEntry { return entry.name }
        }
        let number = (counters[typeName] ?? 0) + 1
        counters[typeName] = number
        let name = "\(typeName)#\(number)"
        entries[key] = Entry(name: name, object: object, isObject: object != nil)
        return name
    }

    /// `Publishers.Map<…>.Inner<…>` becomes `Map.Inner`; `Subscribers.Sink<…>` becomes `Sink`.
    static func readableTypeName(of thing: Any) -> String {
        let full = String(reflecting: type(of: thing))
        // Drop generic arguments and the `(unknown context at $…)` of private types.
        var result = ""
        var depth = 0
        for character in full {
            if character == "<" || character == "(" { depth += 1; continue }
            if character == ">" || character == ")" { depth -= 1; continue }
            if depth == 0 { result.append(character) }
        }
        // `(extension in OpenCombine):Swift.Result.OCombine.Inner` leaves a colon in front.
        if result.hasPrefix(":") { result.removeFirst() }
        var parts = result.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
        parts.removeAll { ["OpenCombine", "UndercurrentStreams", "Publishers", "Subscribers", "Swift"].contains($0) }
        if parts.first == "Optional", parts.dropFirst().first == "OCombine" { parts = ["Optional"] + parts.dropFirst(2) }
        if parts.first == "Result", parts.dropFirst().first == "OCombine" { parts = ["Result"] + parts.dropFirst(2) }
        return parts.joined(separator: ".")
    }
}
