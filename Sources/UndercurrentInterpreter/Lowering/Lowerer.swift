import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// One input (a REPL entry or a whole file) after lowering: its top-level code as a
/// function, and the declarations to register before that code runs.
public struct LoweredInput {
    public let topLevel: FunctionDecl
    public let declarations: [Declaration]
    /// The indices its functions (`FunctionDecl.index`) and its call and member sites were
    /// numbered with (`ProgramTables`).
    public let functionIndices: Range<Int>
    public let siteIndices: Range<Int>
    /// Names declared with an implicitly unwrapped type (`T!`), this input's and earlier ones'.
    public var implicitlyUnwrappedNames: Set<String> = []
    /// The top level awaits: it runs as the input's main task, which can suspend.
    public var awaitsAtTopLevel = false
    /// The actors declared by this input and earlier ones (`Lowerer.actorTypeNames`).
    public var actorTypeNames: Set<String> = []
}

/// Turns Swift source into the interpreter's own tree, once. Names are resolved to frame
/// slots here, so evaluation never looks at SwiftSyntax nodes or scope dictionaries.
public final class Lowerer {
    let lines: SourceLines
    let fileName: String
    /// Added to every line, so that locations of several inputs can be told apart.
    let lineOffset: Int
    var scope: FunctionScope
    /// Member names of types, for resolving an unqualified `x` to `self.x`.
    var memberNames: [String: Set<String>]
    var hoisted: [Declaration] = []
    /// Names of the enclosing nominal types while lowering their members.
    var typeNesting: [String] = []
    /// The type parameters of the enclosing generic functions, innermost last, each with
    /// the parameter that tells what it stands for (`GenericParameterSource`).
    var genericParameterScopes: [[String: GenericParameterOrigin]] = []
    /// Qualified names (`Outer.Inner`) of the types declared before this input and in it, so
    /// that a nested type's short name inside its enclosing types means that type.
    var typeNames: Set<String>
    /// How deep the expression being lowered is nested; see `maximumExpressionDepth`.
    var expressionDepth = 0
    /// Expressions nested deeper are refused: each level costs a few native frames when the
    /// input runs, and this many fit well within the thread's stack even in a debug build.
    static let maximumExpressionDepth = 10_000
    /// Names declared `T!` anywhere in this input or an earlier one (`isImplicitlyUnwrapped`).
    var implicitlyUnwrappedNames: Set<String> = []
    /// An `await` was written at the top level (`LoweredInput.awaitsAtTopLevel`).
    var awaitsAtTopLevel = false
    /// The `async let`s declared so far: a read of one is its task's value (`asyncLetRead`).
    var asyncLets: [AsyncLetName] = []
    /// The type each global was declared with, by name: those of earlier inputs, then this
    /// input's as they are lowered (`OperandTypes.swift`).
    var globalDeclaredTypes: [String: TypeRef?] = [:]
    /// What is known of each global's type (`TypeFacts`): written in this input or an
    /// earlier one, or given by its initializer (an earlier input's from literals alone).
    var globalTypeFacts: [String: TypeFacts] = [:]
    /// The expression being lowered as the value of a place of a basic type, and that type
    /// (`lowerExpr(_:wantedAs:)`).
    var contextualExpression: (id: SyntaxIdentifier, type: String)?
    /// Where the name of each member access is (`total` in `cart.total`), by its site: where
    /// swiftc points at one in an error about its value.
    var memberNameLocations: [Int: SourceLocation] = [:]
    /// The type an `if` or `switch` used as a value has where one of its branches says so
    /// (`nil as Int?`), by the slot its value goes to (`lowerValueStatement`).
    var valueStatementTypes: [Int: TypeRef] = [:]
    /// The basic type of what each single-expression closure of this input returns, where
    /// its expression's type is known, by the closure's function index.
    var closureResultTypes: [Int: String] = [:]
    /// What the call a closure about to be lowered is passed to tells of its types, by the
    /// closure's syntax (`noteClosureTypes(of:callee:)`).
    var closureTypes: [SyntaxIdentifier: ClosureTypes] = [:]
    /// The parameters of this input's top-level functions, by base name: one entry per
    /// function so named (`refuseArguments`).
    var topLevelFunctionSignatures: [String: [BasicSignature]] = [:]
    /// The basic type of each instance property that has one, by type (this input's types).
    var memberBasicTypes: [String: [String: String]] = [:]
    /// The instance methods of each type this input declares (its extensions' included), as
    /// a call's result type is read from them (`cart.total()`).
    var memberMethodSignatures: [String: [MethodSignature]] = [:]
    /// The `@Published` properties of each type this input declares, whose `$name` is a
    /// publisher of the property's type.
    var publishedProperties: [String: Set<String>] = [:]
    /// The structs declared in this input and earlier ones, by qualified name: a `let`
    /// holding one cannot have its properties set (`OperandTypes.swift`).
    var structTypeNames: Set<String> = []
    /// The actors declared in this input and earlier ones, by qualified name: code in their
    /// methods is isolated to them (`FunctionDecl.isolation`).
    var actorTypeNames: Set<String> = []
    /// The publisher protocols and the types conforming to them, this input's and earlier
    /// ones': inside them `print`, `min` and `max` are Publisher's (`PublisherMembers.swift`).
    var publisherTypes: Set<String> = Lowerer.publisherProtocols
    /// `location(_:)`'s answers by the node's offset in the source.
    private var locationsByOffset: [Int: SourceLocation] = [:]
    /// The index of the next function lowered (`FunctionDecl.index`).
    private var functionIndex: Int
    /// The index of the next call or member access lowered (`Expr.call`, `Expr.member`).
    private var siteIndex: Int

