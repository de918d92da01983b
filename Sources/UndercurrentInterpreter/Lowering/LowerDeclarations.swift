import SwiftSyntax

extension Lowerer {
    // MARK: - Functions and closures

    func lowerParameters(_ clause: FunctionParameterClauseSyntax) throws -> [Parameter] {
        try clause.parameters.map { parameter in
            let firstName = parameter.firstName.text
            let secondName = parameter.secondName?.text
            let label: String? = firstName == "_" ? nil : firstName
            let name = secondName ?? firstName
            var isInout = false
            if let attributed = parameter.type.as(AttributedTypeSyntax.self) {
                isInout = attributed.specifiers.contains { $0.trimmedDescription == "inout" }
                if let autoclosure = attributed.attributes.first(where: {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "autoclosure"
                }) {
                    // The argument would be evaluated at the call, not when the body asks.
                    throw unsupported("`@autoclosure` parameters", autoclosure)
                }
            }
            let defaultValue = try parameter.defaultValue.map { try lowerExpr($0.value) }
            let slot = scope.declare(name)
            var lowered = Parameter(
                label: label, name: name, type: try lowerType(parameter.type),
                defaultValue: defaultValue, isVariadic: parameter.ellipsis != nil,
                isInout: isInout, slot: slot)
            lowered.defaultIsCallerLine =
                parameter.defaultValue?.value.as(MacroExpansionExprSyntax.self)?.macroName.text == "line"
            if !lowered.isVariadic, let type = lowered.type, let number = Self.basicType(declared: type) {
                scope.noteTypeFacts(of: slot) { $0.basicType = number }
            }
            if !lowered.isVariadic, !isInout, let type = lowered.type,
                let instanceType = instanceType(declared: type, initializer: nil)
            {
                scope.noteTypeFacts(of: slot) { $0.instanceType = instanceType }
            }
            if !lowered.isVariadic, !isInout, case .function? = lowered.type {
                scope.noteTypeFacts(of: slot) { $0.functionType = lowered.type! }
            }
            // A parameter is a constant, unless it is `inout`.
            if !isInout {
                scope.noteConstant(
                    .binding(slot: slot, name: name),
                    FunctionScope.Constant(
                        isInitialized: true,
                        isCollection: lowered.isVariadic || Self.isCollection(lowered.type, nil),
                        holdsStruct: !lowered.isVariadic && holdsStruct(lowered.type, nil), isParameter: true))
            }
            return lowered
        }
    }

    /// A parameter whose type is a generic parameter constrained to a protocol
    /// (`func keep<P: Publisher>(_ upstream: P)`, or `where P: Publisher`) has that protocol
    /// as its static type: calls through it reach the protocol's members.
    private func noteGenericParameterTypes(of node: FunctionDeclSyntax, _ parameters: [Parameter]) -> [String: String] {
        var constraints: [String: String] = [:]
        for generic in node.genericParameterClause?.parameters ?? [] {
            if let constraint = generic.inheritedType?.trimmedDescription {
                constraints[generic.name.text] = constraint
            }
        }
        for requirement in node.genericWhereClause?.requirements ?? [] {
            if case .conformanceRequirement(let conformance) = requirement.requirement {
                constraints[conformance.leftType.trimmedDescription] = conformance.rightType.trimmedDescription
            }
        }
        for parameter in parameters {
            guard case .named(let parts, let arguments)? = parameter.type, parts.count == 1, arguments.isEmpty,
                let constraint = constraints[parts[0]], !constraint.contains("&")
            else { continue }
            scope.noteDeclaredType(.existential([constraint]), of: .binding(slot: parameter.slot, name: parameter.name))
        }
        return constraints.filter { !$0.value.contains("&") }
    }

