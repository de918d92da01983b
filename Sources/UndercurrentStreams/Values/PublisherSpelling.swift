import OpenCombine
import UndercurrentInterpreter

/// Swift's spelling of the engine's publishers, as `print`, `debugPrint` and `type(of:)` show
/// them in compiled code: `Just<Int>(output: 1)`, `Sequence<Array<Int>, Never>`,
/// `Map<PassthroughSubject<Int, Never>, Int>`.
///
/// The engine's types hold `Value` where compiled code holds `Int` or `String` (script
/// generics are erased), so the reflected type name of an engine publisher is rewritten:
/// each `Value` becomes the type the publisher at that level publishes, told from what it
/// holds (a `Just`'s output, a sequence's elements), from what the script wrote
/// (`PassthroughSubject<Int, Never>()`), or from its upstream for operators that pass values
/// on unchanged. Where that cannot be told (what a `map` closure returns), spelling throws
/// rather than guess.
struct PublisherSpeller {
    let bridge: StreamBridge

    /// A type's spelling, unqualified (`print`, `type(of:)`) and qualified (`debugPrint`).
    struct Spelling: Equatable {
        var plain: String
        var qualified: String

        static let never = Spelling(plain: "Never", qualified: "Swift.Never")
        static let error = Spelling(plain: "Error", qualified: "Swift.Error")
        static let int = Spelling(plain: "Int", qualified: "Swift.Int")
        static let bool = Spelling(plain: "Bool", qualified: "Swift.Bool")
    }

    /// What stands for the erased types inside one publisher's own type and fields.
    struct Context {
        var output: () throws -> Spelling
        var failure: () throws -> Spelling
        var range: () throws -> Spelling
        var scheduler: () throws -> Spelling = { .init(plain: "DispatchQueue", qualified: "Dispatch.DispatchQueue") }
        /// A set's, a dictionary's or a string's type, for the elements of its publisher
        /// (`SourcedCollection`).
        var collection: () throws -> Spelling
    }

    // MARK: - Publishers

    /// The spelling of a publisher's type, unqualified or qualified; `written` are the generic
    /// arguments the script wrote where it made the publisher (`Empty<Int, Never>()`).
    func typeName(of publisher: Any, written: [TypeRef] = [], qualified: Bool) throws -> String {
        try typeNode(of: publisher, written: written).spelled(qualified: qualified)
    }

    /// `typeName(of:written:qualified:)` as a tree, which a publisher holding this one takes as it is:
    /// spelled and parsed again at each level, a chain of operators was spelled as many times
    /// as it is deep.
    private func typeNode(of publisher: Any, written: [TypeRef]) throws -> TypeNode {
        let publisher = unwrapAdapters(publisher)
        // `MapKeyPath<Upstream, Output>`: the Output is the type of what the key path reads.
        let own = OwnConformances(of: publisher)
        if own.mapKeyPathNaming != nil { throw cannotTell("the type of the property this key path reads") }
        let node = try TypeNode.parse(own.typeName)
        let fields = PublisherFields.Lazy(of: publisher, traits: bridge.publisherTypeTraits)
        var rewritten: TypeNode
        do {
            rewritten = try rewrite(
                node, children: fields, context: context(of: publisher, written: written, fields: fields))
        } catch is UnheldPublisher {
            throw cannotTell(Self.whatItDoesNotHold(node.components.last?.name ?? node.source))
        }
        rewritten.renameOwnTypes(publisher: publisher)
        return rewritten
    }

    /// A generic argument of a publisher's type that stands for a publisher it does not hold.
    private struct UnheldPublisher: Error {}

