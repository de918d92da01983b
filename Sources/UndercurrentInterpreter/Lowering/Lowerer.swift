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
    /// Added to every line, so that locations of several inputs can be told apart.
    let lineOffset: Int
    var scope: FunctionScope
    /// Member names of types, for resolving an unqualified `x` to `self.x`.
    var memberNames: [String: Set<String>]
    var hoisted: [Declaration] = []
    /// Names of the enclosing nominal types while lowering their members.
    var typeNesting: [String] = []

    private init(converter: SourceLocationConverter, memberNames: [String: Set<String>], lineOffset: Int) {
        self.converter = converter
        self.lineOffset = lineOffset
        self.memberNames = memberNames
        self.scope = FunctionScope(parent: nil, memberContext: nil, isTopLevel: true)
    }

    /// Parses and lowers `source`. `knownMemberNames` gives the members of types declared
    /// by earlier inputs, so that methods added in extensions can use them unqualified.
    /// `lineOffset` is added to the line of every location (an error's too): a host that
    /// runs several inputs gives each its own range of lines, and so knows which input a
    /// location is in, even for an error raised in a function an earlier input declared.
    public static func lower(
        source: String, fileName: String = "<input>",
        knownMemberNames: [String: Set<String>] = [:], lineOffset: Int = 0
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
        let lowerer = Lowerer(converter: converter, memberNames: knownMemberNames, lineOffset: lineOffset)
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
        } else {
            return
        }
        let qualified = (prefix + [name]).joined(separator: ".")
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
}