    func lowerFunction(
        _ node: FunctionDeclSyntax, isMethod: Bool, nested: Bool = false,
        isStaticContext: Bool = false
    ) throws -> FunctionDecl {
        let isAsync = node.signature.effectSpecifiers?.asyncSpecifier != nil
        let isStatic = node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        let isMutating = node.modifiers.contains { $0.name.text == "mutating" }
        let context = isMethod ? memberContext(isStatic: isStatic) : (nested ? scope.memberContext : nil)
        let isNonisolated = node.modifiers.contains { $0.name.text == "nonisolated" }
        let build = { () throws -> (FunctionDecl) in
            self.scope.isAsync = isAsync
            if isMethod, !isStatic, !isNonisolated, let context, self.actorTypeNames.contains(context.typeName) {
                self.scope.isIsolatedMethod = true
            }
            let selfSlot = isMethod ? self.scope.declare("self") : nil
            // A struct's method that is not `mutating` cannot change `self`.
            if let selfSlot, !isStatic, !isMutating, let context, self.structTypeNames.contains(context.typeName) {
                self.scope.immutableSelfSlot = selfSlot
            }
            let parameters = try self.lowerParameters(node.signature.parameterClause)
            let constraints = self.noteGenericParameterTypes(of: node, parameters)
            let returnType = try node.signature.returnClause.map { try self.lowerType($0.type) }
            self.scope.returnBasicType = returnType.flatMap { Self.basicType(declared: $0) }
            guard let bodySyntax = node.body else {
                throw ScriptError(.syntax, "function '\(node.name.text)' has no body", at: self.location(node))
            }
            self.genericParameterScopes.append(
                Self.genericParameterOrigins(of: node, parameters, constraints: constraints))
            defer { self.genericParameterScopes.removeLast() }
            let (body, isSingle) = try self.lowerFunctionBody(bodySyntax.statements, returnsValue: returnType != nil)
            let function = FunctionDecl(
                index: self.nextFunctionIndex(), name: node.name.text, parameters: parameters, returnType: returnType,
                body: body,
                isSingleExpression: isSingle, slotCount: self.scope.slotCount, captures: self.scope.captures,
                captureList: [], selfSlot: selfSlot, isStatic: isStatic, isMutating: isMutating,
                isThrowing: node.signature.effectSpecifiers?.throwsClause != nil,
                isFailableInit: false, location: self.location(node), declaredTypes: self.scope.declaredTypes)
            function.genericConstraints = constraints
            function.genericParameterNames = node.genericParameterClause?.parameters.map(\.name.text) ?? []
            function.isAsync = isAsync
            return function
        }
        if nested {
            return try withFunctionScope(memberContext: context) { try build() }.0
        }
        return try withDetachedScope(memberContext: context) { try build() }.0
    }

    /// A body whose only statement is an expression returns that expression's value; so
    /// does one whose only statement is an `if` or `switch` that can be a value.
    func lowerFunctionBody(_ items: CodeBlockItemListSyntax, returnsValue: Bool) throws -> (Block, Bool) {
        if returnsValue, items.count == 1, let only = items.first, let expr = Self.expression(of: only) {
            let isStatement = expr.is(IfExprSyntax.self) || expr.is(SwitchExprSyntax.self)
            if !isStatement || canBeValue(expr) {
                let lowered =
                    isStatement
                    ? try lowerValueStatement(expr)
                    : try lowerExpr(expr, wantedAs: scope.returnBasicType ?? scope.resultBasicType)
                try refuseReturning(lowered)
                return (Block(statements: [.returnStatement(lowered, lowered.location)], declaredSlots: []), true)
            }
        }
        return (try withBlock(closingBrace: closingBrace(of: items)) { try lowerItems(items) }, false)
    }

    /// A closure's parameter written with a type that is not `inout` is a constant, as a
    /// function's is.
    private func noteClosureParameter(_ slot: Int, _ name: String, type: TypeRef) {
        scope.noteConstant(
            .binding(slot: slot, name: name),
            FunctionScope.Constant(
                isInitialized: true, isCollection: Self.isCollection(type, nil), holdsStruct: holdsStruct(type, nil),
                isParameter: true))
    }

