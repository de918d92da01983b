extension Interpreter {
    func declare(_ declaration: Declaration) throws {
        // Declarations add types, protocols and conformances: cached conformance lists go.
        conformanceCache.removeAll()
        memberGeneration &+= 1
        defer {
            conformanceCache.removeAll()
            memberGeneration &+= 1
        }
        switch declaration {
        case .type(let decl):
            _ = try declareType(decl, enclosing: nil)
        case .extensionDecl(let decl):
            try declareExtension(decl)
        case .function(let decl):
            var existing = globalFunctions[decl.name] ?? []
            existing.removeAll {
                if case .script(let old) = $0 { return old.hasSameSignature(as: decl) } else { return false }
            }
            existing.insert(.script(decl), at: 0)
            globalFunctions[decl.name] = existing
            // A new function hides a global variable of the same name from earlier inputs.
            let hidden = globals.removeValue(forKey: decl.name)
            withExtendedLifetime(hidden) {}  // released after the update (see `.global`)
        case .typeAlias(let name, let type, let location):
            if refersToItself(alias: name, type) {
                throw ScriptError.runtime(
                    "type alias '\(name)' refers to itself (Swift: type alias '\(name)' references itself)",
                    at: location)
            }
            if let target = try? metatype(for: type, at: .unknown) {
                types[name] = target.type
            }
            typeAliases[name] = type
        case .importDecl(let module, let location):
            if importableModules.contains(module) { return }
            if let reason = refusedModules[module] {
                throw ScriptError(.unsupported, "`import \(module)` is not available here: \(reason)", at: location)
            }
            throw ScriptError(
                .unsupported,
                "`import \(module)` is not available here; Undercurrent provides Combine and the parts of Foundation it uses",
                at: location)
        }
    }

    @discardableResult
    func declareType(_ decl: TypeDecl, enclosing: TypeInfo?) throws -> TypeInfo {
        let name = enclosing.map { "\($0.name).\(decl.name)" } ?? decl.name
        let kind: TypeInfo.Kind
        switch decl.kind {
        case .structType: kind = .structType
        case .classType: kind = .classType
        case .enumType: kind = .enumType
        case .protocolType: kind = .protocolType
        }
        let qualifiedName =
            enclosing.map { "\($0.qualifiedName).\(decl.name)" } ?? decl.localDebugName ?? "main." + name
        let info = TypeInfo(name: name, kind: kind, qualifiedName: qualifiedName)
        info.interpreter = self
        info.declaration = decl
        info.genericParameters = decl.genericParameters
        info.typeAliases = decl.typeAliases
        var rawType: TypeRef?
        for (position, inherited) in decl.inheritance.enumerated() {
            guard let inheritedName = inherited.qualifiedName else { continue }
            if position == 0, kind == .classType, let superclass = types[inheritedName], superclass.kind == .classType {
                info.superclass = superclass
                continue
            }
            if position == 0, kind == .classType, let known = types[inheritedName], known.kind == .builtin,
                !known.isProtocol
            {
                throw ScriptError.unsupported("subclassing the library class '\(inheritedName)'", at: decl.location)
            }
            if position == 0, kind == .enumType,
                ["Int", "String", "Double", "Character", "UInt", "Float"].contains(inheritedName)
            {
                rawType = inherited
                info.conformances.append("RawRepresentable")
                continue
            }
            info.conformances.append(inheritedName)
        }
        if let superclass = info.superclass {
            info.storedProperties = superclass.storedProperties
            info.fieldIndex = superclass.fieldIndex
        }
        types[name] = info
        enclosing?.nestedTypes[decl.name] = info
        memberNames[name, default: []].formUnion(decl.properties.map(\.name) + decl.methods.map(\.name))

        try addMembers(decl, to: info, isExtension: false)
        noteKeyHashing(of: info)
        for nested in decl.nestedTypes { try declareType(nested, enclosing: info) }

        if kind == .enumType {
            // The next implicit raw value; nil once it would overflow Int.
            var nextRaw: Int? = 0
            for enumCase in decl.cases {
                var raw: Value?
                if let rawType {
                    if let rawExpr = enumCase.rawValue {
                        switch rawExpr {
                        case .integerLiteral, .floatLiteral, .stringLiteral, .literal: break
                        default:
                            // Swift's words; a name here could even be a variable of the function
                            // the enum is declared in, which has no frame now.
                            throw ScriptError(
                                .syntax, "raw value for enum case must be a literal", at: rawExpr.location)
                        }
                        raw = try evaluateConstant(rawExpr, expected: rawType)
                        if case .int(let number)? = raw {
                            let (next, overflow) = number.addingReportingOverflow(1)
                            nextRaw = overflow ? nil : next
                        }
                    } else if rawType.baseName == "String" {
                        raw = .string(enumCase.name)
                    } else {
                        guard let implicit = nextRaw else {
                            throw ScriptError.runtime(
                                "the raw value of '\(enumCase.name)' overflows Int: the case before it is Int.max",
                                at: decl.location)
                        }
                        raw = .int(implicit)
                        let (next, overflow) = implicit.addingReportingOverflow(1)
                        nextRaw = overflow ? nil : next
                    }
                }
                info.addEnumCase(
                    EnumCaseInfo(
                        name: enumCase.name, associatedLabels: enumCase.associatedLabels,
                        associatedTypes: enumCase.associatedTypes, rawValue: raw))
            }
            if rawType != nil { addRawValueMembers(to: info) }
            if info.conformances.contains("CaseIterable") {
                info.addStaticMember(
                    "allCases",
                    .nativeProperty(
                        NativeProperty { [unowned info] _, _ in
                            .array(
                                info.cases.indices.map { .enumValue(EnumValue(type: info, caseIndex: $0, payload: [])) }
                            )
                        }))
            }
        }
        if kind == .structType, decl.initializers.isEmpty {
            info.initializers.append(.native(memberwiseInitializer(for: info)))
        }
        if kind == .classType, decl.initializers.isEmpty, info.superclass == nil {
            info.initializers.append(
                .native(
                    NativeFunction("init()") { [unowned info] arguments in
                        // A subclass without initializers inherits this one: build the subclass.
                        var type = info
                        if case .metatype(let metatype)? = arguments.receiver { type = metatype.type }
                        return try arguments.interpreter.makeInstance(of: type, at: arguments.location)
                    }))
        }
        return info
    }

    func addMembers(_ decl: TypeDecl, to info: TypeInfo, isExtension: Bool) throws {
        for property in decl.properties {
            // An accessor knows its type as a method does (`super`, `Self` in a protocol extension).
            for accessor in [property.getter, property.setter, property.willSet, property.didSet] {
                if let accessor { methodOwners[ObjectIdentifier(accessor)] = info }
            }
            if property.isStatic {
                if property.isComputed {
                    info.addStaticMember(property.name, .computed(property))
                } else {
                    let cell = Cell(.void)
                    if let initializer = property.initializerFunction {
                        staticInitializers[ObjectIdentifier(cell)] = initializer
                    }
                    info.addStaticMember(property.name, .staticStored(cell, property.type))
                }
                continue
            }
            if property.isComputed {
                info.instanceMembers[property.name] = [.computed(property)]
                continue
            }
            if isExtension {
                throw ScriptError(.syntax, "extensions must not contain stored properties", at: property.location)
            }
            if info.kind == .protocolType { continue }
            let index = info.storedProperties.count
            info.storedProperties.append(
                StoredProperty(name: property.name, declaration: property, type: property.type))
            info.fieldIndex[property.name] = index
            info.instanceMembers[property.name] = [.stored(index)]
        }
        for method in decl.methods {
            methodOwners[ObjectIdentifier(method)] = info
            if method.isStatic {
                replaceMethod(method, in: &info.staticMembers)
            } else {
                replaceMethod(method, in: &info.instanceMembers)
            }
        }
        if let superclass = info.superclass {
            inheritOverloads(of: decl.methods, into: info, from: superclass)
        }
        for initializer in decl.initializers {
            methodOwners[ObjectIdentifier(initializer)] = info
            info.initializers.removeAll { existing in
                if case .script(let old) = existing { return old.hasSameSignature(as: initializer) }
                return false
            }
            info.initializers.append(.script(initializer))
        }
        if let deinitializer = decl.deinitializer { info.deinitializer = deinitializer }
        info.subscripts.append(contentsOf: decl.subscripts)
    }

    /// A class's methods of a name hide its superclass's of that name only where they override
    /// them: `Dog` overriding `speak(_: Int)` still has `Animal`'s `speak(_: String)`. The
    /// superclass's overloads that no method here overrides join this class's entries, after
    /// its own.
    private func inheritOverloads(of methods: [FunctionDecl], into info: TypeInfo, from superclass: TypeInfo) {
        for isStatic in [false, true] {
            for name in Set(methods.filter { $0.isStatic == isStatic }.map(\.name)) {
                var entries = (isStatic ? info.staticMembers[name] : info.instanceMembers[name]) ?? []
                let inherited = isStatic ? staticEntries(of: superclass, name) : instanceEntries(of: superclass, name)
                for entry in inherited {
                    // A class's own method, not a protocol extension's (which has rules of its own).
                    guard case .method(.script(let base)) = entry,
                        methodOwners[ObjectIdentifier(base)]?.kind == .classType
                    else { continue }
                    let overridden = entries.contains { entry in
                        if case .method(.script(let own)) = entry { return own.hasSameSignature(as: base) }
                        return false
                    }
                    if !overridden { entries.append(entry) }
                }
                if isStatic {
                    info.staticMembers[name] = entries
                } else {
                    info.instanceMembers[name] = entries
                }
            }
        }
    }

    private func replaceMethod(_ method: FunctionDecl, in table: inout [String: [MemberEntry]]) {
        var entries = table[method.name] ?? []
        entries.removeAll { entry in
            if case .method(.script(let old)) = entry { return old.hasSameSignature(as: method) }
            return false
        }
        entries.insert(.method(.script(method)), at: 0)
        table[method.name] = entries
    }

    func declareExtension(_ decl: ExtensionDecl) throws {
        let target = try metatype(for: decl.extendedType, at: decl.location).type
        for inherited in decl.inheritance {
            if let name = inherited.qualifiedName, !target.conformances.contains(name) {
                target.conformances.append(name)
            }
        }
        memberNames[target.name, default: []].formUnion(
            decl.members.properties.map(\.name) + decl.members.methods.map(\.name))
        try addMembers(decl.members, to: target, isExtension: true)
        noteKeyHashing(of: target)
        for nested in decl.members.nestedTypes { try declareType(nested, enclosing: target) }
    }

    /// Evaluates an expression that needs no frame (raw values, default arguments).
    func evaluateConstant(_ expr: Expr, expected: TypeRef?) throws -> Value {
        let function = FunctionDecl(
            index: tables.claimFunctionIndex(), name: "constant", parameters: [], returnType: nil,
            body: Block(statements: [], declaredSlots: []),
            isSingleExpression: true, slotCount: 0, captures: [], captureList: [], selfSlot: nil, isStatic: false,
            isMutating: false, isThrowing: false, isFailableInit: false, location: expr.location)
        return try evaluateDefault(expr, of: function, expected: expected)
    }

    /// Evaluates a parameter's default value, in a frame of the function it belongs to.
    ///
    /// Compiled each time it is needed: defaults are rare on hot paths, and a literal, the
    /// usual default, compiles to a closure that returns it.
    func evaluateDefault(_ expr: Expr, of function: FunctionDecl, expected: TypeRef?) throws -> Value {
        try BodyCompiler(returnType: nil, tables: tables).expression(expr, expected: expected)(
            self, Frame.make(function: function, captures: []))
    }

    private func addRawValueMembers(to info: TypeInfo) {
        info.addNativeProperty(
            "rawValue",
            NativeProperty { _, value in
                guard case .enumValue(let enumValue) = value else { return .void }
                return enumValue.caseInfo.rawValue ?? .void
            })
        info.initializers.append(
            .native(
                NativeFunction("init(rawValue:)") { [unowned info] arguments in
                    let raw = arguments[0]
                    for (index, enumCase) in info.cases.enumerated() {
                        if let candidate = enumCase.rawValue, ValueEquality.structurallyEqual(candidate, raw) {
                            return .optional(.enumValue(EnumValue(type: info, caseIndex: index, payload: [])))
                        }
                    }
                    return .optional(nil)
                }))
    }

    /// Swift's memberwise initializer: every stored `var`, and every `let` without a value.
    private func memberwiseInitializer(for info: TypeInfo) -> NativeFunction {
        let parameters = info.storedProperties.filter { property in
            guard let declaration = property.declaration else { return false }
            return !(declaration.isConstant && declaration.initializerFunction != nil)
        }
        let defaults = Set(
            parameters.filter {
                $0.declaration?.initializerFunction != nil
                    || ($0.declaration?.type?.isOptional ?? false)
            }.map(\.name))
        let fullName = "init(\(parameters.map { "\($0.name):" }.joined()))"
        return NativeFunction(fullName, defaults: defaults, types: parameters.map(\.type)) { [unowned info] arguments in
            let interpreter = arguments.interpreter
            var instance = try interpreter.makeInstance(of: info, at: arguments.location)
            for (position, property) in parameters.enumerated() {
                guard let value = arguments.optional(position) else { continue }
                try interpreter.setMember(
                    of: &instance, property.name, to: value, inInitializer: true,
                    at: arguments.location)
            }
            return instance
        }
    }
}

