import Synchronization

/// An instance of a script class. Its Swift `deinit` runs the script's `deinit`, so a
/// script object goes away exactly when the last reference to it does, as in Swift.
public final class ScriptObject {
    public let type: TypeInfo
    /// Unique among the objects this process makes. With the identity it tells a new object
    /// at a reused address from one that went away, which observers (the tracer's names)
    /// would otherwise learn through a weak reference: that gives the object a side table,
    /// and then each retain and release of it takes the runtime's slow path.
    public let serial: UInt64
    /// Unchecked: every property access of a script object goes through here, and no
    /// access is long-lived — a store swaps the old value out and releases it after the
    /// access ends (its deinit may run script code that reads this object).
    @exclusivity(unchecked) public var fields: [Value]
    /// Set on a stand-in built only to run `deinit` (which must not run `deinit` again):
    /// the identity of the object going away.
    public let standInFor: ObjectIdentifier?
    /// Told of the calls of the methods named in `Interpreter.observedMethodNames` on this
    /// object (not on a stand-in running its `deinit`). Set once (`observeCalls(by:)`), and
    /// then kept as long as the object: a call of one of its methods borrows it without
    /// counting (`unretainedCallObserver`), which is safe only while nothing replaces it.
    @exclusivity(unchecked) public private(set) var callObserver: ScriptCallObserver?
    /// `callObserver`, lent without counting: reading the property retained the observer on
    /// every traced call of the object's methods.
    @exclusivity(unchecked) private(set) var unretainedCallObserver: Unmanaged<ScriptCallObserver>?

    /// Makes `observer` the object's call observer, if it has none yet; it keeps the first.
    public func observeCalls(by observer: ScriptCallObserver) {
        guard callObserver == nil else { return }
        callObserver = observer
        unretainedCallObserver = .passUnretained(observer)
    }

    public init(type: TypeInfo, fields: [Value]) {
        self.type = type
        self.fields = fields
        self.standInFor = nil
        serial = Self.serials.wrappingAdd(1, ordering: .relaxed).newValue
    }

    private init(standInFor object: ScriptObject) {
        self.type = object.type
        self.fields = object.fields
        self.standInFor = ObjectIdentifier(object)
        serial = object.serial
    }

    private static let serials = Atomic<UInt64>(0)

    /// The identity of the object this is, or stands in for.
    public var identity: ObjectIdentifier { standInFor ?? ObjectIdentifier(self) }

    deinit {
        guard standInFor == nil, let interpreter = type.interpreter else { return }
        interpreter.objectWillDeinitialize(ObjectIdentifier(self), type: type)
        // `self` cannot escape a Swift deinit, but the script's deinit may store `self`
        // somewhere; it runs on a stand-in with the same fields instead.
        var current: TypeInfo? = type
        var hasDeinit = false
        while let candidate = current {
            if candidate.deinitializer != nil {
                hasDeinit = true
                break
            }
            current = candidate.superclass
        }
        defer { interpreter.releaseIteratively(&fields) }
        guard hasDeinit else { return }
        let standIn = ScriptObject(standInFor: self)
        interpreter.runDeinitializers(of: standIn)
    }
}
