/// Calls compiled for the overload their site resolved to: `subscriber.receive(next)` on a
/// script object, `.max(1)` on `Subscribers.Demand`.
///
/// Which function a call runs is known only once it has run (`CallSiteCache`), and the
/// arguments' expected types come from that function's parameters. So the first run goes
/// through the general call (`generalCall`), which resolves the site; later runs find the
/// resolution in the site, compile the arguments against its parameter types (once per
/// resolution), and call straight into the function. Anything else — a value-type receiver,
/// a mutating method, variadic arguments, `&` — keeps the general path. A
/// profile of a `.max(1)` subscription showed the general call path (overload checks,
/// argument arrays, a metatype per `.max(1)`) as about an eighth of its time.
extension BodyCompiler {
    func call(
        callee: Expr, _ arguments: [Argument], _ site: CallSiteCache,
        expected: TypeRef?, at location: SourceLocation
    ) -> CompiledExpression {
        noteElementSources(callee, arguments)
        let general = generalCall(callee: callee, arguments, site, expected: expected, at: location)
        switch callee {
        case .member(let baseExpr, let method, _, _):
            if let (path, genericArguments) = Self.typePath(baseExpr) {
                return staticCall(
                    arguments, site, owner: .named(path, genericArguments: genericArguments, StaticMemberSite()),
                    at: location, otherwise: general)
            }
            // Only a base that reads a variable: the general path evaluates it again when the
            // fast path does not apply, which must not repeat a side effect.
            switch baseExpr {
            case .name(.local(let slot), _, _) where arguments.allSatisfy({ Self.cannotCaptureLocals($0.value) }):
                return methodCall(
                    method, on: .lendableLocal(slot, expression(baseExpr)),
                    throughProtocol: staticProtocol(of: baseExpr), arguments, site, at: location, otherwise: general)
            case .name(.local, _, _), .name(.captured, _, _), .selfReference:
                return methodCall(
                    method, on: .variable(expression(baseExpr)), throughProtocol: staticProtocol(of: baseExpr),
                    arguments, site, at: location, otherwise: general)
            case .member(let ownerExpr, let name, _, _):
                // `self.subscriber.receive(next)`, and `subscriber.receive(next)` inside the type,
                // which the lowerer writes so. (A bare name it left alone is most often a
                // global, whose general path is shorter than trying this one first.)
                guard let access = SelfAccess(ownerExpr) else { return general }
                return methodCall(
                    method, on: .fieldOfSelf(name, access, MemberSiteCache()), throughProtocol: nil, arguments,
                    site, at: location, otherwise: general)
            default:
                return general
            }
        case .implicitMember(let name, _) where name != "some":
            return staticCall(arguments, site, owner: .contextual(expected), at: location, otherwise: general)
        case .name(.dynamic, let name, _) where name.first?.isUppercase == false && !name.hasPrefix("Swift."):
            return globalCall(name, arguments, site, at: location, otherwise: general)
        default:
            return general
        }
    }

