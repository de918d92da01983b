/// A store compiled: puts a value where an assignment's target names.
typealias CompiledStore = (Value, Interpreter, Frame) throws -> Void

extension BodyCompiler {
    /// Stores a value where `target` names: a variable, a property, a subscript. Value types
    /// are changed in a copy that is then stored back, as Swift's `inout` access does. A
    /// target that cannot be assigned to is refused when the store runs.
    func store(to target: Expr) -> CompiledStore {
        switch target {
        case .name(let reference, let name, let location):
            let selfMember = memberStore(.selfReference(location), name, MemberSiteCache(), at: location)
            return { value, interpreter, frame in
                if let cell = frame.cell(reference) {
                    interpreter.store(value, intoVariable: cell)
                    return
                }
                if let cell = frame.selfCell, frame.function.selfSlot != nil,
                    interpreter.hasMember(of: cell.load(), name), interpreter.globals[name] == nil
                {
                    return try selfMember(value, interpreter, frame)
                }
                guard let global = interpreter.globals[name] else {
                    throw ScriptError.runtime("cannot find '\(name)' in scope", at: location)
                }
                try interpreter.assign(value, toGlobal: global, named: name, at: location)
            }

        case .selfReference(let location):
            return { value, _, frame in
                guard let cell = frame.selfCell else {
                    throw ScriptError.runtime("`self` is only available inside a type", at: location)
                }
                cell.store(value)
            }

        case .member(.superReference, let name, let site, let location):
            let throughSelf = memberStore(.selfReference(location), name, tables.memberSite(site), at: location)
            return { value, interpreter, frame in
                if try interpreter.storeSuperField(name, value, in: frame, at: location) { return }
                try throughSelf(value, interpreter, frame)
            }

        case .member(let baseExpr, let name, let site, let location):
            return memberStore(baseExpr, name, tables.memberSite(site), at: location)

        case .subscriptCall(let baseExpr, let arguments, let location):
            let base = expression(baseExpr)
            let storeBase = store(to: baseExpr)
            let indices = ExpressionList(arguments.map(\.value)) { expression($0) }
            let labels = arguments.map(\.label)
            var localType: TypeRef?
            if case .name(let reference, _, _) = baseExpr { localType = declaredCollectionType(of: reference) }
            return { value, interpreter, frame in
                if let variable = interpreter.collectionVariable(baseExpr, in: frame) {
                    // Swift evaluates the indices, then changes the variable in place: the indices
                    // see (and may change) the variable, and the storage is not copied on each write.
                    try interpreter.storeBySubscript(
                        value, into: variable.cell, declaredType: variable.declaredType ?? localType,
                        indices: indices.evaluate(interpreter, frame), labels: labels, at: location)
                    return
                }
                var baseValue = try base(interpreter, frame)
                let indexValues = try indices.evaluate(interpreter, frame)
                let changed = try interpreter.subscriptSet(
                    &baseValue, indexValues, labels: labels, to: value, at: location)
                if changed, !interpreter.isReferenceValue(baseValue) { try storeBase(baseValue, interpreter, frame) }
            }

        case .optionalUnwrap(let inner, _), .forceUnwrap(let inner, _, _):
            let storeInner = store(to: inner)
            return { value, interpreter, frame in try storeInner(.optional(value), interpreter, frame) }

        case .optionalChain(let inner, _), .inoutMarker(let inner, _):
            return store(to: inner)

        case .discard:
            return { _, _, _ in }

        case .withTemporaries(_, _, let inner, _):
            // The parts were evaluated when the target was read (an `&` argument's, before its call).
            return store(to: inner)

        case .temporary(_, _, let location):
            // What a call returned: an object's property can be set through it (the object is
            // not stored back), a value's cannot.
            return { _, _, _ in throw ScriptError.runtime("cannot assign to this expression", at: location) }

        default:
            let location = target.location
            return { _, _, _ in throw ScriptError.runtime("cannot assign to this expression", at: location) }
        }
    }

    /// The type a local collection variable was declared with (`var ratios: [Double]`):
    /// what a value stored through its subscript takes the element type of.
    func declaredCollectionType(of reference: NameReference) -> TypeRef? {
        guard case .local(let slot) = reference, let type = declaredTypes[slot] else { return nil }
        switch type {
        case .array, .dictionary: return type
        default: return nil
        }
    }