    /// What `print` (debug: false) or `debugPrint` shows for a publisher: a class by its
    /// qualified type name, a struct as its type and fields (`Just<Int>(output: 1)`).
    func describe(publisher: Any, written: [TypeRef] = [], debug: Bool) throws -> String {
        let publisher = unwrapAdapters(publisher)
        if debug, let custom = publisher as? CustomDebugStringConvertible { return custom.debugDescription }
        if let custom = publisher as? CustomStringConvertible { return custom.description }
        let name = try typeNode(of: publisher, written: written)
        if type(of: publisher) is AnyClass { return name.spelled(qualified: true) }
        let context = context(of: publisher, written: written)
        let fields = try Mirror(reflecting: publisher).children.map { child in
            (child.label.map { $0 + ": " } ?? "") + (try describe(field: child.value, context: context))
        }
        return name.spelled(qualified: debug) + "(" + fields.joined(separator: ", ") + ")"
    }

    /// A field of a publisher, as reflection prints a nested value (in its debug form).
    private func describe(field: Any, context: Context) throws -> String {
        if let described = field as? DescribedSequenceBase {
            return try described.reflected(speller: self, debug: true)
        }
        if let optional = field as? Value?, type(of: field) == Value?.self {
            return try Formatter.describe(.optional(optional), debug: true, interpreter: bridge.interpreter)
        }
        if let value = field as? Value {
            return try Formatter.describe(value, debug: true, interpreter: bridge.interpreter)
        }
        if let failure = field as? ScriptFailure {
            return try Formatter.describe(failure.value, debug: true, interpreter: bridge.interpreter)
        }
        if let values = field as? [Value] {
            return try Formatter.describe(.array(values), debug: true, interpreter: bridge.interpreter)
        }
        if let range = field as? RangeCollection { return Self.debugDescription(of: range.rangeValue) }
        if let range = field as? RangeSequence { return Self.debugDescription(of: range.rangeValue) }
        if field is any Publisher { return try describe(publisher: field, debug: true) }
        let mirror = Mirror(reflecting: field)
        // `print(_:)` is given the interpreter's own stream: the script gave it none.
        if mirror.displayStyle == .optional, mirror.children.first?.value is ScriptOutputStream { return "nil" }
        if mirror.displayStyle == nil || field is CustomDebugStringConvertible || field is CustomStringConvertible {
            if let text = field as? CustomDebugStringConvertible { return text.debugDescription }
            if RuntimeTypeName.plain(type(of: field)).contains("->") { return "(Function)" }
            return String(reflecting: field)
        }
        return try reflect(field, context: context, debug: true)
    }

