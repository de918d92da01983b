/// What a read of a type's static member found the last time it ran: `.unlimited`,
/// `.finished`, `Direction.north`, `Subscribers.Demand.none`.
///
/// Without it every read finds the type by name (the contextual type's metatype, or each
/// part of `Subscribers.Demand` in turn) and then the member by name: about 6,000
/// instructions for a `return .none`, where the `.max(1)` call beside it, whose site
/// remembers its type, takes about 500. The type a site names changes only with a
/// declaration (`Interpreter.memberGeneration`), so the site keeps it; and a member whose
/// value can never change — a case without associated values, a library constant such as
/// `Int.max` (`NativeProperty.isConstant`) — is kept as well. A static variable, a computed
/// property or a `static let` is read each time. Like every site cache, it is made by the
/// body compiler and so belongs to one interpreter's compiled code (`ProgramTables`).
final class StaticMemberSite {
    // Unchecked, as `CallSiteCache`'s: read on every run of the site, in short accesses.
    @exclusivity(unchecked) private var generation = -1
    @exclusivity(unchecked) private var ownerType: TypeInfo?
    @exclusivity(unchecked) private var constantValue: Value?

    /// The type the site named while the declarations were as they are now.
    @inline(__always)
    func owner(at generation: Int) -> TypeInfo? {
        self.generation == generation ? ownerType : nil
    }

    /// The member's value, when it is one that cannot change and the declarations are as
    /// they were when it was read.
    @inline(__always)
    func constant(at generation: Int) -> Value? {
        self.generation == generation ? constantValue : nil
    }

    /// The type `path` names (`Subscribers.Demand`), remembered; nil when it names no type
    /// there (`Interpreter.type(namedByPath:)`), or when fast paths are off.
    func type(namedByPath path: [String], in interpreter: Interpreter, generation: Int) -> TypeInfo? {
        if let owner = owner(at: generation) { return owner }
        guard FastPaths.enabled, let owner = interpreter.type(namedByPath: path) else { return nil }
        remember(owner: owner, at: generation)
        return owner
    }

    func remember(owner: TypeInfo, at generation: Int) {
        guard FastPaths.enabled else { return }
        self.generation = generation
        ownerType = owner
        constantValue = nil
    }

    /// Called for the owner remembered at `generation` only: a constant belongs to its type.
    func remember(constant: Value, at generation: Int) {
        guard FastPaths.enabled, self.generation == generation else { return }
        constantValue = constant
    }
}
