/// What one call in the source resolved to the last time it ran, so that a call in a loop
/// does not look its member up by name and choose among overloads again on every run (a
/// profile of a custom subscription's `request` loop spent ~15% of its time there).
///
/// An entry is keyed by the type the member was found on and is valid while that type's
/// members and every declaration are unchanged (`TypeInfo.memberVersion`,
/// `Interpreter.memberGeneration`): the overload chosen depends only on the candidates and
/// on the call's argument labels, which are fixed in the source. Kept in the interpreter's
/// `ProgramTables` by the call's site index, not in the lowered program.
public final class CallSiteCache {
    enum Lookup {
        /// A method of an instance of `owner`.
        case instance
        /// A static method of `owner` (`Subscribers.Demand.max(1)`, `.max(1)`).
        case staticMember
        /// A global function (no owner).
        case global
    }

    // A class: the cached resolution is handed out on every call, and copying a struct of
    // a callable and two arrays cost four retains and releases each time.
    final class Resolution {
        let callable: Callable
        /// Per parameter, the indices of the arguments it receives (`matchArguments`).
        let assignment: [[Int]]
        /// Per argument, the parameter it goes to.
        let parameterOfArgument: [Int]
        /// No variadic parameter and no `&` argument: arguments map one to one.
        let isPlain: Bool
        /// The callable's script function or native body, taken out once: matching on
        /// `callable` copies a whole `NativeFunction` (name, signature, body) on every call.
        let script: FunctionDecl?
        let nativeBody: ((NativeArguments) throws -> Value)?
        /// The native function's body for one argument, when it has one and this call gives
        /// it its one argument.
        let nativeUnaryBody: NativeFunction.UnaryNativeBody?
        let isMutating: Bool
        let isPure: Bool
        /// A plain call of a script function that captures nothing: what compiled call sites
        /// run themselves (`CompiledArguments.callScript`).
        let isPlainScriptCall: Bool
        /// Whether the receiver's static type chooses the method (`staticDispatchMatters`),
        /// once asked by a compiled call: the general path asks how the receiver was written.
        @exclusivity(unchecked) var staticDispatchMatters: Bool?

        init(_ match: (Callable, [[Int]]), _ arguments: [Argument]) {
            let (callable, assignment) = match
            var parameterOfArgument = Array(repeating: 0, count: arguments.count)
            for (parameter, indices) in assignment.enumerated() {
                for index in indices { parameterOfArgument[index] = parameter }
            }
            self.callable = callable
            self.assignment = assignment
            self.parameterOfArgument = parameterOfArgument
            self.isPlain = !callable.parameterShapes.contains { $0.isVariadic } && !arguments.contains { $0.isInout }
            switch callable {
            case .script(let decl):
                (script, nativeBody, isMutating, isPure) = (decl, nil, decl.isMutating, false)
                nativeUnaryBody = nil
            case .native(let function):
                (script, nativeBody, isMutating, isPure) = (nil, function.body, function.isMutating, function.isPure)
                nativeUnaryBody = assignment == [[0]] ? function.unaryBody : nil
            }
            isPlainScriptCall = isPlain && script?.captureList.isEmpty == true
        }
    }

    // Unchecked: read on every run of the call, only ever in short accesses; the dynamic
    // exclusivity checks showed in profiles of call-heavy loops.
    @exclusivity(unchecked) private var lookup: Lookup = .global
    @exclusivity(unchecked) private var stamp = ResolutionStamp.none
    @exclusivity(unchecked) private var resolution: Resolution?

    /// The type an implicit member call (`.max(1)`) was resolved on, for this expected type.
    @exclusivity(unchecked) private var implicitExpected: TypeRef?
    @exclusivity(unchecked) private var implicitGeneration = -1
    @exclusivity(unchecked) private var implicitOwner: TypeInfo?

    init() {}

    func resolution(_ lookup: Lookup, on owner: TypeInfo?, generation: Int) -> Resolution? {
        guard let resolution, self.lookup == lookup, stamp.holds(for: owner, generation: generation) else { return nil }
        return resolution
    }

    func remember(
        _ match: (Callable, [[Int]]), _ arguments: [Argument], _ lookup: Lookup, on owner: TypeInfo?,
        generation: Int
    ) -> Resolution {
        let resolution = Resolution(match, arguments)
        guard FastPaths.enabled else { return resolution }
        self.resolution = resolution
        self.lookup = lookup
        stamp = ResolutionStamp(owner: owner, generation: generation)
        return resolution
    }

    func implicitOwner(expected: TypeRef?, generation: Int) -> TypeInfo? {
        guard let implicitOwner, implicitGeneration == generation, implicitExpected == expected else { return nil }
        return implicitOwner
    }

    func rememberImplicitOwner(_ owner: TypeInfo, expected: TypeRef?, generation: Int) {
        guard FastPaths.enabled else { return }
        implicitOwner = owner
        implicitExpected = expected
        implicitGeneration = generation
    }
}