    private init(
        lines: SourceLines, fileName: String, memberNames: [String: Set<String>],
        typeNames: Set<String>, lineOffset: Int, firstFunctionIndex: Int, firstSiteIndex: Int
    ) {
        self.functionIndex = firstFunctionIndex
        self.siteIndex = firstSiteIndex
        self.lines = lines
        self.fileName = fileName
        self.lineOffset = lineOffset
        self.memberNames = memberNames
        self.typeNames = typeNames
        self.scope = FunctionScope(parent: nil, memberContext: nil, isTopLevel: true)
    }

    /// Parses and lowers `source`. `knownMemberNames` gives the members of types declared
    /// by earlier inputs, so that methods added in extensions can use them unqualified;
    /// `knownTypeNames` the qualified names of the types they declared;
    /// `knownGlobalInitializers` the values of their globals declared without a written type.
    /// `lineOffset` is added to the line of every location (an error's too): a host that
    /// runs several inputs gives each its own range of lines, and so knows which input a
    /// location is in, even for an error raised in a function an earlier input declared.
    public static func lower(
        source: String, fileName: String = "<input>",
        knownMemberNames: [String: Set<String>] = [:], knownTypeNames: Set<String> = [], lineOffset: Int = 0,
        knownImplicitlyUnwrappedNames: Set<String> = [], knownPublisherTypes: Set<String> = [],
        knownGlobalTypes: [String: TypeRef] = [:], knownGlobalInitializers: [String: Expr] = [:],
        knownStructTypes: Set<String> = [],
        knownActorTypes: Set<String> = [],
        firstFunctionIndex: Int = 0, firstSiteIndex: Int = 0
    ) throws -> LoweredInput {
        if let refused = ParseGuard.check(source, lineOffset: lineOffset) { throw refused }
        let tree = Parser.parse(source: source)
        let lines = SourceLines(source)
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        if let first = diagnostics.first(where: { $0.diagMessage.severity == .error }) {
            let location = lines.location(ofOffset: first.position.utf8Offset)
            throw ScriptError(
                .syntax, first.message,
                at: SourceLocation(line: location.line + lineOffset, column: location.column))
        }
        do {
            try OperatorSequence.checkAll(in: tree)
        } catch {
            throw operatorError(error, in: tree, lines: lines, lineOffset: lineOffset)
        }
        let lowerer = Lowerer(
            lines: lines, fileName: fileName, memberNames: knownMemberNames, typeNames: knownTypeNames,
            lineOffset: lineOffset, firstFunctionIndex: firstFunctionIndex, firstSiteIndex: firstSiteIndex)
        lowerer.publisherTypes.formUnion(knownPublisherTypes)
        lowerer.globalDeclaredTypes = knownGlobalTypes.mapValues { .some($0) }
        for (name, initializer) in knownGlobalInitializers {
            lowerer.globalTypeFacts[name] = TypeFacts(basicType: Lowerer.literalType(of: initializer))
        }
        for (name, type) in knownGlobalTypes {
            var facts = TypeFacts(basicType: Lowerer.basicType(declared: type))
            if case .function = type { facts.functionType = type }
            lowerer.globalTypeFacts[name] = facts
        }
        lowerer.structTypeNames = knownStructTypes
        lowerer.actorTypeNames = knownActorTypes
        lowerer.collectMemberNames(tree.statements)
        lowerer.implicitlyUnwrappedNames = knownImplicitlyUnwrappedNames.union(
            ImplicitlyUnwrappedNameFinder.names(in: tree))
        let body = try lowerer.lowerTopLevel(tree.statements)
        let topLevel = FunctionDecl(
            index: lowerer.nextFunctionIndex(), name: "<top level>", parameters: [], returnType: nil, body: body,
            isSingleExpression: false, slotCount: lowerer.scope.slotCount, captures: [],
            captureList: [], selfSlot: nil, isStatic: false, isMutating: false,
            isThrowing: true, isFailableInit: false, location: SourceLocation(line: 1 + lineOffset, column: 1),
            declaredTypes: lowerer.scope.declaredTypes)
        return LoweredInput(
            topLevel: topLevel, declarations: lowerer.hoisted,
            functionIndices: firstFunctionIndex..<lowerer.functionIndex,
            siteIndices: firstSiteIndex..<lowerer.siteIndex,
            implicitlyUnwrappedNames: lowerer.implicitlyUnwrappedNames,
            awaitsAtTopLevel: lowerer.awaitsAtTopLevel, actorTypeNames: lowerer.actorTypeNames)
    }