    func lowerClosure(_ node: ClosureExprSyntax) throws -> FunctionDecl {
        // Swift makes a closure async when it says so or when its body awaits.
        let isAsync =
            node.signature?.effectSpecifiers?.asyncSpecifier != nil || AwaitFinder.awaits(in: node.statements)
        // What the call it is passed to gives its parameters (`prices.map { $0 * 2 }`).
        let given = closureTypes.removeValue(forKey: node.id)
        func noteGivenType(_ index: Int, _ slot: Int) {
            if let given, index < given.parameters.count, let type = given.parameters[index] {
                scope.noteTypeFacts(of: slot) { $0.basicType = type }
            }
        }
        /// The type a declaration's function type writes for parameter `index`, if basic.
        func writtenType(_ index: Int) -> TypeRef? {
            guard let given, index < given.writtenParameters.count, given.parameters[index] != nil else { return nil }
            return given.writtenParameters[index]
        }
        let (decl, _) = try withFunctionScope(memberContext: nil) { () throws -> FunctionDecl in
            scope.isAsync = isAsync
            scope.resultBasicType = given?.result
            var captureList: [CaptureListEntry] = []
            if let capture = node.signature?.capture {
                for item in capture.items {
                    let ownership: CaptureListEntry.Ownership
                    switch item.specifier?.specifier.text {
                    case "weak"?: ownership = .weak
                    case "unowned"?: ownership = .unowned
                    default: ownership = .strong
                    }
                    // The captured value is evaluated where the closure is created.
                    let name = item.name.text
                    let saved = scope
                    scope = saved.parent!
                    let value = try item.initializer.map { try lowerExpr($0.value) } ?? lowerName(name, node: item)
                    scope = saved
                    captureList.append(
                        CaptureListEntry(
                            slot: scope.declare(name), name: name, value: value,
                            ownership: ownership))
                }
            }
            var parameters: [Parameter] = []
            switch node.signature?.parameterClause {
            case .simpleInput(let list)?:
                for (index, parameter) in list.enumerated() {
                    let name = parameter.name.text
                    let slot = scope.declare(name)
                    noteGivenType(index, slot)
                    parameters.append(
                        Parameter(
                            label: nil, name: name, type: writtenType(index), defaultValue: nil,
                            isVariadic: false, isInout: false, slot: slot))
                }
            case .parameterClause(let clause)?:
                for (index, parameter) in clause.parameters.enumerated() {
                    let name = (parameter.secondName ?? parameter.firstName).text
                    let type = try parameter.type.map { try lowerType($0) }
                    let slot = scope.declare(name)
                    let isInout =
                        parameter.type?.as(AttributedTypeSyntax.self)?.specifiers
                        .contains { $0.trimmedDescription == "inout" } == true
                    // Only a parameter written with a type is known to be a constant: an
                    // untyped one is `inout` where the closure is passed for an `inout`
                    // parameter (`reduce(into: 0) { total, x in total += x }`).
                    if let type, !isInout { noteClosureParameter(slot, name, type: type) }
                    if type == nil { noteGivenType(index, slot) }
                    parameters.append(
                        Parameter(
                            label: nil, name: name, type: type ?? (isInout ? nil : writtenType(index)),
                            defaultValue: nil,
                            isVariadic: false, isInout: isInout, slot: slot))
                }
            case nil:
                let highest = Self.highestShorthandArgument(in: node.statements)
                if highest >= 0 {
                    for index in 0...highest {
                        let slot = scope.declare("$\(index)")
                        scope.shorthandSlots[index] = slot
                        noteGivenType(index, slot)
                        parameters.append(
                            Parameter(
                                label: nil, name: "$\(index)", type: writtenType(index), defaultValue: nil,
                                isVariadic: false, isInout: false, slot: slot))
                    }
                }
            }
            let returnType = try node.signature?.returnClause.map { try lowerType($0.type) } ?? given?.writtenResult
            let (body, isSingle) = try lowerFunctionBody(node.statements, returnsValue: true)
            let index = nextFunctionIndex()
            // `{ $0 * 2 }` over Ints gives Ints: what `map` makes of them (`closureResultTypes`).
            if let written = returnType.flatMap(Self.basicType(declared:)) {
                closureResultTypes[index] = written
            } else if isSingle, case .returnStatement(let value?, _)? = body.statements.first,
                let type = given?.accumulatesOntoALiteral == true
                    ? parameters.first.flatMap({ accumulatedType(of: value, accumulator: $0.slot) })
                    : basicType(of: value)
            {
                closureResultTypes[index] = type
            }
            return FunctionDecl(
                index: index, name: "closure", parameters: parameters, returnType: returnType, body: body,
                isSingleExpression: isSingle, slotCount: scope.slotCount, captures: scope.captures,
                captureList: captureList, selfSlot: nil, isStatic: false, isMutating: false,
                isThrowing: true, isFailableInit: false, location: location(node), declaredTypes: scope.declaredTypes)
        }
        decl.isAsync = isAsync
        return decl
    }