    /// Any call: what it calls is found when it runs (a method of the receiver's type, a
    /// global function, a closure, a type to construct), and the arguments are evaluated
    /// against the parameters of the function chosen.
    private func generalCall(
        callee: Expr, _ argumentList: [Argument], _ site: CallSiteCache,
        expected: TypeRef?, at location: SourceLocation
    ) -> CompiledExpression {
        let arguments = CallArguments(argumentList, compiler: self)
        switch callee {
        case .member(.superReference, let name, _, _):
            return { interpreter, frame in
                try interpreter.tick(location)
                return try interpreter.callSuper(name, arguments, in: frame, at: location)
            }

        case .member(let baseExpr, let name, _, _):
            let base = expressionWithNoContext(baseExpr)
            let storeBase = store(to: baseExpr)
            // The type the receiver was declared with: a local's is known now, a property's or
            // a global's when the call runs (`demands.append(.none)` on a `[Subscribers.Demand]`).
            var receiverType: TypeRef?
            var receiverName: String?  // not a local: a property of `self`, or a global
            switch baseExpr {
            case .name(.local(let slot), _, _): receiverType = declaredTypes[slot]
            case .name(.dynamic, let name, _): receiverName = name
            default: break
            }
            let throughProtocol = staticProtocol(of: baseExpr)
            var onField: ((Interpreter, Frame) throws -> Value?)?
            if case .member(let ownerExpr, let field, _, _) = baseExpr {
                // `self.items.append(x)`: the property is changed where it is.
                let owner = expression(ownerExpr)
                onField = { interpreter, frame in
                    try interpreter.callMutatingOnField(
                        ownerExpr, owner, field, name, arguments, in: frame, at: location)
                }
            }
            return { [onField] interpreter, frame in
                try interpreter.tick(location)
                if let cell = interpreter.storageCell(of: baseExpr, in: frame),
                    let result = try interpreter.callMutatingInPlace(
                        cell, name, arguments,
                        declaredType: receiverType
                            ?? receiverName.flatMap { interpreter.declaredType(ofVariable: $0, in: frame) },
                        in: frame, at: location)
                {
                    return result
                }
                if let onField, let result = try onField(interpreter, frame) { return result }
                let baseValue = try base(interpreter, frame)
                let through =
                    try throughProtocol?.resolve(interpreter, frame)
                    ?? interpreter.staticProtocol(
                        ofReceiver: baseExpr, baseValue, calling: name, in: frame, at: location)
                return try interpreter.callMember(
                    of: baseValue, baseStore: storeBase, name, arguments, site: site,
                    throughProtocol: through, in: frame, at: location)
            }

        case .implicitMember(let name, _):
            return { interpreter, frame in
                try interpreter.tick(location)
                let type: TypeInfo
                if let cached = site.implicitOwner(expected: expected, generation: interpreter.memberGeneration) {
                    type = cached
                } else {
                    guard
                        let found = try interpreter.implicitMemberType(
                            expected: expected, member: name, calling: true, at: location)
                    else {
                        throw ScriptError.runtime(
                            "cannot infer the type of '.\(name)(...)' here; write the type name",
                            at: location)
                    }
                    site.rememberImplicitOwner(found, expected: expected, generation: interpreter.memberGeneration)
                    type = found
                }
                if type.isOptionalType, name == "some", arguments.count == 1 {
                    return .optional(try arguments.value(0, expected: expected?.optionalWrapped, interpreter, frame))
                }
                return try interpreter.callMember(
                    of: .metatype(Metatype(type: type, genericArguments: expected?.genericArguments ?? [])),
                    baseStore: nil, name, arguments, site: site, in: frame, at: location)
            }

        case .name(.dynamic, let name, let nameLocation):
            let value = expression(callee)
            let storeSelf = store(to: .selfReference(nameLocation))
            let swiftName = name.hasPrefix("Swift.") ? String(name.dropFirst("Swift.".count)) : nil
            return { interpreter, frame in
                try interpreter.tick(location)
                if let swiftName, let functions = interpreter.libraryFunctions(named: swiftName) {
                    return try interpreter.invokeOverloads(
                        functions, name: swiftName, receiver: nil,
                        receiverCell: nil, selfType: nil, arguments, in: frame, at: location)
                }
                if let cell = frame.selfCell, frame.function.selfSlot != nil, name.first?.isUppercase == false,
                    interpreter.hasMember(of: cell.load(), name)
                {
                    return try interpreter.callMember(
                        of: cell.load(), baseStore: storeSelf, name, arguments,
                        throughProtocol: interpreter.protocolExtended(by: frame.function), in: frame, at: location)
                }
                if interpreter.globals[name] == nil, let functions = interpreter.globalFunctions[name] {
                    return try interpreter.invokeOverloads(
                        functions, name: name, receiver: nil, receiverCell: nil, selfType: nil,
                        arguments, site: site, expected: expected, in: frame, at: location)
                }
                return try interpreter.callValue(
                    value(interpreter, frame), arguments, in: frame, expected: expected, at: location)
            }

        default:
            let value = expression(callee)
            return { interpreter, frame in
                try interpreter.tick(location)
                return try interpreter.callValue(
                    value(interpreter, frame), arguments, in: frame, expected: expected, at: location)
            }
        }
    }

    /// Which parameters of a closure passed to a sequence's method take the sequence's
    /// elements, by the method's name.
    private static let elementParameters: [String: [Int]] = [
        "map": [0], "compactMap": [0], "flatMap": [0], "filter": [0], "forEach": [0], "first": [0],
        "last": [0], "contains": [0], "allSatisfy": [0], "firstIndex": [0], "lastIndex": [0],
        "drop": [0], "prefix": [0], "removeAll": [0], "sorted": [0, 1], "sort": [0, 1], "min": [0, 1],
        "max": [0, 1], "reduce": [1],
    ]

    /// `items.map { $0.describe() }`: notes in the closure's state where its elements come
    /// from, for the static type of its parameters (`StaticTypes.swift`).
    private func noteElementSources(_ callee: Expr, _ arguments: [Argument]) {
        guard case .member(let sequence, let method, _, _) = callee, let parameters = Self.elementParameters[method]
        else { return }
        for argument in arguments {
            guard case .closure(let closure, _) = argument.value else { continue }
            tables.state(of: closure).elementSource = (sequence, parameters)
        }
    }

