import OpenCombine
import UndercurrentInterpreter
import UndercurrentStreams

/// Gives every object in a trace a stable, readable name: the type as a learner would
/// write it and an instance number (`MySubscription#2`, `Map.Inner#1`).
final class ObjectNames {
    /// A class: looking an entry up on every traced call copied a struct.
    private final class Entry {
        let name: TraceName
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

        init(name: TraceName, named: NamedObject, engineObject: AnyObject? = nil) {
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

    /// Every name given, and the type names, as a value that a trace read later keeps.
    @exclusivity(unchecked) private(set) var table = NameTable()
    /// What each type has given, by type index: its last instance number and its plain name.
    @exclusivity(unchecked) private var types: [TypeRecord] = []
    /// What each type tells the tracer, by type index, apart from `types`: asked on every
    /// traced value, and read from a record with a String in it, it may copy the record.
    @exclusivity(unchecked) private var roles: [TraceNameRole] = []
    @exclusivity(unchecked) private var typeIndices: [String: UInt32] = [:]

    private struct TypeRecord {
        var lastNumber = 0
        /// The name that is the type's alone (a value without identity), once given.
        var plainName: TraceName?
    }

    /// How a concrete type is named. Worked out once per type: the casts that find it out
    /// (most of them failing) took a third of a traced pipeline's time when made per call.
    private enum Naming {
        case forwarding
        /// The conforming type itself, so that an instance is read with a cast to its own
        /// type (`ScriptBacked.scriptValue(of:)`): a cast of an `Any` to the protocol looks the
        /// conformance up again each time, which was the largest cost of naming a traced value.
        case scriptBacked(ScriptBacked.Type)
        case labelled
        case object(type: UInt32)
        case identified(type: UInt32)
        case plain(TraceName)
    }

    @exclusivity(unchecked) private var namings: [ObjectIdentifier: Naming] = [:]
    /// The namings asked for last, by the low bits of the type's address: a traced send
    /// names half a dozen objects of a few types, and hashing each type for `namings` was
    /// a tenth of the tracer's work on a chain of subjects. Types never go away, so a slot
    /// never names another type at the same address.
    @exclusivity(unchecked) private var recentNamings = [(type: ObjectIdentifier, naming: Naming)?](
        repeating: nil, count: 64)

    /// The script subscriber named last, by its identifier: a traced value names its
    /// subscriber on every call, mostly the one named just before. Only script-backed ones
    /// are kept, whose objects' ends the tracer hears of (`forget`), so an identifier that a
    /// new object at a reused address takes on is never mistaken for the old one.
    @exclusivity(unchecked) private var lastSubscriber: (identifier: CombineIdentifier, name: TraceName)?

    func reset() {
        objectEntries.removeAll()
        identifiedEntries.removeAll()
        table = NameTable()
        types.removeAll()
        roles.removeAll()
        typeIndices.removeAll()
        namings.removeAll()
        recentNamings = Array(repeating: nil, count: recentNamings.count)
        lastSubscriber = nil
    }

    func forgetLastSubscriber() {
        lastSubscriber = nil
    }

    // MARK: - Reading names

    /// The name as the trace shows it: `MySubscription#2`.
    func text(of name: TraceName) -> String {
        table.text(of: name)
    }

    /// What the name's type tells the tracer.
    func role(of name: TraceName) -> TraceNameRole {
        roles[Int(table.spelled[Int(name.index)].type)]
    }

    /// A name that is `text` itself, for what the tracer names without an object: a task
    /// (`Task#1`), the top level, a value type's name. The same text gives the same name.
    func name(forText text: String) -> TraceName {
        plainName(ofType: typeIndex(of: text))
    }

    // MARK: - Naming objects

    /// The name of a subscriber the engine hands over, as `name(of:)` gives it;
    /// `identifier` is its `combineIdentifier`.
    func name<S: Subscriber>(ofSubscriber subscriber: S, identifier: CombineIdentifier) -> TraceName {
        if let lastSubscriber, lastSubscriber.identifier == identifier { return lastSubscriber.name }
        let name = name(of: subscriber)
        if case .scriptBacked = naming(of: subscriber) {
            lastSubscriber = (identifier, name)
        }
        return name
    }

    /// The name of a script subscriber (an object or a struct value), known by its identifier,
    /// as `name(ofSubscriber:identifier:)` names its adapter.
    func name(ofScriptSubscriber value: Value, identifier: CombineIdentifier) -> TraceName {
        if let lastSubscriber, lastSubscriber.identifier == identifier { return lastSubscriber.name }
        let name = name(ofScriptValue: value)
        lastSubscriber = (identifier, name)
        return name
    }

    /// A script object by its number, a script struct value by its type.
    private func name(ofScriptValue value: Value) -> TraceName {
        if case .object(let object) = value { return name(ofScriptObject: object) }
        return name(forText: Formatter.typeName(of: value))
    }

    /// The name of a subscriber, subscription or publisher as the engine hands it over.
    /// Generic rather than taking an `Any`: the engine's subscribers are value types, and
    /// boxing one per traced call cost an allocation and a copy.
    func name<Thing>(of thing: Thing) -> TraceName {
        switch naming(of: thing) {
        case .forwarding:
            return name(of: (thing as! ForwardingSubscriber).forwardedSubscriber)
        case .scriptBacked(let backedType):
            return name(ofScriptValue: backedType.scriptValue(of: thing))
        case .labelled:
            return name(labelled: thing as! TraceLabelled, thing)
        case .object(let typeIndex):
            let object = Self.object(in: thing)
            return name(forObject: ObjectIdentifier(object), named: .engineObject, object) { typeIndex }
        case .identified(let typeIndex):
            return name(forIdentifier: (thing as! CustomCombineIdentifierConvertible).combineIdentifier) { typeIndex }
        case .plain(let name):
            return name
        }
    }

    /// Whether `thing` stands in for a script object (`ScriptBacked`), told by how its type is
    /// named: an engine type costs no cast (see `workOutNaming`).
    func isScriptBacked<Thing>(_ thing: Thing) -> Bool {
        if case .scriptBacked = naming(of: thing) { return true }
        return false
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

    /// How `thing`'s type is named, worked out on its first use.
    private func naming<Thing>(of thing: Thing) -> Naming {
        let type = ObjectIdentifier(Swift.type(of: thing))
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: type) >> 4) & (recentNamings.count - 1)
        if let recent = recentNamings[slot], recent.type == type { return recent.naming }
        let naming: Naming
        if let known = namings[type] {
            naming = known
        } else {
            naming = workOutNaming(of: thing)
            namings[type] = naming
        }
        recentNamings[slot] = (type, naming)
        return naming
    }

