/// Swift's `Dictionary` iterates in an order that changes from run to run; the
/// interpreter keeps insertion order instead so that traces and output are repeatable.
public struct OrderedDictionary {
    public private(set) var keys: [Value] = []
    public private(set) var values: [Value] = []
    private var index = KeyIndex()

    public init() {}

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: Value) -> Value? {
        get {
            guard let position = index.find(key, among: keys).position else { return nil }
            return values[position]
        }
        set {
            let (position, hash) = index.find(key, among: keys)
            if let newValue {
                if let position {
                    values[position] = newValue
                } else {
                    index.add(keys.count, hash: hash)
                    keys.append(key)
                    values.append(newValue)
                }
            } else if let position {
                index.remove(position, hash: hash)
                keys.remove(at: position)
                values.remove(at: position)
            }
        }
    }

    public var pairs: Zip2Sequence<[Value], [Value]> { zip(keys, values) }

    public mutating func removeAll() {
        keys.removeAll()
        values.removeAll()
        index = KeyIndex()
    }
}

public struct OrderedSet {
    public private(set) var elements: [Value] = []
    private var index = KeyIndex()

    public init() {}

    public init(_ values: [Value]) {
        for value in values { insert(value) }
    }

    public var count: Int { elements.count }

    public func contains(_ value: Value) -> Bool { index.find(value, among: elements).position != nil }

    @discardableResult
    public mutating func insert(_ value: Value) -> Bool {
        insertReportingMember(value).inserted
    }

    /// `Set.insert(_:)`: whether `value` went in, and the member equal to it afterwards (the
    /// one already there, when there was one).
    public mutating func insertReportingMember(_ value: Value) -> (inserted: Bool, member: Value) {
        let (position, hash) = index.find(value, among: elements)
        if let position { return (false, elements[position]) }
        index.add(elements.count, hash: hash)
        elements.append(value)
        return (true, value)
    }

    /// `Set.update(with:)`: puts `value` in place of the member equal to it, which it returns;
    /// nil when there was none and `value` was added.
    public mutating func update(with value: Value) -> Value? {
        let (position, hash) = index.find(value, among: elements)
        guard let position else {
            index.add(elements.count, hash: hash)
            elements.append(value)
            return nil
        }
        let old = elements[position]
        elements[position] = value
        return old
    }

    @discardableResult
    public mutating func remove(_ value: Value) -> Value? {
        let (position, hash) = index.find(value, among: elements)
        guard let position else { return nil }
        index.remove(position, hash: hash)
        return elements.remove(at: position)
    }

    public mutating func removeAll() {
        elements.removeAll()
        index = KeyIndex()
    }
}

/// Where each key of an ordered collection is: found by the key's hash, then by `==` among
/// the keys of that hash. A key is compared and hashed by its type's own `==` and
/// `hash(into:)` where a script type declares them (`KeyHashing`), by structure otherwise.
///
/// Not a Swift `Dictionary` of keys: that calls the script's `==` and `hash(into:)` itself,
/// and stops the whole process ("Duplicate keys … were found") when they disagree, as a
/// learner's type may (an `==` that compares the `id` beside a hash of every field, or an
/// `==` that is not the same from one call to the next). Here they only decide which keys
/// are one, as they would in the compiled program when it does not stop.
struct KeyIndex {
    /// The positions of the keys of one hash; almost always one.
    private enum Bucket {
        case one(Int)
        case many([Int])
    }

    private var buckets: [Int: Bucket] = [:]

    /// The position in `keys` of the key equal to `key`, if there is one, and `key`'s hash.
    func find(_ key: Value, among keys: [Value]) -> (position: Int?, hash: Int) {
        let hash = Self.hash(of: key)
        switch buckets[hash] {
        case nil:
            return (nil, hash)
        case .one(let position):
            return (Self.equal(keys[position], key) ? position : nil, hash)
        case .many(let positions):
            return (positions.first { Self.equal(keys[$0], key) }, hash)
        }
    }

    /// Records a key of `hash` at `position`.
    mutating func add(_ position: Int, hash: Int) {
        switch buckets[hash] {
        case nil: buckets[hash] = .one(position)
        case .one(let first): buckets[hash] = .many([first, position])
        case .many(var positions):
            positions.append(position)
            buckets[hash] = .many(positions)
        }
    }

    /// Forgets the key of `hash` at `position`; the keys after it move one place down.
    mutating func remove(_ position: Int, hash: Int) {
        switch buckets[hash] {
        case .one?: buckets[hash] = nil
        case .many(var positions)?:
            positions.removeAll { $0 == position }
            buckets[hash] = positions.count == 1 ? .one(positions[0]) : .many(positions)
        case nil: break
        }
        for (hash, bucket) in buckets {
            switch bucket {
            case .one(let stored) where stored > position: buckets[hash] = .one(stored - 1)
            case .one: break
            case .many(let positions):
                buckets[hash] = .many(positions.map { $0 > position ? $0 - 1 : $0 })
            }
        }
    }

    private static func hash(of key: Value) -> Int {
        var hasher = Hasher()
        if let combined = KeyHashing.of(key)?.combined(key) {
            for part in combined { ValueEquality.hash(part, into: &hasher) }
        } else {
            ValueEquality.hash(key, into: &hasher)
        }
        return hasher.finalize()
    }

    /// Whether `key` is the one already kept as `stored`.
    private static func equal(_ stored: Value, _ key: Value) -> Bool {
        if let hashing = KeyHashing.of(stored), let equal = hashing.equal(stored, key) { return equal }
        return ValueEquality.structurallyEqual(stored, key)
    }
}