    /// How to find the protocol that is the static type of a call's receiver, when it may be
    /// one: `self` (in a method of a protocol's extension), a local declared with a type, or
    /// a global. Nil when the receiver can have no such type.
    private func staticProtocol(of receiver: Expr) -> StaticProtocol? {
        switch receiver {
        case .selfReference, .name(_, "self", _): return .selfInProtocolExtension
        case .name(.local(let slot), _, _):
            guard let type = declaredTypes[slot] else { return nil }
            return .declared(type, ProtocolTypeCache())
        case .name(.dynamic, let name, _):
            guard name.first?.isLowercase == true else { return .global(name, GlobalSiteCache(), ProtocolTypeCache()) }
            return .propertyOrGlobal(name, GlobalSiteCache(), ProtocolTypeCache())
        case .member(let owner, let name, _, _):
            guard let access = SelfAccess(owner) else { return nil }
            return .propertyOfSelf(name, access)
        default: return nil
        }
    }

    /// `receiver.method(args)` where the receiver is a script object and the method a script
    /// function taking exactly these arguments, or the receiver is a library value (the
    /// engine's subscriber a traced subscription delivers to) and the method a non-mutating
    /// native one.
    private func methodCall(
        _ name: String, on receiver: MethodReceiver, throughProtocol: StaticProtocol?, _ arguments: [Argument],
        _ site: CallSiteCache, at location: SourceLocation,
        otherwise general: @escaping CompiledExpression
    ) -> CompiledExpression {
        let compiledArguments = CompiledArguments()
        let compiler = self
        // The fast path returns nil when it does not apply. Its own function, so that the
        // receiver it read is released before the general path runs: a copy of an array held
        // here would make `values.append(x)`, which that path does in place, copy the whole
        // array on every call.
        let fastPath: (Interpreter, Frame) throws -> Value? = { interpreter, frame in
            let receiverValue: Value
            switch receiver {
            case .variable(let read):
                receiverValue = try read(interpreter, frame)
            case .lendableLocal(let slot, let read):
                if let lent = frame.lendableObject(inSlot: slot),
                    let plan = compiledArguments.plan(
                        on: lent.object._withUnsafeGuaranteedRef { $0.type }, generation: interpreter.memberGeneration)
                {
                    try interpreter.tick(location)
                    return try compiledArguments.call(
                        kept: plan, lendingSelf: lent.cell, interpreter, frame, at: location)
                }
                receiverValue = try read(interpreter, frame)
            case .fieldOfSelf(let name, let access, let field):
                guard let value = interpreter.plainField(name, ofSelf: access, in: frame, site: field) else {
                    return nil
                }
                receiverValue = value
            }
            // The plan (and below, the method) found in a function of its own, so that
            // nothing borrows the receiver when it is moved into the call (a payload bound
            // here made it a copy: a retain and a release on every call).
            if let plan = Self.scriptCallPlan(for: receiverValue, compiledArguments, interpreter) {
                try interpreter.tick(location)
                return try compiledArguments.call(
                    kept: plan, selfValue: consume receiverValue, interpreter, frame, at: location)
            }
            if case .object = receiverValue {
                guard
                    let resolution = Self.plainScriptMethod(
                        name, of: receiverValue, site, interpreter)
                else { return nil }
                try interpreter.tick(location)
                if let plan = compiledArguments.plan(
                    for: resolution, on: receiverValue, arguments, compiler, interpreter)
                {
                    return try plan.call(selfValue: consume receiverValue, interpreter, frame, at: location)
                }
                return try compiledArguments.callScript(
                    selfValue: consume receiverValue, resolution, arguments, compiler,
                    interpreter, frame, at: location)
            }
            switch receiverValue {
            case .native(let native):
                guard
                    let resolution = site.resolution(
                        .instance, on: native.typeInfo,
                        generation: interpreter.memberGeneration),
                    resolution.isPlain, !resolution.isMutating, let body = resolution.nativeBody
                else { break }
                // A receiver whose static type is a protocol: a library operator builds its own
                // stage then (`NativeArguments.isThroughProtocol`), which the general path does.
                if let throughProtocol, throughProtocol.resolve(interpreter, frame) != nil { break }
                try interpreter.tick(location)
                if let unary = resolution.nativeUnaryBody {
                    return try compiledArguments.callNative(
                        unary, receiver: receiverValue, resolution, arguments,
                        compiler, interpreter, frame, at: location)
                }
                return try compiledArguments.callNative(
                    body, receiver: receiverValue, resolution, arguments, compiler,
                    interpreter, frame, at: location)
            default:
                break
            }
            return nil
        }
        return { interpreter, frame in
            if let result = try fastPath(interpreter, frame) { return result }
            return try general(interpreter, frame)
        }
    }