    /// Swift's reflection of a plain value (a `DropFirstSequence` of a sequence publisher),
    /// with the erased types spelled from `context`.
    func reflect(_ value: Any, context: Context, debug: Bool) throws -> String {
        let node = try TypeNode.parse(RuntimeTypeName.qualified(type(of: value)))
        let name = try rewrite(node, children: nil, context: context)
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return "Optional(" + (try describe(field: wrapped, context: context)) + ")"
        case .collection:
            return "["
                + (try mirror.children.map { try describe(field: $0.value, context: context) })
                .joined(separator: ", ") + "]"
        case .tuple:
            // An element's label is shown where the tuple has one (`(key: "a", value: 1)`); the
            // runtime names the others `.0`, `.1`.
            return "("
                + (try mirror.children.map { child in
                    let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 + ": " } ?? ""
                    return label + (try describe(field: child.value, context: context))
                })
                .joined(separator: ", ") + ")"
        case .enum:
            // `Publishers.PrefetchStrategy.byRequest`, `Result<Int, Boom>.success(1)`: the type,
            // then the case, then its payload, if any.
            let qualifiedName = name.spelled(qualified: true)
            guard let payload = mirror.children.first else { return qualifiedName + "." + String(describing: value) }
            let described = try describe(field: payload.value, context: context)
            let isTuple = Mirror(reflecting: payload.value).displayStyle == .tuple
            return qualifiedName + "." + (payload.label ?? "") + (isTuple ? described : "(" + described + ")")
        case .class:
            return name.spelled(qualified: true)
        default:
            let fields = try mirror.children.map { child in
                (child.label.map { $0 + ": " } ?? "") + (try describe(field: child.value, context: context))
            }
            return name.spelled(qualified: debug) + "(" + fields.joined(separator: ", ") + ")"
        }
    }

    /// A range as reflection shows it nested: `ClosedRange(1...3)`,
    /// `Swift.PartialRangeFrom<Swift.Int>(lowerBound: 1)`.
    static func debugDescription(of range: Value) -> String {
        if case .range(let value) = range, value.kind == .from, case .int(let lower)? = value.lower {
            return "Swift.PartialRangeFrom<Swift.Int>(lowerBound: \(lower))"
        }
        return Formatter.describe(range, debug: true)
    }

    // MARK: - Rewriting reflected type names

    /// `node` with the erased types spelled from `context`, and each publisher the holder has
    /// among `children` spelled as its own type.
    /// `asArgument` is true for the holder's generic arguments, false for the holder itself.
    private func rewrite(
        _ node: TypeNode, children: PublisherFields.Lazy?, context: Context, asArgument: Bool = false
    ) throws -> TypeNode {
        // The erased types are each a module's name and a type's: `UndercurrentInterpreter.Value`.
        // None of them is a publisher.
        if node.components.count == 2 {
            switch (node.components[0].name, node.components[1].name) {
            case ("UndercurrentInterpreter", "Value"):
                return try TypeNode.parse(context.output().qualified)
            case ("UndercurrentStreams", "ScriptFailure"):
                return try TypeNode.parse(context.failure().qualified)
            case ("UndercurrentStreams", "RangeCollection"), ("UndercurrentStreams", "RangeSequence"):
                return try TypeNode.parse(context.range().qualified)
            case ("UndercurrentStreams", "VirtualScheduler"):
                return try TypeNode.parse(context.scheduler().qualified)
            case ("UndercurrentStreams", "HashedElements"), ("UndercurrentStreams", "StringElements"):
                return try TypeNode.parse(context.collection().qualified)
            case ("UndercurrentStreams", "DescribedSequence"):
                // Invisible: it only gives a fused sequence Swift's description.
                if let base = node.components[1].arguments.first {
                    return try rewrite(base, children: children, context: context, asArgument: asArgument)
                }
            default:
                break
            }
        }
        // No type of the standard library's (`Swift.Int`, `Swift.Array<…>`) is a publisher: a
        // holder whose type names only those has its fields left unread.
        if let children, !node.source.hasPrefix("Swift."), let child = children.nextPublisher(named: node.source) {
            return try typeNode(of: child, written: [])
        }
        // One of Undercurrent's own types left among a publisher's arguments is an adapter that
        // stands for a publisher the holder does not hold, such as the one a `flatMap` or a
        // `catch` closure returns: Swift's name for it cannot be told.
        if asArgument, children != nil, RuntimeTypeName.isDeclaredByUndercurrent(node.source) {
            throw UnheldPublisher()
        }
        var rewritten = node
        for index in rewritten.components.indices {
            rewritten.components[index].arguments = try rewritten.components[index].arguments.map {
                try rewrite($0, children: children, context: context, asArgument: true)
            }
        }
        if let elements = rewritten.tupleElements {
            rewritten.tupleElements = try elements.map { element in
                TypeNode.TupleElement(
                    label: element.label,
                    type: try rewrite(element.type, children: children, context: context, asArgument: true))
            }
        }
        if let result = rewritten.function?.result {
            rewritten.function?.result = try result.map {
                try rewrite($0, children: children, context: context, asArgument: true)
            }
        }
        return rewritten
    }

    /// `fields`, when given, are the publisher's own, read at most once for its type and its
    /// context.
    private func context(of publisher: Any, written: [TypeRef], fields: PublisherFields.Lazy? = nil) -> Context {
        Context(
            output: {
                if let output = written.first { return spelling(of: output) }
                return try outputType(of: publisher, fields: fields)
            },
            failure: {
                if written.count >= 2 { return spelling(of: written[1]) }
                return try failureType(of: publisher, fields: fields)
            },
            range: { try rangeType(of: publisher) },
            scheduler: {
                // The scheduler the script named, which the virtual one stands for.
                let scheduler =
                    fields?.fields.scheduler
                    ?? Mirror(reflecting: publisher).children.lazy.compactMap { $0.value as? VirtualScheduler }.first
                switch scheduler?.kind.family {
                case .runLoop?: return .init(plain: "RunLoop", qualified: "Foundation.RunLoop")
                case .operationQueue?: return .init(plain: "OperationQueue", qualified: "Foundation.OperationQueue")
                default: return .init(plain: "DispatchQueue", qualified: "Dispatch.DispatchQueue")
                }
            },
            collection: { try collectionType(of: publisher) })
    }

    // MARK: - What a publisher publishes, and how it fails

    /// The type a publisher publishes, told from what it holds or from its upstream.
    /// `fields`, when given, are those of the publisher under its adapters.
    func outputType(of publisher: Any, fields: PublisherFields.Lazy? = nil) throws -> Spelling {
        let publisher = unwrapAdapters(publisher)
        if let written = bridge.writtenArguments(of: publisher), let output = written.first {
            return spelling(of: output)
        }
        if let known = publisher as? KnownOutput, let output = try known.outputSpelling(speller: self) {
            return output
        }
        let name = TypeNode.baseName(of: publisher)
        if Self.passThrough.contains(name), let upstream = firstPublisherChild(of: publisher, fields: fields) {
            return try outputType(of: upstream)
        }
        switch name {
        case "Collect", "CollectByCount", "CollectByTime":
            if let upstream = firstPublisherChild(of: publisher, fields: fields) {
                let element = try outputType(of: upstream)
                return Spelling(plain: "Array<\(element.plain)>", qualified: "Swift.Array<\(element.qualified)>")
            }
        case "Count": return .int
        case "Contains", "TryContains", "AllSatisfy", "TryAllSatisfy", "ContainsWhere", "TryContainsWhere":
            return .bool
        default:
            break
        }
        throw cannotTell(Self.whatItPublishes(name))
    }

    /// The error type a publisher fails with; `fields` as for `outputType(of:fields:)`.
    func failureType(of publisher: Any, fields: PublisherFields.Lazy? = nil) throws -> Spelling {
        let publisher = unwrapAdapters(publisher)
        if let written = bridge.writtenArguments(of: publisher), written.count >= 2 {
            return spelling(of: written[1])
        }
        if let known = publisher as? KnownOutput, let failure = try known.failureSpelling(speller: self) {
            return failure
        }
        let name = TypeNode.baseName(of: publisher)
        if Self.throwing.contains(name) { return .error }
        if Self.passThrough.contains(name) || Self.failurePassThrough.contains(name),
            let upstream = firstPublisherChild(of: publisher, fields: fields)
        {
            return try failureType(of: upstream)
        }
        throw cannotTell("the Failure of `\(name)`")
    }

    private func collectionType(of publisher: Any) throws -> Spelling {
        guard let contents = publisher as? SequenceContents, let collection = contents.sourcedCollection else {
            throw cannotTell("this collection's type")
        }
        return try collection.typeSpelling(speller: self)
    }

    private func rangeType(of publisher: Any) throws -> Spelling {
        guard let contents = publisher as? SequenceContents, let range = contents.rangeKind else {
            throw cannotTell("this range's type")
        }
        return .init(plain: "\(range)<Int>", qualified: "Swift.\(range)<Swift.Int>")
    }

    func spelling(of type: TypeRef) -> Spelling {
        Spelling(
            plain: SwiftTypeNames.name(of: type, in: bridge.interpreter, qualified: false),
            qualified: SwiftTypeNames.name(of: type, in: bridge.interpreter, qualified: true))
    }

    /// The one type a list of values has; nil when it cannot be told (none, or only nil).
    func commonType(of values: [Value]) -> Spelling? {
        let plain = SwiftTypeNames.commonName(of: values, qualified: false)
        guard !values.isEmpty, !plain.contains("Any") else { return nil }
        return Spelling(plain: plain, qualified: SwiftTypeNames.commonName(of: values, qualified: true))
    }

    func cannotTell(_ what: String) -> ScriptError {
        ScriptError.runtime(
            "Undercurrent cannot tell \(what): generics are erased at run time, so it cannot spell this "
                + "publisher's type as Swift would",
            notes: ["print the values it publishes instead"])
    }

    func unwrapAdapters(_ publisher: Any) -> Any {
        bridge.publisherTypeTraits.unwrapAdapters(publisher)
    }

    /// The first publisher `publisher` holds; `fields`, when given, are its own.
    private func firstPublisherChild(of publisher: Any, fields: PublisherFields.Lazy?) -> Any? {
        (fields ?? PublisherFields.Lazy(of: publisher, traits: bridge.publisherTypeTraits)).fields.firstPublisher
    }

    /// Operators whose values are their upstream's, unchanged (so are their errors).
    static let passThrough: Set<String> = [
        "Filter", "TryFilter", "Output", "EagerOutput", "Drop", "DropWhile", "TryDropWhile", "DropUntilOutput",
        "PrefixWhile", "TryPrefixWhile", "PrefixUntilOutput", "First", "FirstWhere", "TryFirstWhere", "Last",
        "LastWhere", "TryLastWhere", "RemoveDuplicates", "TryRemoveDuplicates", "Print", "HandleEvents",
        "Breakpoint", "Buffer", "Delay", "Debounce", "Throttle", "SubscribedThrottle", "Timeout", "ReceiveOn",
        "SubscribeOn", "Share", "MakeConnectable", "Autoconnect", "Retry", "ReplaceEmpty", "AssertNoFailure",
        "Comparison", "TryComparison", "Concatenate", "Merge", "Merge3", "Merge4", "Merge5", "Merge6", "Merge7",
        "Merge8", "MergeMany", "Trace", "IgnoreOutput", "InterruptiblePublisher",
    ]

    /// Operators that fail as their upstream does, whatever they publish.
    static let failurePassThrough: Set<String> = [
        "Map", "CompactMap", "Scan", "Reduce", "Collect", "CollectByCount", "CollectByTime", "Count", "Contains",
        "AllSatisfy", "ContainsWhere", "MapKeyPath", "ScriptMapKeyPath", "ReplaceNil",
    ]

    /// Operators that fail with `Error`.
    static let throwing: Set<String> = [
        "TryMap", "TryCompactMap", "TryScan", "TryReduce", "TryFilter", "TryDropWhile", "TryPrefixWhile",
        "TryFirstWhere", "TryLastWhere", "TryRemoveDuplicates", "TryAllSatisfy", "TryContainsWhere",
        "TryComparison", "Decode", "Encode",
    ]

    /// What a publisher named `name` (`FlatMap`, `Catch`) stands for without holding it.
    static func whatItDoesNotHold(_ name: String) -> String {
        switch name {
        case "FlatMap", "SwitchToLatest": return "the type of the publishers this \(name) flattens"
        case "Catch", "TryCatch": return "the type of the publisher this \(name)'s closure returns"
        default: return "the type of a publisher `\(name)` stands for without holding it"
        }
    }

    static func whatItPublishes(_ name: String) -> String {
        switch name {
        case "Map": return "what this map's closure returns"
        case "TryMap": return "what this tryMap's closure returns"
        case "CompactMap", "TryCompactMap": return "what this compactMap's closure returns"
        case "Scan", "TryScan", "Reduce", "TryReduce": return "what this \(name.lowercased())'s closure returns"
        case "ScriptMapKeyPath": return "the type of the property this key path reads"
        case "FlatMap", "SwitchToLatest": return "what the publishers this \(name) flattens publish"
        case "Deferred": return "the type of the publisher this Deferred's closure makes"
        default: return "what `\(name)` publishes"
        }
    }
}

