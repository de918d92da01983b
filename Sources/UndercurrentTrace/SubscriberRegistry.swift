import OpenCombine
import UndercurrentInterpreter
import UndercurrentStreams

/// The registry behind rule §3.13 ("`cancel()` lets go of the subscriber").
///
/// When a subscription is handed to a subscriber, the registry notes that subscriber
/// without keeping it alive (the script object's identity and serial, or the engine
/// object's identity, and its combine identifier), so checking never changes when a
/// `deinit` runs. Right after `cancel()` returns, `holder(of:in:)` looks for a registered
/// subscriber still reachable from the subscription's stored properties.
///
/// What "reachable" means here, honestly:
/// - Only subscriptions written in the script (class instances) are examined; OpenCombine's
///   own subscriptions are trusted, and a subscription that is a struct is a copy, so there
///   is nothing to examine.
/// - The walk follows what the subscription owns strongly: its stored properties, and inside
///   them optionals, arrays, dictionaries, sets, tuples, structs, enum payloads, and the
///   variables captured by closures stored there. `weak` and `unowned` properties do not keep
///   anything alive and are skipped. Other class instances are compared but not entered
///   (a subscription that holds its publisher, which holds subscribers, is not blamed).
/// - A subscriber is recognised as the script object itself or as the engine subscriber the
///   script was handed (`AnySubscriber`-like values carrying the same combine identifier).
/// - The check runs when `cancel()` returns. A subscription that lets go later, on a
///   scheduler, is reported although the rule says "eventually"; a subscription that lets go
///   in `cancel()` (`subscriber = nil`) is never reported.
struct SubscriberRegistry {
    struct Entry {
        let name: TraceName
        let id: CombineIdentifier
        /// The script object subscribing, by identity and serial rather than a weak reference,
        /// which would slow down every retain and release of it. Only one alive can be found
        /// reachable from the subscription, so it needs no liveness check.
        let scriptObject: (identity: ObjectIdentifier, serial: UInt64)?
        /// An engine object subscribing, by identity. `pinnedObject` holds it `unowned` and is
        /// never read: it keeps the object's memory, not the object, so no other object can
        /// take its address while the entry lives. (A `weak` reference would give the object a
        /// side table, and every retain and release of it the runtime's slow path.) An object
        /// found in the subscription's properties is alive, so no liveness check is needed.
        let engineObject: ObjectIdentifier?
        private unowned let pinnedObject: AnyObject?

        init(
            name: TraceName, id: CombineIdentifier, scriptObject: (identity: ObjectIdentifier, serial: UInt64)?,
            engineObject: AnyObject?
        ) {
            self.name = name
            self.id = id
            self.scriptObject = scriptObject
            self.engineObject = engineObject.map(ObjectIdentifier.init)
            self.pinnedObject = engineObject
        }

        func isSubscriber(_ object: ScriptObject) -> Bool {
            if let scriptObject {
                return scriptObject.identity == ObjectIdentifier(object) && scriptObject.serial == object.serial
            }
            return engineObject == ObjectIdentifier(object) || id == CombineIdentifier(object)
        }

        func isSameSubscriber(as other: Entry) -> Bool {
            id == other.id && scriptObject?.serial == other.scriptObject?.serial
        }
    }

    /// Registered subscribers per subscription name.
    private var entries: [TraceName: [Entry]] = [:]

