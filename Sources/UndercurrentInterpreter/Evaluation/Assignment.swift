extension Interpreter {
    /// Stores `value` where `target` names: a variable, a property, a subscript. Value types
    /// are changed in a copy that is then stored back, as Swift's `inout` access does.
    func assign(_ value: Value, to target: Expr, in frame: Frame) throws {
        switch target {
        case .name(let reference, let name, let location):
            if let cell = frame.cell(reference) {
                store(value, intoVariable: cell)
                return
            }
            if let cell = frame.selfCell, frame.function.selfSlot != nil, hasMember(of: cell.load(), name),
                globals[name] == nil
            {
                try assign(value, to: .member(.selfReference(location), name, MemberSiteCache(), location), in: frame)
                return
            }
            guard let global = globals[name] else {
                throw ScriptError.runtime("cannot find '\(name)' in scope", at: location)
            }
            try assign(value, toGlobal: global, named: name, at: location)

        case .selfReference(let location):
            guard let cell = frame.selfCell else {
                throw ScriptError.runtime("`self` is only available inside a type", at: location)
            }
            cell.store(value)

        case .member(let baseExpr, let name, let site, let location):
            if case .superReference = baseExpr {
                try assign(value, to: .member(.selfReference(location), name, site, location), in: frame)
                return
            }
            var base = try evaluate(baseExpr, in: frame)
            if case .object(let object) = base,
                let index = site.writableField(of: object.type, generation: memberGeneration)
            {
                // A plain field of an object: the same store as `setMember`'s, without the lookup.
                if case .weakReference = object.fields[index] {
                } else {
                    var stored = value
                    if let declared = site.declaredType {
                        stored = try coerce(value, to: declared, at: location)
                    } else {
                        stored = conform(value, to: object.fields[index])
                    }
                    // The old value goes after the write: its deinit may run script code that reads the field.
                    swap(&object.fields[index], &stored)
                    return
                }
            }
            let inInitializer = isSelf(baseExpr, in: frame) && frame.function.name == "init"
            if isReferenceValue(base) {
                try setMember(of: &base, name, to: value, inInitializer: inInitializer, site: site, at: location)
                return
            }
            try setMember(of: &base, name, to: value, inInitializer: inInitializer, site: site, at: location)
            try assign(base, to: baseExpr, in: frame)

        case .subscriptCall(let baseExpr, let arguments, let location):
            if let variable = collectionVariable(baseExpr, in: frame) {
                // Swift evaluates the indices, then changes the variable in place: the indices
                // see (and may change) the variable, and the storage is not copied on each write.
                let indices = try arguments.map { try evaluate($0.value, in: frame) }
                try storeBySubscript(
                    value, into: variable.cell, declaredType: variable.declaredType, indices: indices,
                    labels: arguments.map(\.label), at: location)
                return
            }
            var base = try evaluate(baseExpr, in: frame)
            let indices = try arguments.map { try evaluate($0.value, in: frame) }
            try subscriptSet(&base, indices, labels: arguments.map(\.label), to: value, at: location)
            if !isReferenceValue(base) { try assign(base, to: baseExpr, in: frame) }

        case .optionalUnwrap(let inner, _):
            try assign(.optional(value), to: inner, in: frame)

        case .forceUnwrap(let inner, _, _):
            try assign(.optional(value), to: inner, in: frame)

        case .optionalChain(let inner, _):
            try assign(value, to: inner, in: frame)

        case .discard:
            return

        case .inoutMarker(let inner, _):
            try assign(value, to: inner, in: frame)

        default:
            throw ScriptError.runtime("cannot assign to this expression", at: target.location)
        }
    }

    /// The variable `expr` names when it holds an array or a dictionary that a subscript
    /// assignment can change in place, with the type a global was declared with (written
    /// `[T]` or `[K: V]`; other spellings take the general path, which coerces the whole value).
    private func collectionVariable(_ expr: Expr, in frame: Frame) -> (cell: Cell, declaredType: TypeRef?)? {
        guard case .name(let reference, let name, _) = expr, let cell = storageCell(of: expr, in: frame),
            cell.value.isEditedInPlaceBySubscript
        else { return nil }
        guard case .dynamic = reference, let type = globals[name]?.type else { return (cell, nil) }
        return Self.editsInPlace(declaredType: type) ? (cell, type) : nil
    }

    /// Whether a global declared with this type is changed in place by a subscript
    /// assignment: `[T]` and `[K: V]` are, other spellings take the general path.
    static func editsInPlace(declaredType type: TypeRef?) -> Bool {
        switch type {
        case nil, .array?, .dictionary?: true
        default: false
        }
    }

    /// `variable[indices] = value` on an array or dictionary variable, changing its storage
    /// in place; the value takes the element type of the type the variable was declared with.
    func storeBySubscript(
        _ value: Value, into cell: Cell, declaredType: TypeRef?, indices: [Value],
        labels: [String?], at location: SourceLocation
    ) throws {
        var stored = value
        if let type = declaredType {
            stored = try coerce(value, to: Self.elementType(of: type, storing: value, labels: labels), at: location)
        }
        var base = cell.value
        cell.value = .void
        defer { cell.value = base }
        try subscriptSet(&base, indices, labels: labels, to: stored, at: location)
    }

    /// The type a value stored through a subscript of a `[T]` or `[K: V]` collection is
    /// coerced to: the element type, or for a dictionary without `default:`, an optional of it
    /// when the value is one (`scores["a"] = nil`).
    private static func elementType(of type: TypeRef, storing value: Value, labels: [String?]) -> TypeRef {
        if case .dictionary(_, let element) = type {
            if labels.count == 1, case .optional = value { return .optional(element) }
            return element
        }
        if case .array(let element) = type { return element }
        return type
    }

    /// Stores into a global variable: a `let` refuses once set, and the value takes the
    /// type the global was declared with.
    func assign(
        _ value: Value, toGlobal global: GlobalVariable, named name: String,
        at location: SourceLocation
    ) throws {
        if global.isConstant, !isUninitialized(global.cell.value) {
            throw ScriptError.runtime("cannot assign to value: '\(name)' is a 'let' constant", at: location)
        }
        var stored = value
        if let type = global.type { stored = try coerce(value, to: type, at: location) }
        global.cell.store(conform(stored, to: global.cell.value))
    }

    private func isSelf(_ expr: Expr, in frame: Frame) -> Bool {
        switch expr {
        case .selfReference: return true
        case .name(let reference, "self", _): return frame.cell(reference) === frame.selfCell
        default: return false
        }
    }

    func isUninitialized(_ value: Value) -> Bool {
        if case .void = value { return true }
        return false
    }

    /// A variable keeps its type: storing `5` into a `Double` variable stores `5.0`, and
    /// storing into an optional variable wraps the value.
    /// Stores into a local or captured variable's cell, the value taking the variable's
    /// numeric type (`conform`). `value` is consumed, here and in `conform`: the new value of
    /// `demand -= 1` is moved into the variable rather than copied and released.
    @inline(__always)
    func store(_ value: consuming Value, intoVariable cell: Cell) {
        cell.store(conform(value, to: cell.value))
    }

    // Switched on `current` alone, without binding its payload: a tuple of both values, or
    // a bound payload, is a copy of each, a retain and a release on every `demand -= 1`.
    func conform(_ value: consuming Value, to current: borrowing Value) -> Value {
        switch current {
        case .double:
            if case .int(let number) = value { return .double(Double(number)) }
            return value
        case .optional(.some(.double)):
            if case .int(let number) = value { return .optional(.double(Double(number))) }
            if case .optional = value { return value }
            return .optional(value)
        case .optional:
            if case .optional = value { return value }
            return .optional(value)
        default:
            return value
        }
    }

    /// The type written for the variable or property an assignment stores into, if known.
    func declaredType(of target: Expr, in frame: Frame) throws -> TypeRef? {
        switch target {
        case .name(let reference, let name, _):
            if let cell = frame.cell(reference) {
                if case .optional = cell.value { return nil }
                return isUninitialized(cell.value) ? nil : typeRef(of: cell.load())
            }
            if let type = globals[name]?.type { return type }
            if let cell = frame.selfCell, let index = typeInfo(of: cell.load()).fieldIndex[name] {
                return typeInfo(of: cell.load()).storedProperties[index].type
            }
            return nil
        case .member(let baseExpr, let name, let site, _):
            // Only a base that names storage is evaluated here, ahead of the assignment's own
            // evaluation of it (a computed base is handled by the caller, once).
            guard namesStorage(baseExpr), let base = try? evaluate(baseExpr, in: frame) else { return nil }
            return memberType(of: base, name, site: site)
        default:
            return nil
        }
    }

    /// The type written for a property, the expected type of a value stored into it.
    func memberType(of base: Value, _ name: String, site: MemberSiteCache) -> TypeRef? {
        let type = typeInfo(of: base)
        if site.readableField(of: type, generation: memberGeneration) != nil { return site.declaredType }
        if let index = type.fieldIndex[name] { return type.storedProperties[index].type }
        if case .computed(let property)? = instanceEntries(of: type, name).first { return property.type }
        return nil
    }

    /// True when evaluating `expr` only reads variables (`self.items[0].name`), so that doing
    /// it twice is harmless; a call or anything else is evaluated once.
    func namesStorage(_ expr: Expr) -> Bool {
        switch expr {
        case .name, .selfReference, .superReference: return true
        case .member(let base, _, _, _), .optionalUnwrap(let base, _), .forceUnwrap(let base, _, _),
            .optionalChain(let base, _), .subscriptCall(let base, _, _):
            return namesStorage(base)
        default: return false
        }
    }

    /// Sets a property on a value (for structs, on the caller's copy).
    func setMember(
        of base: inout Value, _ name: String, to newValue: Value, inInitializer: Bool = false,
        site: MemberSiteCache? = nil, at location: SourceLocation
    ) throws {
        if case .tuple(var tuple) = base {
            if let index = Int(name) ?? tuple.labels.firstIndex(of: name), index < tuple.elements.count {
                tuple.elements[index] = newValue
                base = .tuple(tuple)
                return
            }
        }
        if case .metatype(let metatype) = base {
            if case .staticStored(let cell, let type)? = staticEntries(of: metatype.type, name).first {
                cell.store(try type.map { try coerce(newValue, to: $0, at: location) } ?? newValue)
                return
            }
            if case .computed(let property)? = staticEntries(of: metatype.type, name).first,
                let setter = property.setter
            {
                _ = try callScript(setter, captures: [], selfCell: Cell(base), arguments: [newValue], at: location)
                return
            }
            throw ScriptError.runtime("cannot assign to '\(name)' of type '\(metatype.type.name)'", at: location)
        }
        let type = typeInfo(of: base)
        // `$property = …` on a wrapped property (the write-back of `assign(to: &$property)`):
        // like OpenCombine's `Published.projectedValue` setter, the wrapper keeps its publisher.
        if name.hasPrefix("$"), instanceEntries(of: type, name).isEmpty,
            let index = type.fieldIndex[String(name.dropFirst())],
            let wrapperName = type.storedProperties[index].declaration?.wrapper, propertyWrappers[wrapperName] != nil
        {
            return
        }
        guard let entry = instanceEntries(of: type, name).first else {
            throw ScriptError.runtime(
                "value of type \(Formatter.typeName(of: base)) has no member '\(name)'",
                at: location)
        }
        switch entry {
        case .stored(let index):
            site?.remember(field: index, of: type, generation: memberGeneration)
            let property = type.storedProperties[index]
            let old = try rawField(of: base, index)
            var value = newValue
            if let declared = property.type {
                value = try coerce(value, to: declared, at: location)
            } else if !isUninitialized(old) {
                // `var total = 0.0` has no written type: the value takes the stored one's (`total = 5`).
                value = conform(value, to: old.loaded)
            }
            if let wrapperName = property.declaration?.wrapper, let provider = propertyWrappers[wrapperName] {
                if isUninitialized(old) {
                    let owner: ScriptObject? = {
                        if case .object(let object) = base { return object } else { return nil }
                    }()
                    try writeField(
                        of: &base, index,
                        try provider.makeStorage(
                            initialValue: value, owner: owner,
                            interpreter: self))
                } else {
                    let owner: ScriptObject? = {
                        if case .object(let object) = base { return object } else { return nil }
                    }()
                    // willSet/didSet of a wrapped property run around the wrapper's setter.
                    let declaration = property.declaration
                    let observed = !inInitializer && (declaration?.willSet != nil || declaration?.didSet != nil)
                    let oldValue = observed ? try provider.read(old, interpreter: self) : .void
                    if observed, let willSet = declaration?.willSet {
                        _ = try callScript(
                            willSet, captures: [], selfCell: Cell(base), arguments: [value], at: location)
                    }
                    try provider.write(old, newValue: value, owner: owner, interpreter: self)
                    if observed, let didSet = declaration?.didSet {
                        _ = try callScript(
                            didSet, captures: [], selfCell: Cell(base), arguments: [oldValue], at: location)
                    }
                }
                return
            }
            if let declaration = property.declaration, declaration.isConstant, !inInitializer, !isUninitialized(old) {
                throw ScriptError.runtime("cannot assign to property: '\(name)' is a 'let' constant", at: location)
            }
            let observed =
                !inInitializer && !isUninitialized(old)
                && (property.declaration?.willSet != nil || property.declaration?.didSet != nil)
            if observed, let willSet = property.declaration?.willSet {
                let selfCell = Cell(base)
                _ = try callScript(willSet, captures: [], selfCell: selfCell, arguments: [value], at: location)
                base = selfCell.value
            }
            if case .weakReference(let reference) = old {
                value = .weakReference(WeakReference(value.objectForWeakStorage, isUnowned: reference.isUnowned))
            } else if let declaration = property.declaration, declaration.isWeak {
                value = .weakReference(WeakReference(value.objectForWeakStorage, isUnowned: declaration.isUnowned))
            }
            try writeField(of: &base, index, value)
            if observed, let didSet = property.declaration?.didSet {
                let selfCell = Cell(base)
                _ = try callScript(didSet, captures: [], selfCell: selfCell, arguments: [old.loaded], at: location)
                base = selfCell.value
            }
        case .computed(let property):
            guard let setter = property.setter else {
                throw ScriptError.runtime("cannot assign to property: '\(name)' is a get-only property", at: location)
            }
            var value = newValue
            if let declared = property.type { value = try coerce(value, to: declared, at: location) }
            let selfCell = Cell(base)
            _ = try callScript(setter, captures: [], selfCell: selfCell, arguments: [value], at: location)
            base = selfCell.value
        case .nativeProperty(let property):
            guard let setter = property.set else {
                throw ScriptError.runtime("cannot assign to property: '\(name)' is a get-only property", at: location)
            }
            try locating(location) { try setter(self, &base, newValue) }
        case .staticStored(let cell, _):
            cell.store(newValue)
        case .method:
            throw ScriptError.runtime("cannot assign to '\(name)': it is a method", at: location)
        }
    }

    func writeField(of base: inout Value, _ index: Int, _ value: Value) throws {
        switch base {
        case .structValue(var structValue):
            base = .void  // keep the fields array uniquely referenced while it changes
            structValue.fields[index] = value
            base = .structValue(structValue)
        case .object(let object):
            // The old value goes after the write: its deinit may run script code that reads the field.
            var replaced = value
            swap(&object.fields[index], &replaced)
        default:
            break
        }
    }
}