// MARK: - Publishers that know what they publish

/// A publisher that knows what it publishes from what it holds.
protocol KnownOutput {
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling?
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling?
}

extension Just: KnownOutput where Output == Value {
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        speller.commonType(of: [output])
    }
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? { .never }
}

extension Publishers.Sequence: KnownOutput where Elements.Element == Value {
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        SequenceBases.elementType(of: SequenceBases.innermost(of: sequence), speller: speller)
    }
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        Failure.self == Never.self ? .never : nil
    }
}

extension Optional.OCombine.Publisher: KnownOutput where Wrapped == Value {
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        output.flatMap { speller.commonType(of: [$0]) }
    }
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? { .never }
}

extension Result.OCombine.Publisher: KnownOutput where Success == Value {
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        if case .success(let value) = result { return speller.commonType(of: [value]) }
        return nil
    }
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        if Failure.self == Never.self { return .never }
        if case .failure(let error as ScriptFailure) = result { return speller.commonType(of: [error.value]) }
        return nil
    }
}

extension Record: KnownOutput where Output == Value {
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        speller.commonType(of: recording.output)
    }
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        Failure.self == Never.self ? .never : nil
    }
}

extension Fail: KnownOutput where Output == Value {
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? { nil }
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        if let failure = error as? ScriptFailure { return speller.commonType(of: [failure.value]) }
        return nil
    }
}

