/// What a call site or member site checks before it trusts what it found the last time
/// (`CallSiteCache`, `MemberSiteCache`): the value has the same type, and neither that
/// type's members (`TypeInfo.memberVersion`) nor any declaration
/// (`Interpreter.memberGeneration`) changed since.
struct ResolutionStamp {
    private let owner: TypeInfo?
    private let ownerVersion: Int
    private let generation: Int

    /// A stamp that holds for nothing.
    static var none: ResolutionStamp { ResolutionStamp(owner: nil, generation: -1) }

    init(owner: TypeInfo?, generation: Int) {
        self.owner = owner
        self.ownerVersion = owner?.memberVersion ?? 0
        self.generation = generation
    }

    @inline(__always)
    func holds(for owner: TypeInfo?, generation: Int) -> Bool {
        self.generation == generation && self.owner === owner && ownerVersion == (owner?.memberVersion ?? 0)
    }
}