    private func workOutNaming(of thing: Any) -> Naming {
        let fullName = RuntimeTypeName.qualified(type(of: thing))
        // Only Undercurrent's own types are named otherwise. Asked of any other type, the
        // runtime scans every protocol conformance in the binary (about half a million
        // instructions) to answer no, the first time: once for every new type a pipeline
        // made, a tenth of what a learner's first inputs cost.
        if RuntimeTypeName.isDeclaredByUndercurrent(fullName), thing is NamedOtherwiseInTraces {
            if thing is ForwardingSubscriber { return .forwarding }
            if let backedType = type(of: thing) as? ScriptBacked.Type { return .scriptBacked(backedType) }
            if thing is TraceLabelled { return .labelled }
        }
        let typeIndex = typeIndex(of: Self.readableTypeName(fullName: fullName))
        if type(of: thing) is AnyClass { return .object(type: typeIndex) }
        // Only OpenCombine's and Undercurrent's types can adopt OpenCombine's protocol.
        if RuntimeTypeName.mayAdoptOpenCombineProtocols(fullName), thing is CustomCombineIdentifierConvertible {
            return .identified(type: typeIndex)
        }
        return .plain(plainName(ofType: typeIndex))
    }

    /// A labelled stage (`.trace("search")`): its label may differ from one instance to the next.
    private func name(labelled: TraceLabelled, _ thing: Any) -> TraceName {
        let typeName = labelled.traceLabel
        if type(of: thing) is AnyClass {
            let object = Self.object(in: thing)
            return name(forObject: ObjectIdentifier(object), named: .engineObject, object) { typeIndex(of: typeName) }
        }
        if let identifiable = thing as? CustomCombineIdentifierConvertible {
            return name(forIdentifier: identifiable.combineIdentifier) { typeIndex(of: typeName) }
        }
        return name(forText: typeName)
    }