    /// Whether evaluating `expr` cannot make a closure, the only code that could change a
    /// local of the caller's while a call runs (a closure made earlier holds the local's cell,
    /// which is then not the frame's alone). Read, literal and arithmetic shapes only.
    static func cannotCaptureLocals(_ expr: Expr) -> Bool {
        switch expr {
        case .literal, .integerLiteral, .floatLiteral, .stringLiteral, .nilLiteral, .name, .selfReference,
            .implicitMember:
            return true
        case .member(let base, _, _, _), .prefix(_, let base, _), .forceUnwrap(let base, _, _):
            return cannotCaptureLocals(base)
        case .binary(_, let lhs, let rhs, _):
            return cannotCaptureLocals(lhs) && cannotCaptureLocals(rhs)
        default:
            return false
        }
    }

    /// The plan the site's arguments keep for calls on an object of `receiver`'s type, while
    /// the declarations it was made for stand.
    private static func scriptCallPlan(
        for receiver: Value, _ arguments: CompiledArguments, _ interpreter: Interpreter
    ) -> Unmanaged<ScriptCallPlan>? {
        guard case .object(let object) = receiver else { return nil }
        return arguments.plan(on: object.type, generation: interpreter.memberGeneration)
    }

    /// The script method `site` resolves `name` to on the object `receiver`, when a plain
    /// call of it is what the general path would make; nil otherwise.
    private static func plainScriptMethod(
        _ name: String, of receiver: Value, _ site: CallSiteCache, _ interpreter: Interpreter
    ) -> CallSiteCache.Resolution? {
        guard case .object(let object) = receiver,
            let resolution = site.resolution(.instance, on: object.type, generation: interpreter.memberGeneration),
            resolution.isPlainScriptCall,
            // Where the receiver's static type chooses the method, the general path asks it.
            !(resolution.staticDispatchMatters ?? interpreter.rememberStaticDispatch(name, resolution, object.type))
        else { return nil }
        return resolution
    }

    /// `name(args)` resolved to a global script function (`collatz(i)`). Inside a type a
    /// method of `self` of that name comes first, as the general call's lookup has it.
    private func globalCall(
        _ name: String, _ arguments: [Argument], _ site: CallSiteCache,
        at location: SourceLocation,
        otherwise general: @escaping CompiledExpression
    ) -> CompiledExpression {
        let compiledArguments = CompiledArguments()
        let compiler = self
        return { interpreter, frame in
            if let cell = frame.selfCell, interpreter.hasMember(of: cell.load(), name) {
                return try general(interpreter, frame)
            }
            guard let resolution = site.resolution(.global, on: nil, generation: interpreter.memberGeneration),
                resolution.isPlainScriptCall
            else {
                return try general(interpreter, frame)
            }
            try interpreter.tick(location)
            return try compiledArguments.callScript(
                selfValue: nil, resolution, arguments, compiler,
                interpreter, frame, at: location)
        }
    }

    /// Where a static call finds its type.
    enum StaticCallOwner {
        /// The expected type of `.max(1)`, which the general call remembers in the site.
        case contextual(TypeRef?)
        /// The type a name names: `Subscribers.Demand.max(1)`, `Just<Int>.init(1)`.
        case named([String], genericArguments: [TypeRef], StaticMemberSite)

        @inline(__always)
        func type(_ site: CallSiteCache, _ interpreter: Interpreter, generation: Int) -> TypeInfo? {
            switch self {
            case .contextual(let expected):
                return site.implicitOwner(expected: expected, generation: generation)
            case .named(let path, _, let ownerSite):
                return ownerSite.type(namedByPath: path, in: interpreter, generation: generation)
            }
        }

        var genericArguments: [TypeRef] {
            switch self {
            case .contextual(let expected): expected?.genericArguments ?? []
            case .named(_, let genericArguments, _): genericArguments
            }
        }
    }