extension Interpreter {
    /// Whether `alias`, meaning `type`, would reach itself through the aliases declared so
    /// far (`typealias A = B` after `typealias B = A`): following it would never end.
    fileprivate func refersToItself(alias: String, _ type: TypeRef) -> Bool {
        var seen: Set<String> = [alias]
        var current = type
        while case .named(let parts, _) = current, parts.count == 1 {
            // A name met twice: a circle, through this alias or one it reaches.
            guard seen.insert(parts[0]).inserted else { return true }
            guard let next = typeAliases[parts[0]] else { return false }
            current = next
        }
        return false
    }
}

extension Interpreter {
    /// Marks the functions of one input that differ from another of it only by their result
    /// type (`FunctionDecl.hasResultTypeOverload`): they are overloads. A later input's
    /// `func make() -> String` still replaces an earlier input's `make() -> Int`.
    static func noteResultTypeOverloads(in declarations: [Declaration]) {
        var byParameters: [String: [FunctionDecl]] = [:]
        for case .function(let decl) in declarations {
            byParameters["\(decl.fullName)\(decl.parameters.map(\.type))", default: []].append(decl)
        }
        for functions in byParameters.values where Set(functions.map { $0.returnType?.description ?? "" }).count > 1 {
            for function in functions { function.hasResultTypeOverload = true }
        }
    }