    private func memberStore(
        _ baseExpr: Expr, _ name: String, _ site: MemberSiteCache,
        at location: SourceLocation
    ) -> CompiledStore {
        let base = expression(baseExpr)
        let storeBase = store(to: baseExpr)
        return { value, interpreter, frame in
            var baseValue = try base(interpreter, frame)
            if case .object(let object) = baseValue,
                let index = site.writableField(of: object.type, generation: interpreter.memberGeneration)
            {
                // A plain field of an object: the same store as `setMember`'s, without the lookup.
                if case .weakReference = object.fields[index] {
                } else {
                    var stored = value
                    if let declared = site.declaredType {
                        stored = try interpreter.coerce(value, to: declared, at: location)
                    } else {
                        stored = interpreter.conform(value, to: object.fields[index])
                    }
                    // The old value goes after the write: its deinit may run script code that reads the field.
                    swap(&object.fields[index], &stored)
                    return
                }
            }
            let throughSelf = Self.isSelf(baseExpr, in: frame)
            let inInitializer =
                throughSelf && frame.function.name == "init"
                && interpreter.initializer(frame.function, declaresPropertyNamed: name)
            // A property's own `willSet`/`didSet` writing it through `self` stores it directly.
            let inOwnObserver = throughSelf && interpreter.isObserver(frame.function, of: name, on: baseValue)
            try interpreter.setMember(
                of: &baseValue, name, to: value, inInitializer: inInitializer, inOwnObserver: inOwnObserver,
                site: site, at: location)
            if !interpreter.isReferenceValue(baseValue) { try storeBase(baseValue, interpreter, frame) }
        }
    }

    /// `self`, written out (`self.filter { … }`).
    static func isSelf(_ expr: Expr) -> Bool {
        switch expr {
        case .selfReference, .name(_, "self", _): return true
        default: return false
        }
    }

    private static func isSelf(_ expr: Expr, in frame: Frame) -> Bool {
        switch expr {
        case .selfReference: return true
        case .name(let reference, "self", _): return frame.cell(reference) === frame.selfCell
        default: return false
        }
    }

    /// The type written for the variable or property an assignment stores into, if known:
    /// the expected type of the value assigned.
    func declaredType(of target: Expr) -> (Interpreter, Frame) -> TypeRef? {
        switch target {
        case .name(let reference, let name, _):
            return { interpreter, frame in
                if let cell = frame.cell(reference) {
                    if case .optional = cell.value { return nil }
                    return interpreter.isUninitialized(cell.value) ? nil : interpreter.typeRef(of: cell.load())
                }
                // Written with no type (`var ratio = 0.0`), a variable keeps the type of what it
                // holds: `ratio = 1 / 8` is then a Double's eighth.
                if let global = interpreter.globals[name] {
                    return global.type ?? Self.typeHeld(global.cell.load(), interpreter)
                }
                if let cell = frame.selfCell, let index = interpreter.typeInfo(of: cell.load()).fieldIndex[name] {
                    let selfValue = cell.load()
                    return interpreter.typeInfo(of: selfValue).storedProperties[index].type
                        ?? Self.typeHeld(field: index, of: selfValue, interpreter)
                }
                return nil
            }
        case .member(let baseExpr, let name, let siteIndex, _) where Self.namesStorage(baseExpr):
            // Only a base that names storage is evaluated here, ahead of the assignment's own
            // evaluation of it (a computed base is handled by the caller, once).
            let base = expression(baseExpr)
            let site = tables.memberSite(siteIndex)
            return { interpreter, frame in
                guard let baseValue = try? base(interpreter, frame) else { return nil }
                if let type = interpreter.memberType(of: baseValue, name, site: site) { return type }
                guard let index = interpreter.typeInfo(of: baseValue).fieldIndex[name] else { return nil }
                return Self.typeHeld(field: index, of: baseValue, interpreter)
            }
        default:
            return { _, _ in nil }
        }
    }

    /// The type of the value a variable holds, where it tells one: not an Optional (whose nil
    /// does not say what it wraps) nor an uninitialized variable.
    private static func typeHeld(_ value: Value, _ interpreter: Interpreter) -> TypeRef? {
        if case .optional = value { return nil }
        return interpreter.isUninitialized(value) ? nil : interpreter.typeRef(of: value)
    }

