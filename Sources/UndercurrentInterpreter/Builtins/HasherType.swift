/// Swift's `Hasher`, as a script's `hash(into:)` uses it: what it is given to combine, in
/// order. A Set or Dictionary of the script's values hashes that list (`KeyHashing`).
///
/// Immutable: `combine(_:)` puts a new Hasher in the variable, so that a copy of a Hasher
/// keeps what it had, as a struct's copy does.
final class HasherValue: NativeValue {
    let combined: [Value]

    init(typeInfo: TypeInfo, combined: [Value]) {
        self.combined = combined
        super.init(typeInfo: typeInfo)
    }

    override var hasMutatingMembers: Bool { true }

    /// `finalize()`: a hash of what was combined. Like Swift's, it differs from run to run.
    var finalized: Int {
        var hasher = Hasher()
        for value in combined { ValueEquality.hash(value, into: &hasher) }
        return hasher.finalize()
    }
}

extension StandardLibrary {
    func installHasher(into interpreter: Interpreter) {
        let type = TypeInfo(name: "Hasher", kind: .builtin, qualifiedName: "Swift.Hasher")
        interpreter.registerType(type)
        type.initializers = [
            .native(NativeFunction("init()") { [unowned type] _ in .native(HasherValue(typeInfo: type, combined: [])) })
        ]
        type.mutatingMethod("combine(_:)") { [unowned type] hasher, arguments in
            guard case .native(let current as HasherValue) = hasher else { return .void }
            hasher = .native(HasherValue(typeInfo: type, combined: current.combined + [arguments[0]]))
            return .void
        }
        type.mutatingMethod("finalize()") { hasher, _ in
            guard case .native(let current as HasherValue) = hasher else { return .int(0) }
            return .int(current.finalized)
        }
    }
}
