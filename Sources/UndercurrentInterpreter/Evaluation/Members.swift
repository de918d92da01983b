extension Interpreter {
    // MARK: - Types of values

    public func typeInfo(of value: Value) -> TypeInfo {
        switch value {
        case .void: return builtins.void
        case .bool: return builtins.bool
        case .int: return builtins.int
        case .double: return builtins.double
        case .string: return builtins.string
        case .character: return builtins.character
        case .optional: return builtins.optional
        case .array: return builtins.array
        case .dictionary: return builtins.dictionary
        case .set: return builtins.set
        case .tuple: return builtins.tuple
        case .range: return builtins.range
        case .structValue(let structValue): return structValue.type
        case .enumValue(let enumValue): return enumValue.type
        case .object(let object): return object.type
        case .function: return builtins.function
        case .metatype: return builtins.metatype
        case .native(let native): return native.typeInfo
        case .scalar(let scalar): return scalar.type.typeInfo
        case .weakReference: return typeInfo(of: value.loaded)
        }
    }

    /// A `TypeRef` naming the value's type, for implicit member lookups.
    func typeRef(of value: Value) -> TypeRef {
        typeInfo(of: value).reference
    }

    func isReferenceValue(_ value: Value) -> Bool {
        switch value {
        case .object, .native, .function, .metatype: return true
        default: return false
        }
    }

    // MARK: - Finding members

    /// Every protocol a type conforms to, through protocol inheritance.
    public func allConformances(of type: TypeInfo) -> [TypeInfo] {
        // Method lookup asks this on every call of a protocol-extension member (`send`, `sink`).
        if let cached = conformanceCache[ObjectIdentifier(type)], cached.type === type { return cached.conformances }
        let result = computeAllConformances(of: type)
        conformanceCache[ObjectIdentifier(type)] = (type, result)
        return result
    }

    private func computeAllConformances(of type: TypeInfo) -> [TypeInfo] {
        var result: [TypeInfo] = []
        var seen: Set<String> = []
        var pending = type.conformances
        var current = type.superclass
        while let superclass = current {
            pending.append(contentsOf: superclass.conformances)
            current = superclass.superclass
        }
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let protocolType = types[name] else { continue }
            result.append(protocolType)
            pending.append(contentsOf: protocolType.conformances)
        }
        return result
    }

    /// Member entries of a name: the type, its superclasses, then protocol extensions.
    func instanceEntries(of type: TypeInfo, _ name: String) -> [MemberEntry] {
        var current: TypeInfo? = type
        while let candidate = current {
            if let entries = candidate.instanceMembers[name] {
                return withProtocolOverloads(entries, of: type) { $0.instanceMembers[name] }
            }
            current = candidate.superclass
        }
        for protocolType in allConformances(of: type) {
            if let entries = protocolType.instanceMembers[name] { return entries }
        }
        return []
    }

    func staticEntries(of type: TypeInfo, _ name: String) -> [MemberEntry] {
        var current: TypeInfo? = type
        while let candidate = current {
            if let entries = candidate.staticMembers[name] {
                return withProtocolOverloads(entries, of: type) { $0.staticMembers[name] }
            }
            current = candidate.superclass
        }
        for protocolType in allConformances(of: type) {
            if let entries = protocolType.staticMembers[name] { return entries }
        }
        return []
    }

    /// A type's own methods of a name, and beside them the methods of that name its
    /// protocols' extensions add with other argument labels: Swift sees both, so that a
    /// publisher declaring `receive(subscriber:)` still has `Publisher`'s `receive(on:)`.
    /// A protocol's method with the labels of one of the type's own is the one the type's
    /// replaces. A property of the name hides the protocols' members, as before.
    private func withProtocolOverloads(
        _ own: [MemberEntry], of type: TypeInfo, _ entries: (TypeInfo) -> [MemberEntry]?
    ) -> [MemberEntry] {
        // Asked on every lookup that finds the type's own methods: most names no protocol has,
        // and their labels are not worked out then.
        let inherited = allConformances(of: type).flatMap { entries($0) ?? [] }
        guard !inherited.isEmpty else { return own }
        var labelLists: Set<[String?]> = []
        for entry in own {
            guard case .method(let callable) = entry else { return own }
            labelLists.insert(callable.parameterShapes.map(\.label))
        }
        var all = own
        for case .method(let callable) in inherited
        where labelLists.insert(callable.parameterShapes.map(\.label)).inserted {
            all.append(.method(callable))
        }
        return all
    }

    func instanceCallables(of type: TypeInfo, _ name: String) -> [Callable] {
        instanceEntries(of: type, name).compactMap {
            if case .method(let callable) = $0 { return callable } else { return nil }
        }
    }

    func staticCallables(of type: TypeInfo, _ name: String) -> [Callable] {
        staticEntries(of: type, name).compactMap {
            if case .method(let callable) = $0 { return callable } else { return nil }
        }
    }

    func hasMember(of value: Value, _ name: String) -> Bool {
        if case .metatype(let metatype) = value {
            return !staticEntries(of: metatype.type, name).isEmpty || metatype.type.caseIndex[name] != nil
        }
        let type = typeInfo(of: value)
        return !instanceEntries(of: type, name).isEmpty
            || (name.hasPrefix("$") && type.fieldIndex[String(name.dropFirst())] != nil)
    }

    // MARK: - Reading members

    public func member(of base: Value, _ name: String, at location: SourceLocation) throws -> Value {
        try member(of: base, name, site: nil, at: location)
    }

    /// `site`, when given, remembers a plain stored property found here.
    func member(of base: Value, _ name: String, site: MemberSiteCache?, at location: SourceLocation) throws -> Value {
        switch base {
        case .metatype(let metatype):
            return try staticMember(of: metatype, name, at: location)
        case .tuple(let tuple):
            if let index = Int(name), index < tuple.elements.count { return tuple.elements[index] }
            if let index = tuple.labels.firstIndex(of: name) { return tuple.elements[index] }
        case .weakReference:
            return try member(of: base.loaded, name, at: location)
        default:
            break
        }
        let type = typeInfo(of: base)
        let entries = instanceEntries(of: type, name)
        if let entry = entries.first {
            switch entry {
            case .stored(let index):
                site?.remember(field: index, of: type, generation: memberGeneration)
                if type.declaration?.isActor == true {
                    try checkActorField(of: base, index, writing: false, at: location)
                }
                return try readField(of: base, index, at: location)
            case .computed(let property):
                guard let getter = property.getter else {
                    throw ScriptError.runtime("'\(name)' has no getter", at: location)
                }
                return try callScript(getter, captures: [], selfCell: Cell(base), arguments: [], at: location)
            case .nativeProperty(let property):
                nativePropertyLocation = location
                return try locating(location) { try property.get(self, base) }
            case .method:
                let callables = entries.compactMap { entry -> Callable? in
                    if case .method(let callable) = entry { return callable }
                    return nil
                }
                return .function(FunctionValue(.overloads(callables, receiver: base, selfType: type)))
            case .staticStored(let cell, _):
                return cell.load()
            }
        }
        // `$property` of a property wrapper.
        if name.hasPrefix("$"), let index = type.fieldIndex[String(name.dropFirst())],
            let wrapperName = type.storedProperties[index].declaration?.wrapper,
            let provider = propertyWrappers[wrapperName]
        {
            return try provider.projectedValue(try rawField(of: base, index), interpreter: self)
        }
        if case .optional = base {
            throw ScriptError.runtime(
                "value of optional type \(Formatter.typeName(of: base)) must be unwrapped to refer to member '\(name)'",
                at: location, notes: ["use `?.\(name)` to chain, or `!` if it can never be nil"])
        }
        throw ScriptError.runtime("value of type \(Formatter.typeName(of: base)) has no member '\(name)'", at: location)
    }

    /// Runs native code that has no source location, and gives its errors this one.
    public func locating<T>(_ location: SourceLocation, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as ScriptError where error.location == .unknown {
            error.location = location
            throw error
        }
    }

    func rawField(of base: Value, _ index: Int) throws -> Value {
        switch base {
        case .structValue(let structValue): return structValue.fields[index]
        case .object(let object): return object.fields[index]
        default: return .void
        }
    }

    func readField(of base: Value, _ index: Int, at location: SourceLocation) throws -> Value {
        let type = typeInfo(of: base)
        let raw = try rawField(of: base, index)
        if let wrapperName = type.storedProperties[index].declaration?.wrapper,
            let provider = propertyWrappers[wrapperName]
        {
            return try provider.read(raw, interpreter: self)
        }
        if let declaration = type.storedProperties[index].declaration, declaration.isLazy, case .void = raw {
            guard case .object(let object) = base else {
                // A struct's is set through the variable holding it (`lazyValueRead`); Swift
                // refuses the read anywhere else.
                throw ScriptError.runtime(
                    "cannot use mutating getter on immutable value: lazy property '\(declaration.name)'"
                        + " of a struct is read where the struct cannot change",
                    at: location)
            }
            let value = try lazyInitialValue(declaration, of: base, at: location)
            object.fields[index] = value
            return value
        }
        return try raw.checkedLoaded(at: location)
    }

    /// What a `lazy` property's first read gives: its initializer run with `self`.
    private func lazyInitialValue(
        _ declaration: PropertyDecl, of base: Value, at location: SourceLocation
    ) throws -> Value {
        var value =
            try declaration.initializerFunction.map {
                try callScript($0, captures: [], selfCell: Cell(base), arguments: [], at: location)
            } ?? .void
        if let type = declaration.type { value = try coerce(value, to: type, at: location) }
        return value
    }

    /// The first read of a struct's `lazy` property `name` (`counter.cache` on a `var`):
    /// its initializer's value, which the caller stores through the variable holding the
    /// struct, as Swift's mutating getter does. Nil when `base` is no such struct, or the
    /// property was already set.
    func lazyValueRead(of base: Value, _ name: String, at location: SourceLocation) throws -> Value? {
        guard case .structValue(let structValue) = base,
            case .stored(let index)? = instanceEntries(of: structValue.type, name).first,
            let declaration = structValue.type.storedProperties[index].declaration, declaration.isLazy,
            case .void = structValue.fields[index]
        else { return nil }
        return try lazyInitialValue(declaration, of: base, at: location)
    }

    /// `site`, when given, is the site that named `metatype`'s type (`StaticMemberSite`), and
    /// keeps a member whose value cannot change.
    func staticMember(
        of metatype: Metatype, _ name: String, site: StaticMemberSite? = nil, at location: SourceLocation
    ) throws -> Value {
        let type = metatype.type
        if name == "self" { return .metatype(metatype) }
        // `Optional<Int>.none` is nil, and `Optional<Int>.some` wraps (the `.enumCase` calls).
        if type.isOptionalType, name == "none" {
            site?.remember(constant: .optional(nil), at: memberGeneration)
            return .optional(nil)
        }
        if let index = type.caseIndex[name] {
            let info = type.cases[index]
            if info.associatedTypes.isEmpty {
                let value = Value.enumValue(EnumValue(type: type, caseIndex: index, payload: []))
                site?.remember(constant: value, at: memberGeneration)
                return value
            }
            return .function(FunctionValue(.enumCase(type, index)))
        }
        if let nested = type.nestedTypes[name] { return .metatype(Metatype(type: nested)) }
        if let alias = type.typeAliases[name] { return .metatype(try self.metatype(for: alias, at: location)) }
        if name == "init" { return .function(FunctionValue(.initializer(metatype))) }
        let entries = staticEntries(of: type, name)
        if let entry = entries.first {
            switch entry {
            case .staticStored(let cell, let declaredType):
                if isUninitialized(cell.value),
                    let initializer = staticInitializers.removeValue(forKey: ObjectIdentifier(cell))
                {
                    var value = try callScript(
                        initializer, captures: [], selfCell: Cell(.metatype(metatype)),
                        arguments: [], at: location)
                    if let declaredType { value = try coerce(value, to: declaredType, at: location) }
                    cell.value = value
                }
                return cell.load()
            case .nativeProperty(let property):
                let value = try locating(location) { try property.get(self, .metatype(metatype)) }
                if property.isConstant { site?.remember(constant: value, at: memberGeneration) }
                return value
            case .computed(let property):
                guard let getter = property.getter else { break }
                return try callScript(
                    getter, captures: [], selfCell: Cell(.metatype(metatype)), arguments: [],
                    at: location)
            case .method:
                let callables = entries.compactMap { entry -> Callable? in
                    if case .method(let callable) = entry { return callable }
                    return nil
                }
                return .function(FunctionValue(.overloads(callables, receiver: .metatype(metatype), selfType: type)))
            case .stored:
                break
            }
        }
        throw ScriptError.runtime("type '\(type.name)' has no member '\(name)'", at: location)
    }

    // MARK: - Implicit members (`.max(3)`, `.finished`)

    /// The type an implicit member belongs to: the contextual type, or when there is none,
    /// the one known type that has a static member or case of that name (for a call,
    /// `.max(1)`, one that can be called: a static method or a case, not `Int.max`).
    func implicitMemberType(
        expected: TypeRef?, member name: String, calling: Bool = false, at location: SourceLocation
    ) throws -> TypeInfo? {
        if let expected {
            if let wrapped = expected.optionalWrapped {
                if name == "none" || name == "some" { return builtins.optional }
                return try implicitMemberType(expected: wrapped, member: name, calling: calling, at: location)
            }
            if case .named(let parts, _) = expected, types[parts[0]] == nil,
                let refused = Sandbox.error(for: parts[0], at: location)
            {
                throw refused
            }
            if let type = try? metatype(for: expected, at: location).type,
                type.caseIndex[name] != nil || !staticEntries(of: type, name).isEmpty || type.nestedTypes[name] != nil
                    || (name == "init")
            {
                return type
            }
        }
        var found: [TypeInfo] = []
        for (key, type) in types where key == type.name {
            let members = type.staticMembers[name, default: []]
            let hasMember =
                calling
                ? members.contains { if case .method = $0 { true } else { false } }
                : !members.isEmpty
            if type.caseIndex[name] != nil || hasMember {
                found.append(type)
            }
        }
        if found.count == 1 { return found[0] }
        if found.count > 1 {
            // Prefer the learner's own types over library ones.
            let scriptTypes = found.filter { $0.declaration != nil }
            if scriptTypes.count == 1 { return scriptTypes[0] }
            let names = found.map(\.name).sorted().joined(separator: ", ")
            throw ScriptError.runtime(
                "'.\(name)' is ambiguous here (it could be a member of \(names)); write the type name",
                at: location)
        }
        return nil
    }

    /// `site`, when given, keeps the type found and a member that cannot change
    /// (`StaticMemberSite`).
    func implicitMember(
        _ name: String, expected: TypeRef?, site: StaticMemberSite? = nil, at location: SourceLocation
    ) throws -> Value {
        if expected?.optionalWrapped != nil, name == "none" { return .optional(nil) }
        let type: TypeInfo
        if let owner = site?.owner(at: memberGeneration) {
            type = owner
        } else {
            guard let found = try implicitMemberType(expected: expected, member: name, at: location) else {
                throw ScriptError.runtime("cannot infer the type of '.\(name)' here; write the type name", at: location)
            }
            site?.remember(owner: found, at: memberGeneration)
            type = found
        }
        if type === builtins.optional, name == "none" { return .optional(nil) }
        return try staticMember(
            of: Metatype(type: type, genericArguments: expected?.genericArguments ?? []), name, site: site,
            at: location)
    }

    /// The type that `Outer.Inner` names when it is read as an expression, found as
    /// `lookupName` and `staticMember` would find it; nil when a part is not a type there (the
    /// first a global variable or function, a later one a case or an alias). Depends on the
    /// declarations only, so a site may keep it (`StaticMemberSite`).
    func type(namedByPath path: [String]) -> TypeInfo? {
        let first = path[0]
        guard first != "Self", !first.contains("."), globals[first] == nil, globalFunctions[first] == nil,
            var type = types[first]
        else { return nil }
        for part in path.dropFirst() {
            guard part != "self", type.caseIndex[part] == nil, let nested = type.nestedTypes[part] else { return nil }
            type = nested
        }
        return type
    }

    // MARK: - Names

    /// Whether no value of `type` is an Optional: a collection, a basic or library type, or a
    /// struct, class or enum of the script's (a one-part name that is an alias or a generic
    /// parameter may be an Optional).
    func typeRulesOutOptionals(_ type: TypeRef) -> Bool {
        switch type {
        case .array, .dictionary: return true
        case .named(let parts, _):
            // `Self.Element` (a collection's element) may be an Optional.
            if parts.count > 1 { return parts != ["Swift", "Optional"] && parts[0] != "Self" }
            if ["Int", "Double", "String", "Bool", "Character", "Float"].contains(parts[0]) { return true }
            return isScriptNominalType(parts[0])
        default: return false
        }
    }

    /// Whether `name` is a struct, class or enum the script declared (not an alias, which
    /// may name an Optional).
    func isScriptNominalType(_ name: String) -> Bool {
        guard typeAliases[name] == nil, let type = types[name], type.declaration != nil else { return false }
        return type.kind != .protocolType
    }

    /// The standard library's global functions of a name (`Swift.print`), without the
    /// script's own of the same name: a module-qualified name means the module's.
    func libraryFunctions(named name: String) -> [Callable]? {
        let functions = globalFunctions[name]?.filter {
            if case .native = $0 { true } else { false }
        }
        return functions?.isEmpty == false ? functions : nil
    }

    /// `Self` inside a type: the type of `self` — in a static method the type `self` is, in a
    /// class the object's dynamic class, as Swift's dynamic `Self` — spelled as `type(of:)`
    /// spells it. In a protocol extension's method on an instance of a subclass whose
    /// superclass conforms, Swift binds `Self` to the type the call is made through, which
    /// is not known here: refused.
    private func selfType(of selfValue: Value, in frame: Frame, at location: SourceLocation) throws -> Value {
        if case .metatype = selfValue { return selfValue }
        let type = typeInfo(of: selfValue)
        if case .object = selfValue, let extended = protocolExtended(by: frame.function),
            let superclass = type.superclass, allConformances(of: superclass).contains(where: { $0 === extended })
        {
            throw ScriptError.unsupported(
                "`Self` in a protocol extension called on a '\(type.name)', a subclass of a conforming class, "
                    + "is not supported yet: Swift takes the type the call is made through", at: location)
        }
        let metatype = Metatype(type: type)
        metatype.spelling = try locating(location) {
            (
                try SwiftTypeNames.spelledName(of: selfValue, qualified: false),
                try SwiftTypeNames.spelledName(of: selfValue, qualified: true)
            )
        }
        return .metatype(metatype)
    }

    func lookupName(_ name: String, in frame: Frame, at location: SourceLocation) throws -> Value {
        if name.hasPrefix("Swift.") {
            let bare = String(name.dropFirst("Swift.".count))
            if let functions = libraryFunctions(named: bare) {
                return .function(FunctionValue(.overloads(functions, receiver: nil, selfType: nil)))
            }
            if let type = types[bare] { return .metatype(Metatype(type: type)) }
            throw ScriptError.runtime("cannot find '\(name)' in scope", at: location)
        }
        if let cell = frame.selfCell, !name.first!.isUppercase {
            let selfValue = cell.load()
            if hasMember(of: selfValue, name) { return try member(of: selfValue, name, at: location) }
        }
        if name == "Self" {
            if let cell = frame.selfCell { return try selfType(of: cell.load(), in: frame, at: location) }
            if tables.state(of: frame.function).enclosingFunction != nil {
                throw ScriptError.unsupported("`Self` inside a closure is not supported yet", at: location)
            }
        }
        if let global = globals[name] { return try global.cell.checkedLoad(at: location) }
        if let functions = globalFunctions[name] {
            return .function(FunctionValue(.overloads(functions, receiver: nil, selfType: nil)))
        }
        if let type = types[name] { return .metatype(Metatype(type: type)) }
        if let cell = frame.selfCell {
            let selfValue = cell.load()
            if hasMember(of: selfValue, name) { return try member(of: selfValue, name, at: location) }
            // Nested types are visible by their short name inside the enclosing type.
            if case .metatype(let metatype) = selfValue, let nested = metatype.type.nestedTypes[name] {
                return .metatype(Metatype(type: nested))
            }
            if let nested = typeInfo(of: selfValue).nestedTypes[name] { return .metatype(Metatype(type: nested)) }
            if let associated = try associatedType(name, of: selfValue, at: location) { return .metatype(associated) }
        }
        // An operator used as a function value: `scan(0, +)`, `sorted(by: <)`.
        if let op = BinaryOperator(rawValue: name) {
            return FunctionValue.native(
                NativeFunction("\(name)(_:_:)") { [unowned self] arguments in
                    try self.applyBinary(op, arguments[0], arguments[1], at: arguments.location)
                })
        }
        if let refused = Sandbox.error(for: name, at: location) { throw refused }
        throw ScriptError.runtime("cannot find '\(name)' in scope", at: location)
    }

    /// What an associated type (`Output`, `Failure`) names for `value`, as a method of a
    /// protocol extension called on it sees it: a script type's `typealias`, or what a
    /// library value says.
    func associatedType(_ name: String, of value: Value, at location: SourceLocation) throws -> Metatype? {
        if case .native(let native) = value {
            return try locating(location) { try native.associatedType(named: name) }
        }
        guard let alias = typeInfo(of: value).typeAliases[name] else { return nil }
        return try metatype(for: alias, at: location)
    }

    /// The metatype a written type names.
    public func metatype(for type: TypeRef, at location: SourceLocation) throws -> Metatype {
        try metatype(for: type, at: location, aliasDepth: 0)
    }

    /// `aliasDepth` counts the type aliases followed to get here: aliases that name each
    /// other in a circle (`typealias Upstream = Upstream.Failure`, which Swift refuses) would
    /// otherwise be followed until the native stack ran out.
    private func metatype(for type: TypeRef, at location: SourceLocation, aliasDepth: Int) throws -> Metatype {
        switch type {
        case .named(let parts, let arguments):
            var resolved: TypeInfo?
            if let direct = types[parts.joined(separator: ".")] {
                resolved = direct
            } else if let first = types[parts[0]] {
                resolved = first
                for part in parts.dropFirst() {
                    if let nested = resolved?.nestedTypes[part] {
                        resolved = nested
                    } else if let alias = resolved?.typeAliases[part] {
                        guard aliasDepth < 100 else {
                            throw ScriptError.runtime(
                                "type alias '\(part)' refers to itself (Swift: type alias '\(part)' references itself)",
                                at: location)
                        }
                        resolved = try metatype(for: alias, at: location, aliasDepth: aliasDepth + 1).type
                    } else {
                        resolved = nil
                        break
                    }
                }
            }
            guard let resolved else {
                if let refused = Sandbox.error(for: parts[0], at: location) { throw refused }
                throw ScriptError.runtime("cannot find type '\(parts.joined(separator: "."))' in scope", at: location)
            }
            return Metatype(type: resolved, genericArguments: arguments)
        case .optional(let wrapped), .implicitlyUnwrapped(let wrapped):
            return Metatype(type: builtins.optional, genericArguments: [wrapped])
        case .array(let element):
            return Metatype(type: builtins.array, genericArguments: [element])
        case .dictionary(let key, let value):
            return Metatype(type: builtins.dictionary, genericArguments: [key, value])
        case .tuple(let elements) where elements.isEmpty:
            return Metatype(type: builtins.void)
        case .existential(let names) where names.count == 1:
            return try metatype(
                for: .named(names[0].split(separator: ".").map(String.init), []), at: location, aliasDepth: aliasDepth)
        case .metatype(let base):
            return try metatype(for: base, at: location, aliasDepth: aliasDepth)
        default:
            throw ScriptError.unsupported("the type \(type) as a value", at: location)
        }
    }
}

extension TypeInfo {
    var isOptionalType: Bool { name == "Optional" }
}