    /// `isScriptBacked`: whether `subscriber` is a `ScriptBacked` stand-in (`ObjectNames`
    /// tells); the cast is made only then, as an engine type's first cast scans every
    /// conformance in the binary to fail.
    mutating func register<S: Subscriber>(
        _ subscriber: S, named name: TraceName, for subscription: TraceName, isScriptBacked: Bool
    ) {
        var scriptObject: (ObjectIdentifier, UInt64)?
        var engineObject: AnyObject?
        if isScriptBacked, let backed = subscriber as? ScriptBacked {
            scriptObject = backed.scriptObject.map { (ObjectIdentifier($0), $0.serial) }
        } else if type(of: subscriber as Any) is AnyClass {
            engineObject = subscriber as AnyObject
        }
        let entry = Entry(
            name: name, id: subscriber.combineIdentifier, scriptObject: scriptObject, engineObject: engineObject)
        var list = entries[subscription] ?? []
        guard !list.contains(where: { $0.isSameSubscriber(as: entry) }) else { return }
        // Forget a subscriber whose identifier the new one took.
        list.removeAll { $0.id == entry.id }
        list.append(entry)
        entries[subscription] = list
    }

    mutating func forget(_ subscription: TraceName) {
        entries[subscription] = nil
    }

    mutating func removeAll() {
        entries.removeAll()
    }

    /// The registered subscriber the subscription still holds after `cancel()`, with the
    /// stored property it is reachable from.
    func holder(of subscription: Subscription, named name: TraceName) -> (subscriber: TraceName, property: String)? {
        guard let backed = subscription as? ScriptBacked, let object = backed.scriptObject,
            let registered = entries[name], !registered.isEmpty
        else { return nil }
        var walker = Walker(targets: registered)
        for (index, field) in object.fields.enumerated() {
            if let found = walker.find(in: field) {
                return (registered[found].name, Self.propertyName(of: object.type, index: index))
            }
        }
        return nil
    }

    private static func propertyName(of type: TypeInfo, index: Int) -> String {
        var current: TypeInfo? = type
        while let candidate = current {
            if let name = candidate.fieldIndex.first(where: { $0.value == index })?.key { return name }
            current = candidate.superclass
        }
        return "property \(index)"
    }

    /// Depth-first search through values the subscription owns strongly, for the index of
    /// a target found. An index rather than the entry: Swift 6.3.1 without optimization
    /// returns a wrong `Entry?` from `first(where:)` once `name` is a `TraceName` (an
    /// `Entry` with a 32-bit first field and an `unowned` optional reference; reproduced
    /// outside the project, right with `-O`, with a strong reference, or with a String name).
    private struct Walker {
        let targets: [Entry]
        var visitedCells = Set<ObjectIdentifier>()
        var budget = 20_000

        init(targets: [Entry]) { self.targets = targets }

        mutating func find(in value: Value) -> Int? {
            budget -= 1
            guard budget > 0 else { return nil }
            switch value {
            case .object(let object):
                return targets.firstIndex { $0.isSubscriber(object) }
            case .native(let native):
                if let subscriber = native as? SubscriberValue {
                    let id: CombineIdentifier
                    switch subscriber.wrapped {
                    case .never(let wrapped): id = wrapped.combineIdentifier
                    case .failing(let wrapped): id = wrapped.combineIdentifier
                    }
                    return targets.firstIndex { $0.id == id }
                }
                return nil
            case .weakReference:
                return nil
            case .optional(let wrapped):
                return wrapped.flatMap { find(in: $0) }
            case .array(let elements):
                return first(in: elements)
            case .dictionary(let dictionary):
                return first(in: dictionary.keys) ?? first(in: dictionary.values)
            case .set(let set):
                return first(in: set.elements)
            case .tuple(let tuple):
                return first(in: tuple.elements)
            case .structValue(let structValue):
                return first(in: structValue.fields)
            case .enumValue(let enumValue):
                return first(in: enumValue.payload)
            case .function(let function):
                guard case .script(_, let captures, let selfCell) = function.body else { return nil }
                for cell in captures + (selfCell.map { [$0] } ?? []) {
                    guard visitedCells.insert(ObjectIdentifier(cell)).inserted else { continue }
                    if let found = find(in: cell.value) { return found }
                }
                return nil
            default:
                return nil
            }
        }

        private mutating func first(in values: [Value]) -> Int? {
            for value in values {
                if let found = find(in: value) { return found }
            }
            return nil
        }
    }
}
