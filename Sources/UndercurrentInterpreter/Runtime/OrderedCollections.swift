/// Swift's `Dictionary` iterates in an order that changes from run to run; the
/// interpreter keeps insertion order instead so that traces and output are repeatable.
public struct OrderedDictionary {
    public private(set) var keys: [Value] = []
    public private(set) var values: [Value] = []
    private var index: [HashKey: Int] = [:]

    public init() {}

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: Value) -> Value? {
        get {
            guard let position = index[HashKey(key)] else { return nil }
            return values[position]
        }
        set {
            let hashKey = HashKey(key)
            if let newValue {
                if let position = index[hashKey] {
                    values[position] = newValue
                } else {
                    index[hashKey] = keys.count
                    keys.append(key)
                    values.append(newValue)
                }
            } else if let position = index.removeValue(forKey: hashKey) {
                keys.remove(at: position)
                values.remove(at: position)
                for (key, stored) in index where stored > position { index[key] = stored - 1 }
            }
        }
    }

    public var pairs: Zip2Sequence<[Value], [Value]> { zip(keys, values) }

    public mutating func removeAll() {
        keys.removeAll()
        values.removeAll()
        index.removeAll()
    }
}

public struct OrderedSet {
    public private(set) var elements: [Value] = []
    private var index: [HashKey: Int] = [:]

    public init() {}

    public init(_ values: [Value]) {
        for value in values { insert(value) }
    }

    public var count: Int { elements.count }

    public func contains(_ value: Value) -> Bool { index[HashKey(value)] != nil }

    @discardableResult
    public mutating func insert(_ value: Value) -> Bool {
        let key = HashKey(value)
        guard index[key] == nil else { return false }
        index[key] = elements.count
        elements.append(value)
        return true
    }

    /// `Set.insert(_:)`: whether `value` went in, and the member equal to it afterwards (the
    /// one already there, when there was one).
    public mutating func insertReportingMember(_ value: Value) -> (inserted: Bool, member: Value) {
        let key = HashKey(value)
        if let position = index[key] { return (false, elements[position]) }
        index[key] = elements.count
        elements.append(value)
        return (true, value)
    }

    /// `Set.update(with:)`: puts `value` in place of the member equal to it, which it returns;
    /// nil when there was none and `value` was added.
    public mutating func update(with value: Value) -> Value? {
        let key = HashKey(value)
        guard let position = index[key] else {
            index[key] = elements.count
            elements.append(value)
            return nil
        }
        let old = elements[position]
        elements[position] = value
        return old
    }

    @discardableResult
    public mutating func remove(_ value: Value) -> Value? {
        guard let position = index.removeValue(forKey: HashKey(value)) else { return nil }
        let removed = elements.remove(at: position)
        for (key, stored) in index where stored > position { index[key] = stored - 1 }
        return removed
    }

    public mutating func removeAll() {
        elements.removeAll()
        index.removeAll()
    }
}

/// A `Value` used as a dictionary key or set element: compared and hashed by the type's own
/// `==` and `hash(into:)` where a script type declares them (`KeyHashing`), by structure
/// otherwise.
public struct HashKey: Hashable {
    public let value: Value
    private let ownHashing: KeyHashing?
    /// What the type's own `hash(into:)` combined, worked out once per key.
    private let combined: [Value]?

    public init(_ value: Value) {
        self.value = value
        ownHashing = KeyHashing.of(value)
        combined = ownHashing?.combined(value)
    }

    public static func == (lhs: HashKey, rhs: HashKey) -> Bool {
        if let hashing = lhs.ownHashing, let equal = hashing.equal(lhs.value, rhs.value) { return equal }
        return ValueEquality.structurallyEqual(lhs.value, rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        guard let combined else { return ValueEquality.hash(value, into: &hasher) }
        for part in combined { ValueEquality.hash(part, into: &hasher) }
    }
}