    /// `.name(args)` or `Type.name(args)` resolved to a native static function of the type.
    private func staticCall(
        _ arguments: [Argument], _ site: CallSiteCache, owner ownerSource: StaticCallOwner,
        at location: SourceLocation,
        otherwise general: @escaping CompiledExpression
    ) -> CompiledExpression {
        let compiledArguments = CompiledArguments()
        let compiler = self
        let genericArguments = ownerSource.genericArguments
        // `.max(1)`: a pure function of literals gives the same value on every run.
        let allLiterals = arguments.allSatisfy {
            switch $0.value {
            case .integerLiteral, .floatLiteral, .stringLiteral, .literal: true
            default: false
            }
        }
        return { interpreter, frame in
            let generation = interpreter.memberGeneration
            // The type is this site's own (the expected type, or the one it names), so while no
            // declaration changed, neither did the function found nor, when it is pure, its result.
            if allLiterals, let result = compiledArguments.constant(at: generation, in: interpreter) {
                try interpreter.tick(location)
                return result
            }
            guard let owner = ownerSource.type(site, interpreter, generation: generation),
                !owner.isOptionalType,
                let resolution = site.resolution(.staticMember, on: owner, generation: generation),
                resolution.isPlain, let body = resolution.nativeBody
            else {
                return try general(interpreter, frame)
            }
            try interpreter.tick(location)
            let receiver = compiledArguments.metatype(of: owner, genericArguments: genericArguments)
            let result = try compiledArguments.callNative(
                body, receiver: receiver, resolution, arguments, compiler,
                interpreter, frame, at: location)
            if resolution.isPure, allLiterals, FastPaths.enabled {
                compiledArguments.remember(constant: result, at: generation, in: interpreter)
            }
            return result
        }
    }
}

extension Interpreter {
    /// The stored property `name` of the `self` that `access` reaches, read without running
    /// any code; `site` remembers where it is. Nil when `self` has no such property, when
    /// reading it could run code (a computed property, a wrapper, `lazy`), or when it is
    /// declared with a protocol type, through which a call has rules of its own.
    func plainField(_ name: String, ofSelf access: SelfAccess, in frame: Frame, site: MemberSiteCache) -> Value? {
        if let value = frame.directRead(site, ofSelf: access, generation: memberGeneration) { return value }
        guard FastPaths.enabled, let selfValue = frame.selfCell(access)?.load() else { return nil }
        switch selfValue {
        case .object, .structValue: break
        default: return nil
        }
        let type = typeInfo(of: selfValue)
        guard case .stored(let index)? = instanceEntries(of: type, name).first else { return nil }
        if let declared = type.storedProperties[index].type, protocolType(named: declared) != nil { return nil }
        site.remember(field: index, of: type, generation: memberGeneration)
        return frame.directRead(site, ofSelf: access, generation: memberGeneration)
    }
}

extension BodyCompiler {
    /// An argument compiled against its parameter's type. A `T!` passed where the parameter
    /// is a basic type, a collection or a qualified type (`Subscribers.Demand`) is unwrapped,
    /// as Swift does; where it may be an Optional (`Any`, a generic parameter, an Optional) it
    /// stays one.
    func argument(_ argument: Argument, expected: TypeRef?) -> CompiledExpression {
        let value = expression(argument.value, expected: expected)
        guard argument.isImplicitlyUnwrapped, let expected else { return value }
        let location = argument.value.location
        // Asked when the call runs: whether `Box` is a struct of the script's or an alias
        // (which may name an Optional) is known then.
        return { interpreter, frame in
            let passed = try value(interpreter, frame)
            guard case .optional = passed, interpreter.typeRulesOutOptionals(expected) else { return passed }
            return try Interpreter.forceUnwrapped(passed, implicit: true, at: location)
        }
    }
}

/// One argument compiled against its parameter: the parameter's index and type.
struct CompiledArgument {
    let parameter: Int
    let type: TypeRef?
    let evaluate: CompiledExpression
}

/// The arguments of one call site, compiled for the resolution the site last had; a new
/// resolution (a redeclared type, another receiver type) compiles them again.
final class CompiledArguments {
    // Unchecked, as `CallSiteCache`'s: read on every run of the call, in short accesses.
    @exclusivity(unchecked) private var resolution: CallSiteCache.Resolution?
    @exclusivity(unchecked) private var compiled: [CompiledArgument] = []
    /// The state of the script function the resolution calls (`callScript`), found once
    /// rather than by its declaration on every call.
    @exclusivity(unchecked) private var scriptState: FunctionState?
    /// The receiver of a static call, made once rather than on every call.
    @exclusivity(unchecked) private var receiver: Value?
    /// An emptied argument array for the next native call (`keep(_:)`).
    @exclusivity(unchecked) private var spareValues: [Value?] = []
    /// Argument `i` goes to parameter `i`, for every argument.
    @exclusivity(unchecked) private var isInParameterOrder = false
    /// The last plain script method call made here (`plan(for:on:_:_:_:)`), and the same
    /// unretained.
    @exclusivity(unchecked) private var plan: ScriptCallPlan?
    @exclusivity(unchecked) private var unretainedPlan: Unmanaged<ScriptCallPlan>?
    /// How many calls of the kept plan are running (nested, or paused in a task).
    @exclusivity(unchecked) private var callsOfKeptPlan = 0
    /// What a pure native gave for literal arguments (`constant(at:in:)`), and when.
    @exclusivity(unchecked) private var constantResult: (value: Value, generation: Int, interpreter: ObjectIdentifier)?