    func name(ofScriptObject object: ScriptObject) -> TraceName {
        // A stand-in runs the `deinit` of the object it stands in for, and takes its name.
        name(
            ofScriptObjectAt: object.identity, serial: object.standInFor == nil ? object.serial : nil, type: object.type
        )
    }

    /// The name of the script object at `identity` whose serial is `serial` (nil: whichever
    /// object was named there).
    func name(ofScriptObjectAt identity: ObjectIdentifier, serial: UInt64?, type: TypeInfo) -> TraceName {
        name(forObject: identity, named: serial.map { .scriptObject(serial: $0) } ?? .none) {
            typeIndex(of: type.name)
        }
    }

    /// The name of an object in its `deinit` (no longer reachable through a weak reference).
    func name(ofDeinitializing identity: ObjectIdentifier, type: TypeInfo) -> TraceName {
        name(forObject: identity, named: .none) { typeIndex(of: type.name) }
    }

    /// Forgets an object that went away, so a new one at the same address gets a new number.
    func forget(_ identity: ObjectIdentifier) {
        objectEntries[identity] = nil
        lastSubscriber = nil
    }

    /// The name of the object at address `key`; `named` is what it is now, checked against
    /// what the entry named (a class instance at a reused address is a new object), and
    /// `.none` takes the entry as it is. `type` gives its type's index, asked only for a new
    /// name.
    private func name(
        forObject key: ObjectIdentifier, named: NamedObject, _ engineObject: AnyObject? = nil,
        type: () -> UInt32
    ) -> TraceName {
        if let entry = objectEntries[key], named == .none || entry.stillNames(named) {
            return entry.name
        }
        let name = nextName(ofType: type())
        objectEntries[key] = Entry(name: name, named: named, engineObject: engineObject)
        return name
    }

    private func name(forIdentifier key: CombineIdentifier, type: () -> UInt32) -> TraceName {
        if let entry = identifiedEntries[key] { return entry.name }
        let name = nextName(ofType: type())
        identifiedEntries[key] = Entry(name: name, named: .none)
        return name
    }

    private func nextName(ofType type: UInt32) -> TraceName {
        types[Int(type)].lastNumber += 1
        return spell(type: type, number: UInt32(clamping: types[Int(type)].lastNumber))
    }

    private func plainName(ofType type: UInt32) -> TraceName {
        if let name = types[Int(type)].plainName { return name }
        let name = spell(type: type, number: 0)
        types[Int(type)].plainName = name
        return name
    }

    private func spell(type: UInt32, number: UInt32) -> TraceName {
        table.spelled.append((type, number))
        return TraceName(index: UInt32(table.spelled.count - 1))
    }

    private func typeIndex(of typeName: String) -> UInt32 {
        if let index = typeIndices[typeName] { return index }
        let index = UInt32(types.count)
        types.append(TypeRecord())
        table.typeNames.append(typeName)
        roles.append(TraceNameRole(typeName: typeName))
        typeIndices[typeName] = index
        return index
    }

    /// `Publishers.Map<…>.Inner<…>` becomes `Map.Inner`; `Subscribers.Sink<…>` becomes `Sink`.
    static func readableTypeName(of thing: Any) -> String {
        readableTypeName(fullName: RuntimeTypeName.qualified(type(of: thing)))
    }

    /// `readableTypeName(of:)` of the type whose runtime name is `full`.
    static func readableTypeName(fullName full: String) -> String {
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

/// The names `ObjectNames` has given, as a value: a trace read after its run (`RecordedTrace`)
/// spells its names by the table of its time, whatever is named or forgotten (`:reset`) since.
/// Only appended to, so that a trace kept costs one copy of it at the next name given.
struct NameTable {
    /// Every name given, by its number: its type's index in `typeNames`, and its instance
    /// number (0 for a name that is the type's alone). Eight bytes a name rather than its
    /// text: the text is made when an event is read.
    var spelled: [(type: UInt32, number: UInt32)] = []
    /// The type names, each once, by type index.
    var typeNames: [String] = []

    /// The name as the trace shows it: `MySubscription#2`.
    func text(of name: TraceName) -> String {
        let (type, number) = spelled[Int(name.index)]
        let typeName = typeNames[Int(type)]
        return number == 0 ? typeName : "\(typeName)#\(number)"
    }
}