    /// `typeHeld` of stored property `index` of a class instance or a struct.
    private static func typeHeld(field index: Int, of value: Value, _ interpreter: Interpreter) -> TypeRef? {
        switch value {
        case .object(let object): typeHeld(object.fields[index].loaded, interpreter)
        case .structValue(let structValue): typeHeld(structValue.fields[index], interpreter)
        default: nil
        }
    }

    /// True when evaluating `expr` only reads variables (`self.items[0].name`), so that doing
    /// it twice is harmless; a call or anything else is evaluated once.
    static func namesStorage(_ expr: Expr) -> Bool {
        switch expr {
        case .name, .selfReference, .superReference, .temporary: return true
        case .member(let base, _, _, _), .optionalUnwrap(let base, _), .forceUnwrap(let base, _, _),
            .optionalChain(let base, _), .subscriptCall(let base, _, _):
            return namesStorage(base)
        default: return false
        }
    }

    /// `target = value` in general: the value is evaluated against the type the target was
    /// declared with, then stored.
    func generalAssignment(to target: Expr, _ valueExpr: Expr, at location: SourceLocation) -> CompiledExpression {
        if case .tuple(_, let targets, _) = target {
            let value = expression(valueExpr)
            let stores = targets.map { TupleElementStore(store: self.store(to: $0)) }
            return { interpreter, frame in
                let result = try value(interpreter, frame)
                guard case .tuple(let tuple) = result, tuple.elements.count == stores.count else {
                    throw ScriptError.runtime("tuple assignment needs a tuple of \(stores.count) values", at: location)
                }
                for index in stores.indices { try stores[index].store(tuple.elements[index], interpreter, frame) }
                return .void
            }
        }
        let value = ExpressionCode(valueExpr, compiler: self)
        if case .member(let baseExpr, let name, let siteIndex, let memberLocation) = target,
            !Self.namesStorage(baseExpr)
        {
            // `make().value = 5`: a base that is computed is evaluated once, before the value, as Swift does.
            let base = expression(baseExpr)
            let site = tables.memberSite(siteIndex)
            return { interpreter, frame in
                var baseValue = try base(interpreter, frame)
                guard interpreter.isReferenceValue(baseValue) else {
                    throw ScriptError.runtime(
                        "cannot assign to property: '\(name)' of a value that is not stored anywhere",
                        at: memberLocation)
                }
                let newValue = try value.evaluate(
                    interpreter, frame, expected: interpreter.memberType(of: baseValue, name, site: site))
                try interpreter.setMember(of: &baseValue, name, to: newValue, site: site, at: memberLocation)
                return .void
            }
        }
        let declaredType = self.declaredType(of: target)
        let store = self.store(to: target)
        return { interpreter, frame in
            let newValue = try value.evaluate(interpreter, frame, expected: declaredType(interpreter, frame))
            try store(newValue, interpreter, frame)
            return .void
        }
    }
}

private struct TupleElementStore {
    let store: CompiledStore
}

/// A store to `target` compiled the first time it is needed, for a write that few runs make
/// (a struct's `lazy` property set by its first read).
final class DeferredStore {
    private let compiler: BodyCompiler
    private let target: Expr
    private var compiled: CompiledStore?

    init(compiler: BodyCompiler, target: Expr) {
        self.compiler = compiler
        self.target = target
    }

    func store(_ value: Value, _ interpreter: Interpreter, _ frame: Frame) throws {
        if compiled == nil { compiled = compiler.store(to: target) }
        try compiled.unsafelyUnwrapped(value, interpreter, frame)
    }

    /// `store` for the first read of a struct's `lazy` property, whose getter is mutating: a
    /// constant's is refused as Swift refuses it.
    func storeLazyValue(_ value: Value, _ interpreter: Interpreter, _ frame: Frame) throws {
        do {
            try store(value, interpreter, frame)
        } catch var error as ScriptError where error.message.hasPrefix(Self.assignmentRefusal) {
            error.message =
                "cannot use mutating getter on immutable value: "
                + error.message.dropFirst(Self.assignmentRefusal.count)
            throw error
        }
    }

    private static let assignmentRefusal = "cannot assign to value: "
}