    /// Calls the resolution's script function (`isPlainScriptCall`) with the arguments
    /// compiled against its parameters, evaluated in source order in `frame`.
    func callScript(
        selfValue: consuming Value?, _ resolution: CallSiteCache.Resolution,
        _ arguments: [Argument], _ compiler: BodyCompiler,
        _ interpreter: Interpreter, _ frame: Frame, at location: SourceLocation
    ) throws -> Value {
        compileScriptArguments(for: resolution, arguments, compiler, interpreter)
        var call = PlainCall(scriptState.unsafelyUnwrapped, argumentCount: arguments.count, in: interpreter)
        // By index, each field read where it is: `for argument in compiled` copied each
        // argument out, retaining its type and its closure, and a copy of the array held
        // here retained it.
        for index in arguments.indices {
            // Evaluating an argument may have run this site again, for a receiver of another
            // type, which compiled the arguments for its own resolution.
            compileScriptArguments(for: resolution, arguments, compiler, interpreter)
            let parameter = compiled[index].parameter
            try call.bind(
                compiled[index].evaluate(interpreter, frame), toParameter: parameter, in: interpreter, at: location)
        }
        return try call.run(selfValue: consume selfValue, in: interpreter, at: location)
    }

    /// The plan of a call of the resolution's script method on `receiver` (an object), kept
    /// for the next call on an object of the same type; nil where the call leaves a parameter
    /// to its default, which `callScript` fills in.
    func plan(
        for resolution: CallSiteCache.Resolution, on receiver: Value, _ arguments: [Argument],
        _ compiler: BodyCompiler, _ interpreter: Interpreter
    ) -> ScriptCallPlan? {
        guard case .object(let object) = receiver, let decl = resolution.script,
            arguments.count == decl.parameters.count
        else { return nil }
        let bound = compile(for: resolution, arguments, compiler) { decl.parameters[$0].type }
        let made = ScriptCallPlan(
            state: interpreter.tables.state(of: decl), arguments: bound,
            stamp: ResolutionStamp(owner: object.type, generation: interpreter.memberGeneration),
            coerces: !interpreter.typesKeepValues(of: decl))
        // Kept only while no call of the kept plan runs: those use it unretained.
        if FastPaths.enabled, callsOfKeptPlan == 0 {
            plan = made
            unretainedPlan = .passUnretained(made)
        }
        return made
    }

    /// The plan kept by `plan(for:on:_:_:_:)`, if it was made for `owner` and declarations as
    /// they are now; unretained, for `call(kept:selfValue:_:_:at:)`.
    @inline(__always)
    func plan(on owner: TypeInfo, generation: Int) -> Unmanaged<ScriptCallPlan>? {
        guard let unretainedPlan,
            unretainedPlan._withUnsafeGuaranteedRef({ $0.stamp.holds(for: owner, generation: generation) })
        else { return nil }
        return unretainedPlan
    }

    /// `call(kept:selfValue:_:_:at:)` with the object in the caller's cell `lender` lent to
    /// the callee's `self` (`ScriptCallPlan.call(lendingSelf:_:_:at:)`).
    func call(
        kept plan: Unmanaged<ScriptCallPlan>, lendingSelf lender: Unmanaged<Cell>, _ interpreter: Interpreter,
        _ frame: Frame, at location: SourceLocation
    ) throws -> Value {
        try running(plan) { try $0.call(lendingSelf: lender, interpreter, frame, at: location) }
    }

    /// Calls the kept plan without retaining it (a retain and a release on every call
    /// otherwise): while the call runs, `plan(for:on:_:_:_:)` keeps it, however the calls
    /// made meanwhile resolve this site.
    func call(
        kept plan: Unmanaged<ScriptCallPlan>, selfValue: consuming Value, _ interpreter: Interpreter,
        _ frame: Frame, at location: SourceLocation
    ) throws -> Value {
        // Taken out of an optional inside the closure: a closure cannot consume what it captures.
        var receiver: Value? = consume selfValue
        return try running(plan) {
            try $0.call(selfValue: receiver.take().unsafelyUnwrapped, interpreter, frame, at: location)
        }
    }

    /// Runs `body` with the kept plan, borrowed, counted as a call of it while it runs.
    @inline(__always)
    private func running(
        _ plan: Unmanaged<ScriptCallPlan>, _ body: (ScriptCallPlan) throws -> Value
    ) rethrows -> Value {
        callsOfKeptPlan += 1
        defer { callsOfKeptPlan -= 1 }
        return try plan._withUnsafeGuaranteedRef(body)
    }