extension Empty: KnownOutput where Output == Value {
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? { nil }
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        Failure.self == Never.self ? .never : nil
    }
}

extension CurrentValueSubject: KnownOutput where Output == Value {
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        speller.commonType(of: [value])
    }
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        Failure.self == Never.self ? .never : nil
    }
}

extension PassthroughSubject: KnownOutput where Output == Value {
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? { nil }
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        Failure.self == Never.self ? .never : nil
    }
}

extension AnyPublisher: KnownOutput where Output == Value {
    /// What the publisher it erases publishes.
    func outputSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        guard let base = erasedBase else { return nil }
        return try speller.outputType(of: base)
    }
    func failureSpelling(speller: PublisherSpeller) throws -> PublisherSpeller.Spelling? {
        if Failure.self == Never.self { return .never }
        guard let base = erasedBase else { return nil }
        return try speller.failureType(of: base)
    }

    /// OpenCombine keeps the erased publisher in a box: `box.base`.
    private var erasedBase: Any? {
        guard let box = PublisherFields.field("box", of: self) else { return nil }
        return PublisherFields.field("base", of: box)
    }
}

/// The collection under Swift's lazy wrappers (`DropFirstSequence`, `PrefixSequence`,
/// `DropWhileSequence`), which is what decides a fused sequence's element type.
enum SequenceBases {
    /// The type of the elements of `innermost` (as `innermost(of:)` gives it); nil when it
    /// cannot be told (no elements, or only nil) or the sequence is not one of the script's.
    static func elementType(of innermost: Any, speller: PublisherSpeller) -> PublisherSpeller.Spelling? {
        switch innermost {
        case let array as [Value]: speller.commonType(of: array)
        case is RangeCollection, is RangeSequence: .int
        case let hashed as HashedElements: speller.commonType(of: hashed.elements)
        case is StringElements: .init(plain: "Character", qualified: "Swift.Character")
        default: nil
        }
    }

    /// The set, dictionary or string `innermost` (as `innermost(of:)` gives it) is; nil for
    /// anything else.
    static func sourcedCollection(_ innermost: Any) -> SourcedCollection? {
        switch innermost {
        case let hashed as HashedElements: hashed
        case let string as StringElements: string
        default: nil
        }
    }

    static func innermost(of sequence: Any) -> Any {
        var current = sequence
        for _ in 0..<8 {
            if let described = current as? DescribedSequenceBase {
                current = described.baseSequence
                continue
            }
            let mirror = Mirror(reflecting: current)
            guard mirror.displayStyle == .struct else { break }
            // `_base`, or else `_iterator._elements`, read in one pass over the fields.
            var base: Any?
            var iterator: Any?
            for child in mirror.children {
                if child.label == "_base" { base = child.value }
                if child.label == "_iterator" { iterator = child.value }
            }
            guard let inner = base ?? iterator.flatMap({ PublisherFields.field("_elements", of: $0) }) else { break }
            current = inner
        }
        return current
    }
}