    /// The highest `$n` a closure body uses (not counting nested closures), or -1.
    static func highestShorthandArgument(in items: CodeBlockItemListSyntax) -> Int {
        final class Finder: SyntaxVisitor {
            var highest = -1
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                let text = node.baseName.text
                if text.hasPrefix("$"), let index = Int(text.dropFirst()) { highest = max(highest, index) }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(items)
        return finder.highest
    }

    // MARK: - Types

    /// `registryName` replaces the declared name where a local type is registered under a key
    /// of its own (see `localTypeKeys(declaredIn:)`).
    func lowerTypeDeclaration(_ decl: DeclSyntax, registryName: String? = nil) throws -> TypeDecl {
        let kind: TypeKind
        let name: String
        let generics: GenericParameterClauseSyntax?
        let inheritance: InheritanceClauseSyntax?
        let members: MemberBlockItemListSyntax
        if let node = decl.as(StructDeclSyntax.self) {
            kind = .structType
            name = node.name.text
            generics = node.genericParameterClause
            inheritance = node.inheritanceClause
            members = node.memberBlock.members
        } else if let node = decl.as(ClassDeclSyntax.self) {
            kind = .classType
            name = node.name.text
            generics = node.genericParameterClause
            inheritance = node.inheritanceClause
            members = node.memberBlock.members
        } else if let node = decl.as(ActorDeclSyntax.self) {
            // An actor is a reference type whose code runs one call at a time. Everything
            // here runs on one thread, one task at a time between its awaits, so it is a class
            // whose methods interleave only where they await (reentrancy, as Swift's do).
            kind = .classType
            name = node.name.text
            generics = node.genericParameterClause
            inheritance = node.inheritanceClause
            members = node.memberBlock.members
        } else if let node = decl.as(EnumDeclSyntax.self) {
            kind = .enumType
            name = node.name.text
            generics = node.genericParameterClause
            inheritance = node.inheritanceClause
            members = node.memberBlock.members
        } else if let node = decl.as(ProtocolDeclSyntax.self) {
            kind = .protocolType
            name = node.name.text
            generics = nil
            inheritance = node.inheritanceClause
            members = node.memberBlock.members
        } else {
            throw unsupported("this declaration", decl)
        }
        try refuseLiteralConformances(inheritance)
        let inherited = try inheritance?.inheritedTypes.map { try lowerType($0.type) } ?? []
        let registered = registryName ?? name
        let typeDecl = TypeDecl(
            kind: kind, name: registered,
            genericParameters: generics?.parameters.map(\.name.text) ?? [],
            inheritance: inherited, location: location(decl))
        typeDecl.isActor = decl.is(ActorDeclSyntax.self)
        if kind == .classType, let first = inherited.first?.qualifiedName {
            superclassNames.append(((typeNesting + [registered]).joined(separator: "."), first))
        }
        typeNesting.append(registered)
        defer { typeNesting.removeLast() }
        try lowerMembers(members, into: typeDecl)
        return typeDecl
    }

    /// A type of the script's made from literals (`let c: Celsius = 2` with
    /// `ExpressibleByIntegerLiteral`) is refused: its literals would stay Ints, with no error.
    private func refuseLiteralConformances(_ inheritance: InheritanceClauseSyntax?) throws {
        for inherited in inheritance?.inheritedTypes ?? [] {
            let name = inherited.type.trimmedDescription
            if name.hasPrefix("ExpressibleBy") || name.hasPrefix("Swift.ExpressibleBy") {
                throw unsupported("conforming a type of your own to `\(name)`", inherited)
            }
        }
    }

    func lowerExtension(_ node: ExtensionDeclSyntax) throws -> ExtensionDecl {
        try refuseLiteralConformances(node.inheritanceClause)
        let extended = try lowerType(node.extendedType)
        let inherited = try node.inheritanceClause?.inheritedTypes.map { try lowerType($0.type) } ?? []
        let members = TypeDecl(
            kind: .structType, name: extended.qualifiedName ?? extended.description,
            genericParameters: [], inheritance: inherited, location: location(node))
        typeNesting.append(extended.qualifiedName ?? extended.description)
        defer { typeNesting.removeLast() }
        try lowerMembers(node.memberBlock.members, into: members)
        let lowered = ExtensionDecl(
            extendedType: extended, inheritance: inherited, members: members,
            location: location(node))
        lowered.constraint = node.genericWhereClause.map { clause in
            clause.requirements.map { $0.requirement.trimmedDescription }.joined(separator: ", ")
        }
        return lowered
    }

    func lowerMembers(_ members: MemberBlockItemListSyntax, into typeDecl: TypeDecl) throws {
        for member in members {
            let decl = member.decl
            if let variable = decl.as(VariableDeclSyntax.self) {
                typeDecl.properties.append(contentsOf: try lowerProperty(variable, in: typeDecl))
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                if typeDecl.kind == .protocolType, function.body == nil {
                    typeDecl.requirementNames.append(function.name.text)
                    continue
                }
                typeDecl.methods.append(try lowerFunction(function, isMethod: true))
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                if typeDecl.kind == .protocolType, initializer.body == nil { continue }
                typeDecl.initializers.append(try lowerInitializer(initializer))
            } else if let deinitializer = decl.as(DeinitializerDeclSyntax.self) {
                typeDecl.deinitializer = try lowerAccessor(
                    name: "deinit", items: deinitializer.body?.statements ?? [], parameters: [],
                    returnsValue: false, isStatic: false, isMutating: false, node: deinitializer)
            } else if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
                for element in enumCase.elements {
                    let parameters = element.parameterClause?.parameters
                    typeDecl.cases.append(
                        EnumCaseDecl(
                            name: element.name.text,
                            associatedLabels: parameters?.map { $0.firstName?.text } ?? [],
                            associatedTypes: try parameters?.map { try lowerType($0.type) } ?? [],
                            rawValue: try element.rawValue.map { try lowerExpr($0.value) }))
                }
            } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
                typeDecl.typeAliases[alias.name.text] = try lowerType(alias.initializer.value)
            } else if decl.is(AssociatedTypeDeclSyntax.self) {
                continue
            } else if decl.is(StructDeclSyntax.self) || decl.is(ClassDeclSyntax.self)
                || decl.is(EnumDeclSyntax.self) || decl.is(ProtocolDeclSyntax.self) || decl.is(ActorDeclSyntax.self)
            {
                typeDecl.nestedTypes.append(try lowerTypeDeclaration(decl))
            } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
                typeDecl.subscripts.append(try lowerSubscript(subscriptDecl))
            } else if let node = decl.as(IfConfigDeclSyntax.self) {
                throw unsupported("`#if`", node)
            } else {
                throw unsupported("this member", decl)
            }
        }
    }

    func lowerInitializer(_ node: InitializerDeclSyntax) throws -> FunctionDecl {
        // `init() async`: constructing one is a call that may wait (`await Loader()`).
        let isAsync = node.signature.effectSpecifiers?.asyncSpecifier != nil
        let context = memberContext(isStatic: false)
        let initializer = try withDetachedScope(memberContext: context) { () throws -> FunctionDecl in
            scope.isAsync = isAsync
            let selfSlot = scope.declare("self")
            let parameters = try lowerParameters(node.signature.parameterClause)
            let body = try withBlock(closingBrace: node.body?.rightBrace) {
                try lowerItems(node.body?.statements ?? [])
            }
            return FunctionDecl(
                index: nextFunctionIndex(), name: "init", parameters: parameters, returnType: nil, body: body,
                isSingleExpression: false,
                slotCount: scope.slotCount, captures: [], captureList: [], selfSlot: selfSlot,
                isStatic: false, isMutating: true,
                isThrowing: node.signature.effectSpecifiers?.throwsClause != nil,
                isFailableInit: node.optionalMark != nil, location: location(node), declaredTypes: scope.declaredTypes)
        }.0
        initializer.isAsync = isAsync
        return initializer
    }

    /// A getter, setter, observer or deinit: a method with `self` and the given parameters.
    func lowerAccessor(
        name: String, items: CodeBlockItemListSyntax, parameters: [String],
        returnsValue: Bool, isStatic: Bool, isMutating: Bool, isAsync: Bool = false,
        node: some SyntaxProtocol
    ) throws -> FunctionDecl {
        let context = memberContext(isStatic: isStatic)
        let accessor = try withDetachedScope(memberContext: context) { () throws -> FunctionDecl in
            scope.isAsync = isAsync
            let selfSlot = scope.declare("self")
            let lowered = parameters.map { parameterName in
                Parameter(
                    label: nil, name: parameterName, type: nil, defaultValue: nil, isVariadic: false,
                    isInout: false, slot: scope.declare(parameterName))
            }
            let (body, isSingle) = try lowerFunctionBody(items, returnsValue: returnsValue)
            return FunctionDecl(
                index: nextFunctionIndex(), name: name, parameters: lowered, returnType: nil, body: body,
                isSingleExpression: isSingle,
                slotCount: scope.slotCount, captures: [], captureList: [], selfSlot: selfSlot,
                isStatic: isStatic, isMutating: isMutating, isThrowing: false, isFailableInit: false,
                location: location(node), declaredTypes: scope.declaredTypes)
        }.0
        accessor.isAsync = isAsync
        return accessor
    }

    func lowerProperty(_ variable: VariableDeclSyntax, in typeDecl: TypeDecl) throws -> [PropertyDecl] {
        let isConstant = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let isStatic = variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        let isLazy = variable.modifiers.contains { $0.name.text == "lazy" }
        let isWeak = variable.modifiers.contains { $0.name.text == "weak" || $0.name.text == "unowned" }
        let isUnowned = variable.modifiers.contains { $0.name.text == "unowned" }
        var wrapper: String?
        for attribute in variable.attributes {
            guard case .attribute(let node) = attribute else { continue }
            let name = node.attributeName.trimmedDescription
            if ["Published", "State", "ObservedObject", "StateObject", "Binding", "Environment"].contains(name) {
                wrapper = name
            } else if name == "objc" || name == "MainActor" || name == "available" || name == "discardableResult" {
                continue
            } else {
                throw unsupported("the attribute `@\(name)`", node)
            }
        }
        var result: [PropertyDecl] = []
        for binding in variable.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                throw unsupported("destructuring in a property", binding.pattern)
            }
            let name = identifier.identifier.text
            let type = try binding.typeAnnotation.map { try lowerType($0.type) }
            var property = PropertyDecl(
                name: name, type: type, initializer: nil, initializerFunction: nil, isConstant: isConstant,
                isStatic: isStatic, isLazy: isLazy, isWeak: isWeak, wrapper: wrapper, getter: nil, setter: nil,
                willSet: nil, didSet: nil, location: location(binding))
            property.isUnowned = isUnowned
            if let initializer = binding.initializer {
                // Property initializers run in a frame of their own (for closures and `lazy` self).
                property.initializerFunction = try lowerAccessor(
                    name: "init \(name)",
                    items: CodeBlockItemListSyntax([
                        CodeBlockItemSyntax(item: .expr(initializer.value))
                    ]),
                    parameters: [], returnsValue: true, isStatic: isStatic, isMutating: false, node: initializer)
                // The value takes the property's type: `var pending: Subscribers.Demand = .max(2)`.
                property.initializerFunction?.impliedReturnType = type
            }
            if let accessors = binding.accessorBlock {
                try lowerAccessors(accessors, into: &property, isStatic: isStatic)
                // `override var value: Int { didSet { … } }` observes the superclass's storage;
                // taken as a property of its own it had no value, with no error.
                if variable.modifiers.contains(where: { $0.name.text == "override" }), property.getter == nil,
                    property.willSet != nil || property.didSet != nil
                {
                    throw unsupported("observing an inherited property (`override var … { didSet }`)", accessors)
                }
            }
            if typeDecl.kind == .protocolType, property.getter == nil, property.initializerFunction == nil {
                typeDecl.requirementNames.append(name)
                continue
            }
            result.append(property)
        }
        return result
    }

    private func lowerAccessors(
        _ block: AccessorBlockSyntax, into property: inout PropertyDecl,
        isStatic: Bool
    ) throws {
        switch block.accessors {
        case .getter(let items):
            property.getter = try lowerAccessor(
                name: "get \(property.name)", items: items, parameters: [],
                returnsValue: true, isStatic: isStatic, isMutating: false,
                node: block)
        case .accessors(let list):
            for accessor in list {
                // `get async`: a computed property read with `await` (Swift allows effects on
                // a getter only).
                let isAsync = accessor.effectSpecifiers?.asyncSpecifier != nil
                if let effect = accessor.effectSpecifiers?.asyncSpecifier, accessor.accessorSpecifier.text != "get" {
                    throw unsupported("`async` on `\(accessor.accessorSpecifier.text)`", effect)
                }
                let kind = accessor.accessorSpecifier.text
                let items = accessor.body?.statements ?? []
                let parameterName = accessor.parameters?.name.text
                switch kind {
                case "get":
                    if accessor.body == nil { continue }  // protocol requirement `{ get }`
                    property.getter = try lowerAccessor(
                        name: "get \(property.name)", items: items, parameters: [],
                        returnsValue: true, isStatic: isStatic, isMutating: false, isAsync: isAsync,
                        node: accessor)
                case "set":
                    if accessor.body == nil { continue }
                    property.setter = try lowerAccessor(
                        name: "set \(property.name)", items: items,
                        parameters: [parameterName ?? "newValue"],
                        returnsValue: false, isStatic: isStatic, isMutating: true,
                        node: accessor)
                case "willSet":
                    property.willSet = try lowerAccessor(
                        name: "willSet \(property.name)", items: items,
                        parameters: [parameterName ?? "newValue"],
                        returnsValue: false, isStatic: isStatic, isMutating: true,
                        node: accessor)
                case "didSet":
                    property.didSet = try lowerAccessor(
                        name: "didSet \(property.name)", items: items,
                        parameters: [parameterName ?? "oldValue"],
                        returnsValue: false, isStatic: isStatic, isMutating: true,
                        node: accessor)
                default:
                    throw unsupported("the accessor `\(kind)`", accessor)
                }
            }
        }
        // A getter's result takes the property's type: `var demand: Subscribers.Demand { .max(1) }`.
        property.getter?.impliedReturnType = property.type
    }

    func lowerSubscript(_ node: SubscriptDeclSyntax) throws -> SubscriptDecl {
        let isStatic = node.modifiers.contains { $0.name.text == "static" }
        let context = memberContext(isStatic: isStatic)
        func accessor(_ name: String, _ items: CodeBlockItemListSyntax, extra: String?) throws -> FunctionDecl {
            try withDetachedScope(memberContext: context) { () throws -> FunctionDecl in
                let selfSlot = scope.declare("self")
                var parameters = try lowerParameters(node.parameterClause)
                // A subscript parameter has an argument label only when it is written with two
                // names (`subscript(column c: Int)`, `subscript(row row: Int)`).
                for (index, syntax) in node.parameterClause.parameters.enumerated() where syntax.secondName == nil {
                    parameters[index].label = nil
                }
                if let extra {
                    parameters.append(
                        Parameter(
                            label: nil, name: extra, type: nil, defaultValue: nil,
                            isVariadic: false, isInout: false, slot: scope.declare(extra)))
                }
                let (body, isSingle) = try lowerFunctionBody(items, returnsValue: extra == nil)
                return FunctionDecl(
                    index: nextFunctionIndex(), name: name, parameters: parameters,
                    returnType: try lowerType(node.returnClause.type),
                    body: body, isSingleExpression: isSingle, slotCount: scope.slotCount, captures: [],
                    captureList: [], selfSlot: selfSlot, isStatic: isStatic, isMutating: extra != nil,
                    isThrowing: false, isFailableInit: false, location: location(node),
                    declaredTypes: scope.declaredTypes)
            }.0
        }
        guard let block = node.accessorBlock else {
            throw ScriptError(.syntax, "subscript has no body", at: location(node))
        }
        switch block.accessors {
        case .getter(let items):
            return SubscriptDecl(getter: try accessor("subscript", items, extra: nil), setter: nil, isStatic: isStatic)
        case .accessors(let list):
            var getter: FunctionDecl?
            var setter: FunctionDecl?
            for item in list {
                if let effect = item.effectSpecifiers?.asyncSpecifier {
                    throw unsupported("`async` subscripts", effect)
                }
                let items = item.body?.statements ?? []
                switch item.accessorSpecifier.text {
                case "get": getter = try accessor("subscript", items, extra: nil)
                case "set": setter = try accessor("subscript", items, extra: item.parameters?.name.text ?? "newValue")
                default: throw unsupported("the accessor `\(item.accessorSpecifier.text)`", item)
                }
            }
            guard let getter else { throw ScriptError(.syntax, "subscript has no getter", at: location(node)) }
            return SubscriptDecl(getter: getter, setter: setter, isStatic: isStatic)
        }
    }
}
