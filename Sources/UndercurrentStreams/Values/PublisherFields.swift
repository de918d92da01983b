import Synchronization
import UndercurrentInterpreter

/// What one publisher holds, read with one reflection of its fields: the publishers it holds
/// (its upstreams) and the virtual scheduler that stands for the one the script named.
/// Spelling a publisher's type asked for each of these with a reflection of its own, and
/// reflecting a field decodes the field's type from the binary's metadata every time.
struct PublisherFields {
    /// The publishers it holds (`upstream`, `a`, `b`, `prefix`), under their adapters, in the
    /// order of its fields, each with the reflected name of its type as it stands in the
    /// holder's generic arguments. Two may have one name: both sides of a `Merge` are held
    /// through the same adapter type.
    private(set) var publishers: [(typeName: String, publisher: Any)] = []
    /// The first publisher it holds, in the order of its fields; nil when it holds none.
    var firstPublisher: Any? { publishers.first?.publisher }
    /// The first virtual scheduler it holds; nil when it holds none.
    private(set) var scheduler: VirtualScheduler?

    init(of publisher: Any, traits: PublisherTypeTraits) {
        let type = type(of: publisher)
        let children = Mirror(reflecting: publisher).children
        let layout: Layout
        if let kept = Self.layouts.withLock({ $0[ObjectIdentifier(type)] }) {
            layout = kept
            for offset in layout.offsets {
                _ = take(children[children.index(children.startIndex, offsetBy: offset)].value, traits: traits)
            }
        } else {
            var offsets: [Int] = []
            for (offset, child) in children.enumerated() where take(child.value, traits: traits) {
                offsets.append(offset)
            }
            let typeName = RuntimeTypeName.qualified(type)
            layout = Layout(
                offsets: offsets,
                holdsUpstreamInMulticast: typeName.hasPrefix("OpenCombine.Publishers.MakeConnectable<"))
            if Self.hasFixedLayout(typeName) {
                Self.layouts.withLock { $0[ObjectIdentifier(type)] = layout }
            }
        }
        if layout.holdsUpstreamInMulticast, publishers.count == 1, let multicast = publishers.first?.publisher {
            let inner = PublisherFields(of: multicast, traits: traits)
            publishers = inner.publishers
        }
    }

    /// Keeps `value` if it is a publisher or a virtual scheduler. True for those, and for an
    /// Optional, which may hold one in another publisher of the same type.
    private mutating func take(_ value: Any, traits: PublisherTypeTraits) -> Bool {
        let valueType = type(of: value)
        // Compared by type first: a failed cast of every field to a struct costs more.
        if valueType == VirtualScheduler.self, let virtual = value as? VirtualScheduler {
            if scheduler == nil { scheduler = virtual }
            return true
        }
        guard let childPublisher = traits.publisher(value) else { return Self.isOptional(valueType) }
        publishers.append((RuntimeTypeName.qualified(valueType), childPublisher))
        return true
    }

    private static func isOptional<T>(_: T.Type) -> Bool { _isOptional(T.self) }

    // MARK: - Which fields can hold a publisher, by type

    /// Which fields of a type to read.
    private struct Layout {
        /// The offsets of the fields that held a publisher, a scheduler or an Optional.
        var offsets: [Int]
        /// OpenCombine's `MakeConnectable<Upstream>` holds its upstream inside a `Multicast`
        /// of its own, which its type does not name: the publisher it holds is that upstream.
        var holdsUpstreamInMulticast: Bool
    }

    /// For each type seen, the fields to read for the next publisher of that type. Kept for
    /// the process, as the runtime keeps what it knows of a type.
    private static let layouts = Mutex<[ObjectIdentifier: Layout]>([:])

    /// Whether which fields of `type` hold publishers is the same for every value of it:
    /// true of OpenCombine's publishers, whose fields are typed by their generic arguments
    /// (`upstream: Upstream`), closures, plain values and Optionals, never `Any`. A type whose
    /// fields might hold a publisher in one value and not in another (Undercurrent's own, in
    /// its extensions of OpenCombine's types) has all its fields read.
    private static func hasFixedLayout(_ typeName: String) -> Bool {
        typeName.hasPrefix("OpenCombine.")
    }

    /// A publisher's fields, read when first asked for: a publisher whose type names no other
    /// publisher (`Just<Int>`) and that knows what it publishes is spelled without them.
    final class Lazy {
        private let publisher: Any
        private let traits: PublisherTypeTraits
        private var read: PublisherFields?
        /// The publishers held that `nextPublisher(named:)` has given out, by position.
        private var given: Set<Int> = []

        init(of publisher: Any, traits: PublisherTypeTraits) {
            self.publisher = publisher
            self.traits = traits
        }

        var fields: PublisherFields {
            if let read { return read }
            let fields = PublisherFields(of: publisher, traits: traits)
            read = fields
            return fields
        }

        /// The first publisher held whose type has this reflected name and that was not given
        /// out before; nil when there is none. The generic arguments of a holder name its
        /// publishers in the order of its fields (`Merge<A, B>` holds `a`, then `b`), so
        /// giving each out once, in order, matches each argument with its own publisher.
        func nextPublisher(named typeName: String) -> Any? {
            let publishers = fields.publishers
            for index in publishers.indices where publishers[index].typeName == typeName && !given.contains(index) {
                given.insert(index)
                return publishers[index].publisher
            }
            return nil
        }
    }

    /// The field of `value` with this label; nil when it has none. One pass over the fields,
    /// where `Mirror.descendant` reads each field twice.
    static func field(_ label: String, of value: Any) -> Any? {
        for child in Mirror(reflecting: value).children where child.label == label { return child.value }
        return nil
    }
}