    /// Refuses members of one input that differ only in the `where` clause of the
    /// extension declaring them (`extension Array where Element == Int { func total() }`
    /// beside `extension Array { func total() }`, or a generic type's own `total()`).
    /// Swift chooses between them by the receiver's static type; here the later one would
    /// replace the other and run for every receiver, a wrong answer with no error.
    static func refuseConstrainedOverloads(in declarations: [Declaration]) throws {
        struct Member {
            let constraint: String?
            /// Where it is declared: "`extension Array where Element == Int`".
            let place: String
            let location: SourceLocation
        }
        var seen: [String: Member] = [:]
        func note(_ key: String, _ spelling: String, _ member: Member) throws {
            guard let earlier = seen[key] else {
                seen[key] = member
                return
            }
            guard earlier.constraint != member.constraint else { return }
            throw ScriptError.unsupported(
                "\(spelling) is declared in \(earlier.place) (line \(earlier.location.lineInInput)) and in"
                    + " \(member.place): Undercurrent does not yet choose between them"
                    + " by the receiver's type, as Swift does; give them different names",
                at: member.location)
        }
        func noteMembers(of members: TypeDecl, on typeName: String, place: String, constraint: String?) throws {
            let member = { (location: SourceLocation) in
                Member(constraint: constraint, place: place, location: location)
            }
            for method in members.methods {
                let key =
                    "\(typeName).\(method.isStatic ? "static " : "")\(method.fullName)\(method.parameters.map(\.type))"
                try note(key, "`\(method.fullName)`", member(method.location))
            }
            for property in members.properties where property.isComputed {
                let key = "\(typeName).\(property.isStatic ? "static " : "")\(property.name)"
                try note(key, "`\(property.name)`", member(property.location))
            }
        }
        // Only where an extension has a constraint: otherwise a later member replaces an
        // earlier one as a redeclaration does.
        guard
            declarations.contains(where: {
                if case .extensionDecl(let decl) = $0 { return decl.constraint != nil }
                return false
            })
        else { return }
        for declaration in declarations {
            switch declaration {
            case .type(let decl):
                try noteMembers(of: decl, on: decl.name, place: "the declaration of `\(decl.name)`", constraint: nil)
            case .extensionDecl(let decl):
                let typeName = decl.extendedType.qualifiedName ?? decl.extendedType.description
                try noteMembers(
                    of: decl.members, on: typeName,
                    place: "`extension \(typeName)\(decl.constraint.map { " where \($0)" } ?? "")`",
                    constraint: decl.constraint)
            default:
                break
            }
        }
    }
}
