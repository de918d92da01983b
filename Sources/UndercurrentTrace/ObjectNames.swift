import OpenCombine
import UndercurrentInterpreter
import UndercurrentStreams

/// Gives every object in a trace a stable, readable name: the type as a learner would
/// write it and an instance number (`MySubscription#2`, `Map.Inner#1`).
final class ObjectNames {
    /// A class: looking an entry up on every traced call copied a struct.
    private final class Entry {
        let name: String
        /// What was at the entry's address when it was named, to tell a new object there
        /// from it.
        let named: NamedObject
        /// The engine object named, held `unowned` and never read: an unowned reference keeps
        /// the object's memory (not the object: its `deinit` runs as it would) until the entry
        /// goes, so no other object can take its address and its name. A `weak` reference
        /// would say the same, but it gives the object a side table, and from then on every
        /// retain and release of it (a subject, a sink, an operator's inner subscriber, on every
        /// value) takes the runtime's slow path.
        private unowned let pinnedObject: AnyObject?

        init(name: String, named: NamedObject, engineObject: AnyObject? = nil) {
            self.name = name
            self.named = named
            self.pinnedObject = engineObject
        }

        func stillNames(_ candidate: NamedObject) -> Bool {
            switch named {
            case .none, .engineObject: true
            case .scriptObject(let serial): candidate == .scriptObject(serial: serial)
            }
        }
    }

    /// The kind of thing a name is given to, for `Entry.stillNames`.
    private enum NamedObject: Equatable {
        /// Nothing to check: a value type carrying an identifier, or an object in its `deinit`.
        case none
        /// An engine object, pinned by its entry: nothing else can be at its address.
        case engineObject
        /// A script object, by its serial: the tracer hears of its `deinit` (`forget`), and a
        /// weak reference to it would slow down every retain and release of it.
        case scriptObject(serial: UInt64)
    }

    // Unchecked, as the `Tracer`'s state: read on every call, on the tracer's thread.

    /// Names of class instances, and of the value-type subscriptions and subscribers that
    /// carry a `CombineIdentifier`.
    @exclusivity(unchecked) private var objectEntries: [ObjectIdentifier: Entry] = [:]
    @exclusivity(unchecked) private var identifiedEntries: [CombineIdentifier: Entry] = [:]
    @exclusivity(unchecked) private var counters: [String: Int] = [:]

    /// How a concrete type is named. Worked out once per type: the casts that find it out
    /// (most of them failing) took a third of a traced pipeline's time when made per call.
    private enum Naming {
        case forwarding
        /// The conforming type itself, so that an instance is read with a cast to its own
        /// type (`ScriptBacked.scriptValue(of:)`): a cast of an `Any` to the protocol looks the
        /// conformance up again each time, which was the largest cost of naming a traced value.
        case scriptBacked(ScriptBacked.Type)
        case labelled
        case object(typeName: String)
        case identified(typeName: String)
        case plain(typeName: String)
    }

    @exclusivity(unchecked) private var namings: [ObjectIdentifier: Naming] = [:]

    /// The script subscriber named last, by its identifier: a traced value names its
    /// subscriber on every call, mostly the one named just before. Only script-backed ones
    /// are kept, whose objects' ends the tracer hears of (`forget`), so an identifier that a
    /// new object at a reused address takes on is never mistaken for the old one.
    @exclusivity(unchecked) private var lastSubscriber: (identifier: CombineIdentifier, name: String)?

    func reset() {
        objectEntries.removeAll()
        identifiedEntries.removeAll()
        counters.removeAll()
        lastSubscriber = nil
    }

    func forgetLastSubscriber() {
        lastSubscriber = nil
    }

    /// The name of a subscriber the engine hands over, as `name(of:)` gives it;
    /// `identifier` is its `combineIdentifier`.
    func name<S: Subscriber>(ofSubscriber subscriber: S, identifier: CombineIdentifier) -> String {
        if let lastSubscriber, lastSubscriber.identifier == identifier { return lastSubscriber.name }
        let name = name(of: subscriber)
        if case .scriptBacked? = namings[ObjectIdentifier(Swift.type(of: subscriber))] {
            lastSubscriber = (identifier, name)
        }
        return name
    }

    /// The name of a script subscriber (an object or a struct value), known by its identifier,
    /// as `name(ofSubscriber:identifier:)` names its adapter.
    func name(ofScriptSubscriber value: Value, identifier: CombineIdentifier) -> String {
        if let lastSubscriber, lastSubscriber.identifier == identifier { return lastSubscriber.name }
        let name = name(ofScriptValue: value)
        lastSubscriber = (identifier, name)
        return name
    }

    /// A script object by its number, a script struct value by its type.
    private func name(ofScriptValue value: Value) -> String {
        if case .object(let object) = value { return name(ofScriptObject: object) }
        return Formatter.typeName(of: value)
    }

    /// The name of a subscriber, subscription or publisher as the engine hands it over.
    /// Generic rather than taking an `Any`: the engine's subscribers are value types, and
    /// boxing one per traced call cost an allocation and a copy.
    func name<Thing>(of thing: Thing) -> String {
        let type = ObjectIdentifier(Swift.type(of: thing))
        let naming: Naming
        if let known = namings[type] {
            naming = known
        } else {
            naming = Self.naming(of: thing)
            namings[type] = naming
        }
        switch naming {
        case .forwarding:
            return name(of: (thing as! ForwardingSubscriber).forwardedSubscriber)
        case .scriptBacked(let backedType):
            return name(ofScriptValue: backedType.scriptValue(of: thing))
        case .labelled:
            return name(labelled: thing as! TraceLabelled, thing)
        case .object(let typeName):
            let object = Self.object(in: thing)
            return name(forObject: ObjectIdentifier(object), typeName: typeName, engineObject: object)
        case .identified(let typeName):
            return name(
                forIdentifier: (thing as! CustomCombineIdentifierConvertible).combineIdentifier,
                typeName: typeName)
        case .plain(let typeName):
            return typeName
        }
    }