    /// The arguments compiled against the parameters of the resolution's script function,
    /// and the function's state, unless they already are.
    @inline(__always)
    private func compileScriptArguments(
        for resolution: CallSiteCache.Resolution, _ arguments: [Argument], _ compiler: BodyCompiler,
        _ interpreter: Interpreter
    ) {
        guard self.resolution !== resolution else { return }
        let decl = resolution.script.unsafelyUnwrapped
        _ = compile(for: resolution, arguments, compiler) { decl.parameters[$0].type }
        scriptState = interpreter.tables.state(of: decl)
    }

    /// What `Interpreter.invoke` does for a non-mutating native function, with the
    /// arguments compiled against its parameters.
    func callNative(
        _ body: (NativeArguments) throws -> Value, receiver: Value,
        _ resolution: CallSiteCache.Resolution, _ arguments: [Argument], _ compiler: BodyCompiler,
        _ interpreter: Interpreter, _ frame: Frame, at location: SourceLocation
    ) throws -> Value {
        let values = try nativeValues(resolution, arguments, compiler, interpreter, frame, at: location)
        var call = NativeArguments(
            interpreter: interpreter, receiver: receiver, receiverCell: nil,
            values: values, inoutCells: [:], location: location)
        let result = try body(call)
        keep(&call.values)
        // As `Interpreter.invoke` does: an error script code left inside the native stops here.
        if interpreter.pendingError != nil { try interpreter.throwPendingError(at: location) }
        return result
    }

    /// `callNative` for a native method's one-argument body: the argument, evaluated and
    /// coerced as `nativeValues` would, is handed over as it is.
    func callNative(
        _ unary: NativeFunction.UnaryNativeBody, receiver: Value,
        _ resolution: CallSiteCache.Resolution, _ arguments: [Argument], _ compiler: BodyCompiler,
        _ interpreter: Interpreter, _ frame: Frame, at location: SourceLocation
    ) throws -> Value {
        let bound = compile(for: resolution, arguments, compiler) { resolution.callable.parameterType($0) }
        var argument = try bound[0].evaluate(interpreter, frame)
        if let type = bound[0].type { argument = try interpreter.coerce(argument, to: type, at: location) }
        let result = try unary(interpreter, receiver, argument, location)
        if interpreter.pendingError != nil { try interpreter.throwPendingError(at: location) }
        return result
    }

    /// Keeps a finished call's argument array, emptied, for the next call at this site: an
    /// allocation per native call (`subscriber.receive(next)` on every value) otherwise.
    /// A body that held on to the array still has its values: emptying copies it first.
    private func keep(_ values: inout [Value?]) {
        values.removeAll(keepingCapacity: true)
        if spareValues.capacity < values.capacity { swap(&spareValues, &values) }
    }

    /// The values of a native call's parameters (nil where the default applies): the
    /// arguments evaluated in source order, then coerced to their parameters' types.
    private func nativeValues(
        _ resolution: CallSiteCache.Resolution, _ arguments: [Argument], _ compiler: BodyCompiler,
        _ interpreter: Interpreter, _ frame: Frame, at location: SourceLocation
    ) throws -> [Value?] {
        let bound = compile(for: resolution, arguments, compiler) { resolution.callable.parameterType($0) }
        // The spare is taken, not shared: a call made while evaluating the arguments (or by
        // the body) finds none and makes its own.
        var values = [Value?]()
        swap(&values, &spareValues)
        if bound.count == resolution.assignment.count && isInParameterOrder {
            // Every parameter has its argument, in order (`.max(1)`): no array of nils to fill in.
            values.reserveCapacity(bound.count)
            for argument in bound { values.append(try argument.evaluate(interpreter, frame)) }
        } else {
            values.append(contentsOf: repeatElement(nil, count: resolution.assignment.count))
            for argument in bound {
                values[argument.parameter] = try argument.evaluate(interpreter, frame)
            }
        }
        for argument in bound {
            if let type = argument.type, let value = values[argument.parameter] {
                values[argument.parameter] = try interpreter.coerce(value, to: type, at: location)
            }
        }
        return values
    }