    /// An operator the standard table cannot fold, in the compiler's words and at its place.
    /// An operator the script declares itself is what is missing: declaring one is refused.
    private static func operatorError(
        _ error: OperatorSequenceError, in tree: SourceFileSyntax, lines: SourceLines,
        lineOffset: Int
    ) -> ScriptError {
        func at(_ node: some SyntaxProtocol) -> SourceLocation {
            let start = lines.start(of: node)
            return SourceLocation(line: start.line + lineOffset, column: start.column)
        }
        switch error {
        case .missingOperator(let name, let token):
            if let declaration = OperatorDeclarationFinder.first(in: tree) {
                return ScriptError(.unsupported, "declaring operators is not supported yet", at: at(declaration))
            }
            // swiftc's words; SwiftOperators says "unknown infix operator".
            return ScriptError(.syntax, "cannot find operator '\(name)' in scope", at: at(token))
        case .incomparableOperators(let left, _, _):
            // `1 < 2 < 3`, in SwiftOperators' words, which are the compiler's, at the left operator.
            return ScriptError(.syntax, error.message, at: at(left))
        case .notAnOperator(let node):
            return ScriptError(.syntax, error.message, at: at(node))
        }
    }

    /// Numbers a function being lowered.
    func nextFunctionIndex() -> Int {
        defer { functionIndex += 1 }
        return functionIndex
    }

