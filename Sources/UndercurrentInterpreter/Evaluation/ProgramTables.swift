/// What running the lowered program needs beside it, one set of tables per interpreter:
/// each function's state (its body compiled to closures, a spare frame, facts worked out on
/// its first call) and each call's and member access's site cache.
///
/// Kept beside the program rather than in it, the program stays as the lowerer made it,
/// and nothing one interpreter learns while running reaches another. The lowerer numbers
/// the functions (`FunctionDecl.index`) and the sites (the index in `Expr.call` and
/// `Expr.member`) from this interpreter's counts, so that each one's entry is an array
/// read; a node compiled in more than one way (a fast path and the general one) finds the
/// same entry each time.
final class ProgramTables {
    // Unchecked: read on every call, in short accesses, on the interpreter's thread.
    @exclusivity(unchecked) private var functionStates: [FunctionState?] = []
    private var callSites: [CallSiteCache?] = []
    private var memberSites: [MemberSiteCache?] = []
    /// The index the next function lowered for this interpreter takes.
    private(set) var nextFunctionIndex = 0
    /// The index the next call or member access lowered for this interpreter takes.
    private(set) var nextSiteIndex = 0

    /// Takes the indices `input` was lowered with. An input lowered for another interpreter
    /// (or lowered before this interpreter's last one) may number its functions and sites
    /// as this one's were numbered; the entries would be theirs, so it is refused.
    func claim(_ input: LoweredInput) throws {
        guard input.functionIndices.lowerBound >= nextFunctionIndex, input.siteIndices.lowerBound >= nextSiteIndex
        else {
            throw ScriptError(
                .unsupported,
                "this input was lowered for another interpreter: run its source with `run(source:)`")
        }
        nextFunctionIndex = input.functionIndices.upperBound
        nextSiteIndex = input.siteIndices.upperBound
    }

    /// Gives a function made outside lowering (`Interpreter.evaluateConstant`) its index.
    func claimFunctionIndex() -> Int {
        defer { nextFunctionIndex += 1 }
        return nextFunctionIndex
    }

    // MARK: - Functions

    /// The state of `decl`, made on first use.
    @inline(__always)
    func state(of decl: FunctionDecl) -> FunctionState {
        let index = decl.index
        if index < functionStates.count, let state = functionStates[index] {
            precondition(state.decl === decl, "two functions share the index \(index)")
            return state
        }
        precondition(index >= 0, "a function without an index")
        return Self.entry(index, in: &functionStates) { FunctionState(decl, in: self) }
    }

    // MARK: - Sites

    /// The cache of the call lowered with index `site`.
    func callSite(_ site: Int) -> CallSiteCache {
        Self.entry(site, in: &callSites) { CallSiteCache() }
    }

    /// The cache of the member access lowered with index `site`.
    func memberSite(_ site: Int) -> MemberSiteCache {
        Self.entry(site, in: &memberSites) { MemberSiteCache() }
    }

    /// The entry at `index`, made (and the table grown to hold it) when there is none.
    private static func entry<Entry>(_ index: Int, in table: inout [Entry?], make: () -> Entry) -> Entry {
        if index < table.count, let entry = table[index] { return entry }
        if index >= table.count { table.append(contentsOf: repeatElement(nil, count: index + 1 - table.count)) }
        let entry = make()
        table[index] = entry
        return entry
    }
}

/// One function's entry in its interpreter's `ProgramTables`.
final class FunctionState {
    /// Held strongly: frames point at their function without holding it.
    let decl: FunctionDecl
    /// `decl.parameters.count` and `decl.selfSlot`, read on every call without retaining
    /// the declaration.
    let parameterCount: Int
    let selfSlot: Int?
    /// `decl.isAsync` and `decl.isolation`, read on every call (`enterBody`).
    let isAsync: Bool
    let isolation: FunctionDecl.ActorIsolation
    /// The tables this state is in, for the body compiler.
    unowned let tables: ProgramTables
    // Unchecked, as the tables'.
    @exclusivity(unchecked) private var compiledBody: CompiledBody?
    /// For a closure written without a return type, the one its context gives it (a
    /// parameter of type `(Int) -> Subscribers.Demand`): what its `return`s are evaluated
    /// against, so that `.max(1)` is a demand. Set when the closure expression is compiled,
    /// and used if that is before its body is.
    var contextReturnType: TypeRef?
    /// A finished call's frame, kept for the next call (`Frame.forCall(of:)`).
    @exclusivity(unchecked) var spareFrame: Frame?
    /// Whether coercing to the parameters' and return types keeps every value as it is,
    /// as found at declaration generation `typesCheckedGeneration`
    /// (`Interpreter.typesKeepValues(of:)`).
    @exclusivity(unchecked) var typesKeepValues = false
    @exclusivity(unchecked) var typesCheckedGeneration = -1
    /// Where each local declared without a type got its value (`FunctionDecl.findSlotOrigins`),
    /// found the first time a call's receiver asks.
    private(set) lazy var slotOrigins: [Int: SlotOrigin] = decl.findSlotOrigins()
    /// For a closure passed to a method that calls it with a sequence's elements
    /// (`items.map { $0.describe() }`): the sequence, written in `enclosingFunction`, and
    /// which of the closure's parameters take elements. Noted when that call is compiled.
    var elementSource: (sequence: Expr, parameters: [Int])?
    /// For a closure, the function it is written in (`Interpreter.protocolExtended(by:)`),
    /// noted when that function's body is compiled.
    var enclosingFunction: FunctionDecl?
    /// `observedMethod(in:)`, once found.
    @exclusivity(unchecked) var observedMethodIndex = FunctionState.unchecked

    init(_ decl: FunctionDecl, in tables: ProgramTables) {
        self.decl = decl
        self.parameterCount = decl.parameters.count
        self.selfSlot = decl.selfSlot
        self.isAsync = decl.isAsync
        self.isolation = decl.isolation
        self.tables = tables
    }

    /// Whether the body has been compiled (a context's return type comes too late then).
    var isCompiled: Bool { compiledBody != nil }

    /// Runs the compiled body (compiling it first if need be). The body is borrowed: this
    /// state holds it for as long as the function exists and never replaces it, so a call
    /// needs no retain of it or of its closure.
    @inline(__always)
    func runBody(_ interpreter: Interpreter, in frame: Frame) throws -> Flow {
        let body = unretainedBody ?? Unmanaged.passUnretained(compile())
        return try body._withUnsafeGuaranteedRef { try $0.run(interpreter, frame) }
    }

    /// `compiledBody`, unretained: a load of it costs no retain.
    @exclusivity(unchecked) private var unretainedBody: Unmanaged<CompiledBody>?

    private func compile() -> CompiledBody {
        let compiler = BodyCompiler(
            returnType: decl.returnType ?? decl.impliedReturnType ?? contextReturnType,
            declaredTypes: decl.declaredTypes, function: decl, tables: tables)
        let body = CompiledBody(compiler.block(decl.body))
        compiledBody = body
        unretainedBody = .passUnretained(body)
        return body
    }
}
