/// A value of the learner's program.
///
/// Value types (`struct`, enum, tuple, collections) are Swift values here too, so copying
/// follows Swift's rules without any bookkeeping. Class instances are `ScriptObject`s, whose
/// Swift `deinit` runs the script's `deinit`: lifetimes are Swift's own ARC.
public enum Value {
    case void
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case character(Character)
    indirect case optional(Value?)
    case array([Value])
    case dictionary(OrderedDictionary)
    case set(OrderedSet)
    case tuple(TupleValue)
    indirect case range(RangeValue)
    case structValue(StructValue)
    case enumValue(EnumValue)
    case object(ScriptObject)
    case function(FunctionValue)
    case metatype(Metatype)
    case native(NativeValue)
    /// A library value of one word, held inline (`ScalarValue`).
    case scalar(ScalarValue)
    /// Storage of a `weak` variable or property; reads see it as an optional.
    case weakReference(WeakReference)

    public static var none: Value { .optional(nil) }

    /// The value as a reader sees it: weak storage reads as an optional.
    @inline(__always)
    public var loaded: Value {
        if case .weakReference(let reference) = self {
            if let object = reference.object {
                return reference.isUnowned ? .object(object) : .optional(.object(object))
            }
            return .optional(nil)
        }
        return self
    }

    /// `loaded`, but an `unowned` reference whose object is gone is an error, not nil.
    @inline(__always)
    func checkedLoaded(at location: SourceLocation) throws -> Value {
        if case .weakReference(let reference) = self, reference.isDangling {
            throw ScriptError.runtime(
                "attempted to read an unowned reference but the object was already deallocated", at: location)
        }
        return loaded
    }

    /// Arrays and dictionaries, whose subscripts run no script code, so a variable holding
    /// one can be changed in place by `variable[index] = value`.
    var isEditedInPlaceBySubscript: Bool {
        switch self {
        case .array, .dictionary: true
        default: false
        }
    }

    var arrayCount: Int {
        guard case .array(let elements) = self else { return 0 }
        return elements.count
    }

    /// The elements of an array value, leaving `.void` behind so that the caller holds the
    /// only reference and can change them without a copy.
    mutating func takeArray() -> [Value] {
        guard case .array(let elements) = self else { preconditionFailure("takeArray on a value that is not an array") }
        self = .void
        return elements
    }

    /// Replaces the Int at `index` of an array value by `change(old)`, without copying the
    /// array; false, with nothing changed, when this is no array, `index` is out of range, or
    /// the element is no Int.
    @inline(__always)
    mutating func updateIntegerElement(at index: Int, _ change: (Int) throws -> Int) rethrows -> Bool {
        let old: Int
        do {
            // In a scope of its own: the elements read here must be let go before the write,
            // or it would copy them.
            guard case .array(let elements) = self, index >= 0, index < elements.count,
                case .int(let element) = elements[index]
            else { return false }
            old = element
        }
        let new = try change(old)
        var taken = takeArray()
        taken[index] = .int(new)
        self = .array(taken)
        return true
    }

    /// The storage of a dictionary value, as `takeArray` takes an array's.
    mutating func takeDictionary() -> OrderedDictionary {
        guard case .dictionary(let dictionary) = self else {
            preconditionFailure("takeDictionary on a value that is not a dictionary")
        }
        self = .void
        return dictionary
    }

    public var isNil: Bool {
        if case .optional(nil) = self { return true }
        return false
    }

    /// Whether this is an Optional (`.some` or `nil`).
    var isOptionalValue: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The value where an Optional is wanted: wrapped, unless it is one already.
    var wrappedUnlessOptional: Value {
        if case .optional = self { return self }
        return .optional(self)
    }

    /// Removes every level of optional wrapping; nil for a nil optional.
    public var flattenedOptional: Value? {
        var current = self
        while case .optional(let wrapped) = current {
            guard let wrapped else { return nil }
            current = wrapped
        }
        return current
    }
}

public struct TupleValue {
    public var labels: [String?]
    public var elements: [Value]

    public init(labels: [String?], elements: [Value]) {
        self.labels = labels
        self.elements = elements
    }

    public init(_ elements: [Value]) {
        self.labels = Array(repeating: nil, count: elements.count)
        self.elements = elements
    }
}

public struct RangeValue {
    public enum Kind { case closed, halfOpen, from, upTo, through }
    public var kind: Kind
    public var lower: Value?
    public var upper: Value?