    /// The class instance `thing` is, or an existential holds. `thing as AnyObject` would do,
    /// but on Linux it goes through the Objective-C bridging entry point, which cost more than
    /// the rest of naming; opening the existential gives the instance's own type, a plain
    /// reference.
    private static func object<Thing>(in thing: Thing) -> AnyObject {
        // A class instance passed as itself (a subject, a stage) needs no opening.
        if MemoryLayout<Thing>.size == MemoryLayout<AnyObject>.size, Thing.self is AnyClass {
            return unsafeBitCast(thing, to: AnyObject.self)
        }
        func open<T>(_ value: T) -> AnyObject {
            guard T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size else {
                return value as AnyObject
            }
            return unsafeBitCast(value, to: AnyObject.self)
        }
        return open(thing as Any)
    }

    private static func naming(of thing: Any) -> Naming {
        if thing is ForwardingSubscriber { return .forwarding }
        if let backedType = type(of: thing) as? ScriptBacked.Type { return .scriptBacked(backedType) }
        if thing is TraceLabelled { return .labelled }
        let typeName = readableTypeName(of: thing)
        if type(of: thing) is AnyClass { return .object(typeName: typeName) }
        if thing is CustomCombineIdentifierConvertible { return .identified(typeName: typeName) }
        return .plain(typeName: typeName)
    }

    /// A labelled stage (`.trace("search")`): its label may differ from one instance to the next.
    private func name(labelled: TraceLabelled, _ thing: Any) -> String {
        let typeName = labelled.traceLabel
        if type(of: thing) is AnyClass {
            let object = Self.object(in: thing)
            return name(forObject: ObjectIdentifier(object), typeName: typeName, engineObject: object)
        }
        if let identifiable = thing as? CustomCombineIdentifierConvertible {
            return name(forIdentifier: identifiable.combineIdentifier, typeName: typeName)
        }
        return typeName
    }

    func name(ofScriptObject object: ScriptObject) -> String {
        // A stand-in runs the `deinit` of the object it stands in for, and takes its name.
        name(
            ofScriptObjectAt: object.identity, serial: object.standInFor == nil ? object.serial : nil,
            typeName: object.type.name)
    }

    /// The name of the script object at `identity` whose serial is `serial` (nil: whichever
    /// object was named there).
    func name(ofScriptObjectAt identity: ObjectIdentifier, serial: UInt64?, typeName: String) -> String {
        name(forObject: identity, typeName: typeName, named: serial.map { .scriptObject(serial: $0) } ?? .none)
    }

    /// The name of an object in its `deinit` (no longer reachable through a weak reference).
    func name(ofDeinitializing identity: ObjectIdentifier, typeName: String) -> String {
        name(forObject: identity, typeName: typeName, named: .none)
    }

    /// Forgets an object that went away, so a new one at the same address gets a new number.
    func forget(_ identity: ObjectIdentifier) {
        objectEntries[identity] = nil
        lastSubscriber = nil
    }

    private func name(forObject key: ObjectIdentifier, typeName: String, engineObject: AnyObject) -> String {
        name(forObject: key, typeName: typeName, named: .engineObject, engineObject)
    }

    /// The name of the object at address `key`; `named` is what it is now, checked against
    /// what the entry named (a class instance at a reused address is a new object), and
    /// `.none` takes the entry as it is.
    private func name(
        forObject key: ObjectIdentifier, typeName: String, named: NamedObject,
        _ engineObject: AnyObject? = nil
    ) -> String {
        if let entry = objectEntries[key], named == .none || entry.stillNames(named) {
            return entry.name
        }
        let name = nextName(typeName)
        objectEntries[key] = Entry(name: name, named: named, engineObject: engineObject)
        return name
    }

    private func name(forIdentifier key: CombineIdentifier, typeName: String) -> String {
        if let entry = identifiedEntries[key] { return entry.name }
        let name = nextName(typeName)
        identifiedEntries[key] = Entry(name: name, named: .none)
        return name
    }

    private func nextName(_ typeName: String) -> String {
        let number = (counters[typeName] ?? 0) + 1
        counters[typeName] = number
        return "\(typeName)#\(number)"
    }

    /// `Publishers.Map<…>.Inner<…>` becomes `Map.Inner`; `Subscribers.Sink<…>` becomes `Sink`.
    static func readableTypeName(of thing: Any) -> String {
        let full = String(reflecting: type(of: thing))
        // Drop generic arguments and the `(unknown context at $…)` of private types. Scanned
        // as UTF-8 (the brackets are ASCII): a subscriber nested a thousand operators deep
        // has a type name of megabytes, and a Character at a time took seconds.
        var kept: [UInt8] = []
        var depth = 0
        for byte in full.utf8 {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ">"), UInt8(ascii: ")"): depth -= 1
            default: if depth == 0 { kept.append(byte) }
            }
        }
        var result = String(decoding: kept, as: UTF8.self)
        // `(extension in OpenCombine):Swift.Result.OCombine.Inner` leaves a colon in front.
        if result.hasPrefix(":") { result.removeFirst() }
        var parts = result.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
        parts.removeAll { ["OpenCombine", "UndercurrentStreams", "Publishers", "Subscribers", "Swift"].contains($0) }
        if parts.first == "Optional", parts.dropFirst().first == "OCombine" {
            parts = ["Optional"] + parts.dropFirst(2)
        }
        if parts.first == "Result", parts.dropFirst().first == "OCombine" { parts = ["Result"] + parts.dropFirst(2) }
        return parts.joined(separator: ".")
    }
}
