extension Interpreter {
    /// The variable `expr` names when it holds an array or a dictionary that a subscript
    /// assignment can change in place, with the type a global was declared with (written
    /// `[T]` or `[K: V]`; other spellings take the general path, which coerces the whole value).
    func collectionVariable(_ expr: Expr, in frame: Frame) -> (cell: Cell, declaredType: TypeRef?)? {
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
        try edit(cell, storing: value, declaredType: declaredType, indexCount: labels.count, at: location) {
            base, stored in
            try subscriptSet(&base, indices, labels: labels, to: stored, at: location)
        }
    }

    /// `storeBySubscript` with one unlabelled index (`counts[i] += 1`).
    func storeBySubscript(
        _ value: Value, into cell: Cell, declaredType: TypeRef?, index: Value, at location: SourceLocation
    ) throws {
        try edit(cell, storing: value, declaredType: declaredType, indexCount: 1, at: location) { base, stored in
            try subscriptSet(&base, index: index, to: stored, at: location)
        }
    }

    /// Coerces `value` to the element type, then runs `write` on the collection taken out of
    /// `cell`, so that it is the only reference and the write does not copy it.
    private func edit(
        _ cell: Cell, storing value: Value, declaredType: TypeRef?, indexCount: Int, at location: SourceLocation,
        _ write: (inout Value, Value) throws -> Void
    ) throws {
        var stored = value
        if let type = declaredType {
            stored = try coerce(
                value, to: Self.elementType(of: type, storing: value, indexCount: indexCount), at: location)
        }
        var base = cell.value
        cell.value = .void
        defer { cell.value = base }
        try write(&base, stored)
    }

    /// The type a value stored through a subscript of a `[T]` or `[K: V]` collection is
    /// coerced to: the element type, or for a dictionary without `default:`, an optional of it
    /// when the value is one (`scores["a"] = nil`).
    private static func elementType(of type: TypeRef, storing value: Value, indexCount: Int) -> TypeRef {
        if case .dictionary(_, let element) = type {
            if indexCount == 1, case .optional = value { return .optional(element) }
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
        case .array:
            return arrayFromReversed(value)
        default:
            return value
        }
    }

    /// `history = scores.reversed()` into an Array variable: Swift's `reversed()` there is the
    /// one that returns an Array (see `reversedCollection`). Out of line: `conform` is inlined
    /// into every store, and this case made each of them copy the value.
    @inline(never)
    private func arrayFromReversed(_ value: consuming Value) -> Value {
        guard let reversed = Self.reversedCollection(value), let elements = try? elements(of: reversed, at: .unknown)
        else { return value }
        return .array(elements)
    }

    /// An accumulating closure's result (`reduce`, `scan`) takes the type of the value it
    /// accumulates into, as Swift's type checker gives it: a tuple written without labels,
    /// `(min(acc.min, t), max(acc.max, t))`, gets the labels of `(min: …, max: …)`, and a
    /// result accumulated into an Optional (`scan(nil as Int?) { $1 }`) is one.
    public func accumulated(_ result: Value, like initial: Value) -> Value {
        if case .optional = initial { return result.wrappedUnlessOptional }
        guard case .tuple(let template) = initial, case .tuple(var tuple) = result,
            template.elements.count == tuple.elements.count, template.labels != tuple.labels,
            tuple.labels.allSatisfy({ $0 == nil })
        else { return result }
        tuple.labels = template.labels
        return .tuple(tuple)
    }

    /// The type written for a property, the expected type of a value stored into it.
    func memberType(of base: Value, _ name: String, site: MemberSiteCache) -> TypeRef? {
        let type = typeInfo(of: base)
        if site.readableField(of: type, generation: memberGeneration) != nil { return site.declaredType }
        if let index = type.fieldIndex[name] { return type.storedProperties[index].type }
        if case .computed(let property)? = instanceEntries(of: type, name).first { return property.type }
        return nil
    }

    /// Whether `function` is the `willSet` or `didSet` of property `name` of `value`'s type.
    func isObserver(_ function: FunctionDecl, of name: String, on value: Value) -> Bool {
        guard function.name.hasPrefix("didSet ") || function.name.hasPrefix("willSet ") else { return false }
        let type = typeInfo(of: value)
        guard let index = type.fieldIndex[name], let declaration = type.storedProperties[index].declaration else {
            return false
        }
        return declaration.didSet === function || declaration.willSet === function
    }

    /// Whether the type whose initializer `initializer` is declares the property `name`: Swift
    /// runs no observers for such a property set in the initializer, but runs a superclass's
    /// observers when a subclass's initializer sets the superclass's property after `super.init`.
    func initializer(_ initializer: FunctionDecl, declaresPropertyNamed name: String) -> Bool {
        guard let declaration = methodOwners[ObjectIdentifier(initializer)]?.declaration else { return true }
        return declaration.properties.contains { $0.name == name }
    }

    /// Sets a property on a value (for structs, on the caller's copy). Observers do not run
    /// in an initializer, nor for a property's own observer writing it (`inOwnObserver`), as
    /// in Swift.
    func setMember(
        of base: inout Value, _ name: String, to newValue: Value, inInitializer: Bool = false,
        inOwnObserver: Bool = false, site: MemberSiteCache? = nil, at location: SourceLocation
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
            // A field's first value is set by construction, where the actor is not yet shared.
            if type.declaration?.isActor == true, !isUninitialized(old) {
                try checkActorField(of: base, index, writing: true, at: location)
            }
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
                    let observed =
                        !inInitializer && !inOwnObserver && (declaration?.willSet != nil || declaration?.didSet != nil)
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
                !inInitializer && !inOwnObserver && !isUninitialized(old)
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