    public init(kind: Kind, lower: Value?, upper: Value?) {
        self.kind = kind
        self.lower = lower
        self.upper = upper
    }

    /// Integer bounds as a Swift range of the integers it contains (nil when unbounded above).
    /// A half-open range ending at Int.min (`Int.min..<Int.min`) has no last integer: it is
    /// given as `(0, -1)`, an empty range, since `Int.min - 1` does not exist.
    public var integerBounds: (lower: Int, upper: Int?)? {
        let low: Int
        switch lower {
        case .int(let value)?: low = value
        case nil: low = Int.min
        default: return nil
        }
        switch (kind, upper) {
        case (.closed, .int(let high)?), (.through, .int(let high)?): return (low, high)
        case (.halfOpen, .int(let high)?), (.upTo, .int(let high)?): return high == .min ? (0, -1) : (low, high - 1)
        case (.from, _): return (low, nil)
        default: return nil
        }
    }
}

public struct StructValue {
    public let type: TypeInfo
    public var fields: [Value]

    public init(type: TypeInfo, fields: [Value]) {
        self.type = type
        self.fields = fields
    }
}

/// An enum case with its associated values. Immutable, so shared freely.
public final class EnumValue {
    public let type: TypeInfo
    public let caseIndex: Int
    public let payload: [Value]

    public init(type: TypeInfo, caseIndex: Int, payload: [Value]) {
        self.type = type
        self.caseIndex = caseIndex
        self.payload = payload
    }

    public var caseInfo: EnumCaseInfo { type.cases[caseIndex] }
    public var caseName: String { caseInfo.name }
}

public final class WeakReference {
    public weak var object: ScriptObject?
    /// `unowned` reads as the object itself rather than an optional.
    public let isUnowned: Bool

    public init(_ object: ScriptObject?, isUnowned: Bool = false) {
        self.object = object
        self.isUnowned = isUnowned
    }

    /// `unowned`, and its object is gone: reading it is an error, never nil.
    var isDangling: Bool { isUnowned && object == nil }
}

/// A metatype value: `Int.self`, `PassthroughSubject<Int, Never>`, `LoadError.self`.
public final class Metatype {
    public let type: TypeInfo
    public let genericArguments: [TypeRef]
    /// How `print` and `debugPrint` spell this type when it is known in full: `type(of:)`
    /// of `[1]` prints `Array<Int>` (and `Swift.Array<Swift.Int>`).
    public var spelling: (plain: String, qualified: String)?

    public init(type: TypeInfo, genericArguments: [TypeRef] = []) {
        self.type = type
        self.genericArguments = genericArguments
    }
}

/// A variable's storage. Locals, globals and captured variables all live in cells so
/// that a closure shares exactly the variables it names, and nothing else.
public final class Cell {
    /// Unchecked: every variable read and write goes through here, and no access to it is
    /// long-lived (mutating members copy the value out and back; stores swap the old value
    /// out before it is released).
    @exclusivity(unchecked) public var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    @inline(__always)
    public func load() -> Value { value.loaded }

    /// `load()`, or nil when the cell is `unowned` and its object is gone (`checkedLoad`).
    @inline(__always)
    func loadIfReadable() -> Value? {
        if case .weakReference(let reference) = value, reference.isDangling { return nil }
        return value.loaded
    }

    /// `load()`; reading an `unowned` variable whose object is gone stops the input, as it
    /// stops a Swift program (it is never nil).
    @inline(__always)
    func checkedLoad(at location: SourceLocation) throws -> Value {
        try value.checkedLoaded(at: location)
    }

    /// Stores into the cell, keeping `weak` storage weak.
    @inline(__always)
    public func store(_ newValue: Value) {
        if case .weakReference = value {
            if case .weakReference(let old) = value {
                value = .weakReference(WeakReference(newValue.objectForWeakStorage, isUnowned: old.isUnowned))
            }
        } else {
            // The old value goes after the write: its deinit (a cancelled subscription's
            // handler) may run script code that reads this variable.
            var replaced = newValue
            swap(&value, &replaced)
        }
    }
}

extension Value {
    /// The object a `weak` variable would hold for this value.
    var objectForWeakStorage: ScriptObject? {
        switch self {
        case .object(let object): return object
        case .optional(let wrapped?): return wrapped.objectForWeakStorage
        default: return nil
        }
    }
}