    /// Numbers a call or member access being lowered.
    func nextSiteIndex() -> Int {
        defer { siteIndex += 1 }
        return siteIndex
    }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        // Finding where a node's text starts walks down to its first token, which is as deep
        // as a left-leaning tree (`1 + 1 + … + 1`, a long operator chain) is long: asked of
        // each node, that is quadratic. Every non-empty node starting at the same offset has
        // the same first token, so one walk per offset is enough.
        let offset = node.position.utf8Offset
        let cacheable = node.totalLength.utf8Length > 0
        if cacheable, let known = locationsByOffset[offset] { return known }
        let start = lines.start(of: node)
        let location = SourceLocation(line: start.line + lineOffset, column: start.column)
        if cacheable { locationsByOffset[offset] = location }
        return location
    }

    func unsupported(_ what: String, _ node: some SyntaxProtocol) -> ScriptError {
        ScriptError(.unsupported, "\(what) is not supported yet", at: location(node))
    }

    // MARK: - Scopes

    func withFunctionScope<T>(memberContext: MemberContext?, _ body: () throws -> T) rethrows
        -> (T, FunctionScope)
    {
        let saved = scope
        let inner = FunctionScope(parent: saved, memberContext: memberContext ?? saved.memberContext)
        scope = inner
        defer { scope = saved }
        return (try noteIsolation(of: body(), in: inner), inner)
    }

    /// A function body's scope: closures see enclosing locals, but a named function
    /// declared in a type or at top level does not capture the top-level frame.
    func withDetachedScope<T>(memberContext: MemberContext?, _ body: () throws -> T) rethrows
        -> (T, FunctionScope)
    {
        let saved = scope
        let inner = FunctionScope(parent: nil, memberContext: memberContext)
        scope = inner
        defer { scope = saved }
        return (try noteIsolation(of: body(), in: inner), inner)
    }

    /// Every function, method, accessor and closure is made in one of the two scopes above:
    /// here it learns whether its code is isolated to an actor (`FunctionDecl.isolation`).
    private func noteIsolation<T>(of result: T, in inner: FunctionScope) -> T {
        guard let function = result as? FunctionDecl else { return result }
        if inner.isIsolatedMethod {
            function.isolation = .actorMethod
        } else if let context = inner.memberContext, actorTypeNames.contains(context.typeName) {
            function.isolation = .insideActor
        }
        return result
    }

    /// Lowers a block's statements in a scope of their own; `closingBrace` is where its
    /// variables end.
    func withBlock(closingBrace: TokenSyntax? = nil, _ body: () throws -> [Stmt]) rethrows -> Block {
        scope.pushBlock()
        var statements: [Stmt] = []
        do {
            statements = try body()
        } catch {
            _ = scope.popBlock()
            throw error
        }
        let (slots, names) = scope.popBlock()
        let note = slots.isEmpty ? nil : ScopeNote(names: names, end: closingBrace.map { location($0) })
        return Block(statements: statements, declaredSlots: slots, scope: note)
    }

    // MARK: - Member names for implicit self

    func collectMemberNames(_ items: CodeBlockItemListSyntax) {
        for item in items {
            if let decl = item.item.as(DeclSyntax.self) { collectMemberNames(decl, prefix: []) }
        }
    }

    private func collectMemberNames(_ decl: DeclSyntax, prefix: [String]) {
        let name: String
        let members: MemberBlockItemListSyntax
        var inheritance: InheritanceClauseSyntax?
        if let node = decl.as(StructDeclSyntax.self) {
            name = node.name.text
            members = node.memberBlock.members
            inheritance = node.inheritanceClause
        } else if let node = decl.as(ClassDeclSyntax.self) {
            name = node.name.text
            members = node.memberBlock.members
            inheritance = node.inheritanceClause
        } else if let node = decl.as(ActorDeclSyntax.self) {
            name = node.name.text
            members = node.memberBlock.members
            inheritance = node.inheritanceClause
        } else if let node = decl.as(EnumDeclSyntax.self) {
            name = node.name.text
            members = node.memberBlock.members
            inheritance = node.inheritanceClause
        } else if let node = decl.as(ProtocolDeclSyntax.self) {
            name = node.name.text
            members = node.memberBlock.members
        } else if let node = decl.as(ExtensionDeclSyntax.self) {
            name = node.extendedType.trimmedDescription
            members = node.memberBlock.members
            let qualified = name
            notePublisherConformance(of: qualified, node.inheritanceClause)
            var names = memberNames[qualified] ?? []
            for member in members { names.formUnion(Self.declaredNames(member.decl)) }
            memberNames[qualified] = names
            noteMemberBasicTypes(members, of: qualified)
            for member in members { collectMemberNames(member.decl, prefix: [qualified]) }
            return
        } else if let node = decl.as(TypeAliasDeclSyntax.self), !prefix.isEmpty {
            typeNames.insert((prefix + [node.name.text]).joined(separator: "."))
            return
        } else {
            return
        }
        let qualified = (prefix + [name]).joined(separator: ".")
        notePublisherConformance(of: qualified, inheritance)
        typeNames.insert(qualified)
        // A type declared again as a class or an enum is no longer the struct it was.
        if decl.is(StructDeclSyntax.self) {
            structTypeNames.insert(qualified)
        } else {
            structTypeNames.remove(qualified)
        }
        if decl.is(ActorDeclSyntax.self) {
            actorTypeNames.insert(qualified)
        } else {
            actorTypeNames.remove(qualified)
        }
        var names = memberNames[qualified] ?? []
        for member in members { names.formUnion(Self.declaredNames(member.decl)) }
        memberNames[qualified] = names
        noteMemberBasicTypes(members, of: qualified)
        for member in members { collectMemberNames(member.decl, prefix: prefix + [name]) }
    }

    static func declaredNames(_ decl: DeclSyntax) -> Set<String> {
        if let variable = decl.as(VariableDeclSyntax.self) {
            var names: Set<String> = []
            for binding in variable.bindings {
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                    names.insert(identifier.identifier.text)
                    if variable.attributes.contains(where: { $0.trimmedDescription.hasPrefix("@") }) {
                        names.insert("$" + identifier.identifier.text)
                    }
                }
            }
            return names
        }
        if let function = decl.as(FunctionDeclSyntax.self) { return [function.name.text] }
        if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
            return Set(enumCase.elements.map { $0.name.text })
        }
        return []
    }

    /// Member names of the type being lowered, its extensions and (when known) its superclass.
    func memberContext(isStatic: Bool) -> MemberContext? {
        guard !typeNesting.isEmpty else { return nil }
        let qualified = typeNesting.joined(separator: ".")
        var names = memberNames[qualified] ?? []
        if let last = typeNesting.last, last != qualified { names.formUnion(memberNames[last] ?? []) }
        for (typeName, superName) in superclassNames where typeName == qualified {
            names.formUnion(memberNames[superName] ?? [])
        }
        var basicTypes = memberBasicTypes[qualified] ?? [:]
        if let last = typeNesting.last, last != qualified {
            basicTypes.merge(memberBasicTypes[last] ?? [:]) { own, _ in own }
        }
        for (typeName, superName) in superclassNames where typeName == qualified {
            basicTypes.merge(memberBasicTypes[superName] ?? [:]) { own, _ in own }
        }
        return MemberContext(typeName: qualified, memberNames: names, isStatic: isStatic, basicTypes: basicTypes)
    }

    var superclassNames: [(String, String)] = []
    /// The types declared in each enclosing block of a function (or of a block at the top
    /// level), innermost last: short name → the key the type is registered under.
    var localTypeScopes: [[String: String]] = []

    /// Keys for the types a block declares. A type declared inside a function is its own
    /// type, not a replacement for a global one of the same name: it is registered under a
    /// key unique to its declaration, `(local INPUT LINE:COLUMN).Name`, which prints as `Name`.
    func localTypeKeys(declaredIn items: CodeBlockItemListSyntax) -> [String: String] {
        var keys: [String: String] = [:]
        for item in items {
            guard case .decl(let decl) = item.item, let name = Self.typeDeclarationName(decl) else { continue }
            let declared = location(decl)
            // The input's name keeps keys apart across REPL inputs; its dots would read as nesting.
            let input = String(fileName.map { $0 == "." ? "_" : $0 })
            let key = "(local \(input) \(declared.line):\(declared.column)).\(name)"
            keys[name] = key
            insertTypeNames(decl, qualified: key)
        }
        return keys
    }

    /// Records `qualified` and the qualified names of the types nested in `decl`.
    private func insertTypeNames(_ decl: DeclSyntax, qualified: String) {
        typeNames.insert(qualified)
        let members: MemberBlockItemListSyntax
        if let node = decl.as(StructDeclSyntax.self) {
            members = node.memberBlock.members
        } else if let node = decl.as(ClassDeclSyntax.self) {
            members = node.memberBlock.members
        } else if let node = decl.as(ActorDeclSyntax.self) {
            members = node.memberBlock.members
        } else if let node = decl.as(EnumDeclSyntax.self) {
            members = node.memberBlock.members
        } else {
            return
        }
        for member in members {
            if let name = Self.typeDeclarationName(member.decl) {
                insertTypeNames(member.decl, qualified: qualified + "." + name)
            } else if let alias = member.decl.as(TypeAliasDeclSyntax.self) {
                typeNames.insert(qualified + "." + alias.name.text)
            }
        }
    }

    static func typeDeclarationName(_ decl: DeclSyntax) -> String? {
        if let node = decl.as(StructDeclSyntax.self) { return node.name.text }
        if let node = decl.as(ClassDeclSyntax.self) { return node.name.text }
        if let node = decl.as(ActorDeclSyntax.self) { return node.name.text }
        if let node = decl.as(EnumDeclSyntax.self) { return node.name.text }
        if let node = decl.as(ProtocolDeclSyntax.self) { return node.name.text }
        return nil
    }

    /// The key of a local type visible here by this short name, innermost block first.
    func localTypeKey(_ name: String) -> String? {
        for scope in localTypeScopes.reversed() {
            if let key = scope[name] { return key }
        }
        return nil
    }

    /// The qualified name a type's short name means here: inside `Outer.Inner`, `Mode` is
    /// `Outer.Inner.Mode` if that exists, else `Outer.Mode`, as Swift looks in the enclosing
    /// types from the innermost out before the module's top level. Nil outside any type, or
    /// when no enclosing type has a type of that name.
    func nestedTypeName(_ name: String) -> String? {
        // An extension of `Outer.Inner` nests as one entry; its members see `Outer`'s types too.
        let enclosing = typeNesting.flatMap { $0.split(separator: ".").map(String.init) }
        var depth = enclosing.count
        while depth > 0 {
            let candidate = (enclosing[..<depth] + [name]).joined(separator: ".")
            if typeNames.contains(candidate) { return candidate }
            depth -= 1
        }
        return nil
    }
}

/// Finds the first `infix operator` (or prefix, postfix) declaration in a file.
private final class OperatorDeclarationFinder: SyntaxVisitor {
    private var found: OperatorDeclSyntax?

    static func first(in tree: SourceFileSyntax) -> OperatorDeclSyntax? {
        let finder = OperatorDeclarationFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found
    }

    override func visit(_ node: OperatorDeclSyntax) -> SyntaxVisitorContinueKind {
        if found == nil { found = node }
        return .skipChildren
    }
}

/// The names of variables and properties declared with an implicitly unwrapped type.
private final class ImplicitlyUnwrappedNameFinder: SyntaxVisitor {
    private var found: Set<String> = []

    static func names(in tree: SourceFileSyntax) -> Set<String> {
        let finder = ImplicitlyUnwrappedNameFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if node.typeAnnotation?.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true,
            let identifier = node.pattern.as(IdentifierPatternSyntax.self)
        {
            found.insert(identifier.identifier.text)
        }
        return .visitChildren
    }
}