    /// The arguments in source order, each compiled against the type of the parameter it
    /// goes to (`typeOf` a parameter index).
    private func compile(
        for resolution: CallSiteCache.Resolution, _ arguments: [Argument], _ compiler: BodyCompiler,
        typeOf: (Int) -> TypeRef?
    ) -> [CompiledArgument] {
        if self.resolution !== resolution {
            compiled = arguments.indices.map { index in
                let parameter = resolution.parameterOfArgument[index]
                let type = typeOf(parameter)
                return CompiledArgument(
                    parameter: parameter, type: type,
                    evaluate: compiler.argument(arguments[index], expected: type))
            }
            self.resolution = resolution
            receiver = nil
            constantResult = nil
            isInParameterOrder = compiled.indices.allSatisfy { compiled[$0].parameter == $0 }
        }
        return compiled
    }

    /// The result a pure call of literals gave, if it ran while the interpreter's
    /// declarations were as they are now.
    func constant(at generation: Int, in interpreter: Interpreter) -> Value? {
        guard let constantResult, constantResult.generation == generation,
            constantResult.interpreter == ObjectIdentifier(interpreter)
        else { return nil }
        return constantResult.value
    }

    func remember(constant: Value, at generation: Int, in interpreter: Interpreter) {
        constantResult = (constant, generation, ObjectIdentifier(interpreter))
    }

    func metatype(of owner: TypeInfo, genericArguments: [TypeRef]) -> Value {
        if let receiver, case .metatype(let metatype) = receiver, metatype.type === owner { return receiver }
        let made = Value.metatype(Metatype(type: owner, genericArguments: genericArguments))
        receiver = made
        return made
    }
}

/// Where a call's receiver gets a protocol as its static type (`BodyCompiler.staticProtocol`).
enum StaticProtocol {
    /// `self` in a method of a protocol's extension: the generic `Self`.
    case selfInProtocolExtension
    /// A local declared with a type (`let g: Greeter`, `let p: any Publisher`).
    case declared(TypeRef, ProtocolTypeCache)
    /// A global, whose declared type is known when the call runs.
    case global(String, GlobalSiteCache, ProtocolTypeCache)
    /// A property of `self` declared with a type (`let greeter: Greeter`), written
    /// `self.greeter`.
    case propertyOfSelf(String, SelfAccess)
    /// A name that is a property of `self` inside a type, and a global outside one.
    case propertyOrGlobal(String, GlobalSiteCache, ProtocolTypeCache)

    func resolve(_ interpreter: Interpreter, _ frame: Frame) -> TypeInfo? {
        switch self {
        case .selfInProtocolExtension:
            return interpreter.protocolExtended(by: frame.function)
        case .declared(let type, let cache):
            return cache.protocolType(type, in: interpreter)
        case .global(let name, let site, let cache):
            // Inside a type, a name may be a member of `self` first: only the top level is sure.
            guard frame.selfCell == nil, let type = site.global(name, in: interpreter)?.type else { return nil }
            return cache.protocolType(type, in: interpreter)
        case .propertyOfSelf(let name, let access):
            guard let selfValue = frame.selfCell(access)?.load() else { return nil }
            return interpreter.protocolTypeOfProperty(name, of: selfValue)
        case .propertyOrGlobal(let name, let site, let cache):
            // Inside a type, a name is a member of `self` first, as `lookupName` has it.
            if let selfValue = frame.selfCell?.load(), interpreter.hasMember(of: selfValue, name) {
                return interpreter.protocolTypeOfProperty(name, of: selfValue)
            }
            guard let type = site.global(name, in: interpreter)?.type else { return nil }
            return cache.protocolType(type, in: interpreter)
        }
    }
}

/// What a method call's fast path reads its receiver from. Reading it must have no effect, as
/// the general path reads it again when the fast path does not apply.
enum MethodReceiver {
    /// A local, a capture or `self`.
    case variable(CompiledExpression)
    /// A local, where the call's arguments cannot change it (`BodyCompiler.cannotCaptureLocals`):
    /// the object it holds can be lent to the callee's `self` (`Frame.lend`), read by the
    /// expression when it is not.
    case lendableLocal(Int, CompiledExpression)
    /// A stored property of `self`, read only when it is a plain one (`Interpreter.plainField`).
    case fieldOfSelf(String, SelfAccess, MemberSiteCache)
}

/// The protocol a call site's declared type names, if it names one, remembered while no
/// declaration changes (`Interpreter.memberGeneration`; redeclaring a global is one). The
/// interpreter is checked too, as `GlobalSiteCache` does.
final class ProtocolTypeCache {
    @exclusivity(unchecked) private var generation = -1
    @exclusivity(unchecked) private var found: TypeInfo?

    func protocolType(_ declared: TypeRef, in interpreter: Interpreter) -> TypeInfo? {
        if generation == interpreter.memberGeneration { return found }
        found = interpreter.protocolType(named: declared)
        generation = interpreter.memberGeneration
        return found
    }
}
