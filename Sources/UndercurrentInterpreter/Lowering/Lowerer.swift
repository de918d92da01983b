import SwiftDiagnostics
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// One input (a REPL entry or a whole file) after lowering: its top-level code as a
/// function, and the declarations to register before that code runs.
public struct LoweredInput {
    public let topLevel: FunctionDecl
    public let declarations: [Declaration]
}

/// Turns Swift source into the interpreter's own tree, once. Names are resolved to frame
/// slots here, so evaluation never looks at SwiftSyntax nodes or scope dictionaries.
public final class Lowerer {
    let converter: SourceLocationConverter
    let fileName: String
    /// Added to every line, so that locations of several inputs can be told apart.
    let lineOffset: Int
    var scope: FunctionScope
    /// Member names of types, for resolving an unqualified `x` to `self.x`.
    var memberNames: [String: Set<String>]
    var hoisted: [Declaration] = []
    /// Names of the enclosing nominal types while lowering their members.
    var typeNesting: [String] = []
    /// Qualified names (`Outer.Inner`) of the types declared before this input and in it, so
    /// that a nested type's short name inside its enclosing types means that type.
    var typeNames: Set<String>

    private init(
        converter: SourceLocationConverter, fileName: String, memberNames: [String: Set<String>],
        typeNames: Set<String>, lineOffset: Int
    ) {
        self.converter = converter
        self.fileName = fileName
        self.lineOffset = lineOffset
        self.memberNames = memberNames
        self.typeNames = typeNames
        self.scope = FunctionScope(parent: nil, memberContext: nil, isTopLevel: true)
    }

    /// Parses and lowers `source`. `knownMemberNames` gives the members of types declared
    /// by earlier inputs, so that methods added in extensions can use them unqualified;
    /// `knownTypeNames` the qualified names of the types they declared.
    /// `lineOffset` is added to the line of every location (an error's too): a host that
    /// runs several inputs gives each its own range of lines, and so knows which input a
    /// location is in, even for an error raised in a function an earlier input declared.
    public static func lower(
        source: String, fileName: String = "<input>",
        knownMemberNames: [String: Set<String>] = [:], knownTypeNames: Set<String> = [], lineOffset: Int = 0
    ) throws -> LoweredInput {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: fileName, tree: tree)
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        if let first = diagnostics.first(where: { $0.diagMessage.severity == .error }) {
            let location = converter.location(for: first.position)
            throw ScriptError(
                .syntax, first.message,
                at: SourceLocation(line: location.line + lineOffset, column: location.column))
        }
        let folded: SourceFileSyntax
        do {
            guard let result = try OperatorTable.standardOperators.foldAll(tree).as(SourceFileSyntax.self)
            else { throw ScriptError(.syntax, "could not fold operators") }
            folded = result
        } catch let error as ScriptError {
            throw error
        } catch {
            throw ScriptError(.unsupported, "\(error)")
        }
        let lowerer = Lowerer(
            converter: converter, fileName: fileName, memberNames: knownMemberNames, typeNames: knownTypeNames,
            lineOffset: lineOffset)
        lowerer.collectMemberNames(folded.statements)
        let body = try lowerer.lowerTopLevel(folded.statements)
        let topLevel = FunctionDecl(
            name: "<top level>", parameters: [], returnType: nil, body: body,
            isSingleExpression: false, slotCount: lowerer.scope.slotCount, captures: [],
            captureList: [], selfSlot: nil, isStatic: false, isMutating: false,
            isThrowing: true, isFailableInit: false, location: SourceLocation(line: 1 + lineOffset, column: 1))
        return LoweredInput(topLevel: topLevel, declarations: lowerer.hoisted)
    }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let location = node.startLocation(converter: converter)
        return SourceLocation(line: location.line + lineOffset, column: location.column)
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
        return (try body(), inner)
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
        return (try body(), inner)
    }

    func withBlock(_ body: () throws -> [Stmt]) rethrows -> Block {
        scope.pushBlock()
        var statements: [Stmt] = []
        do {
            statements = try body()
        } catch {
            _ = scope.popBlock()
            throw error
        }
        return Block(statements: statements, declaredSlots: scope.popBlock())
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
        if let node = decl.as(StructDeclSyntax.self) {
            name = node.name.text
            members = node.memberBlock.members
        } else if let node = decl.as(ClassDeclSyntax.self) {
            name = node.name.text
            members = node.memberBlock.members
        } else if let node = decl.as(EnumDeclSyntax.self) {
            name = node.name.text
            members = node.memberBlock.members
        } else if let node = decl.as(ProtocolDeclSyntax.self) {
            name = node.name.text
            members = node.memberBlock.members
        } else if let node = decl.as(ExtensionDeclSyntax.self) {
            name = node.extendedType.trimmedDescription
            members = node.memberBlock.members
            let qualified = name
            var names = memberNames[qualified] ?? []
            for member in members { names.formUnion(Self.declaredNames(member.decl)) }
            memberNames[qualified] = names
            for member in members { collectMemberNames(member.decl, prefix: [qualified]) }
            return
        } else if let node = decl.as(TypeAliasDeclSyntax.self), !prefix.isEmpty {
            typeNames.insert((prefix + [node.name.text]).joined(separator: "."))
            return
        } else {
            return
        }
        let qualified = (prefix + [name]).joined(separator: ".")
        typeNames.insert(qualified)
        var names = memberNames[qualified] ?? []
        for member in members { names.formUnion(Self.declaredNames(member.decl)) }
        memberNames[qualified] = names
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
        return MemberContext(typeName: qualified, memberNames: names, isStatic: isStatic)
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
