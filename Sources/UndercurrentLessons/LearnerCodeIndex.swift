import SwiftParser
import SwiftSyntax
import UndercurrentTrace

/// Where the learner's code declares its types and their Combine methods, so that a failed
/// check can point at the line to look at: the `request(_:)` of the subscription that sent
/// too much, the `receive(_:)` that returned the wrong demand.
struct LearnerCodeIndex {
    struct Method: Equatable {
        /// The type as the trace names it: `SkipZeros.Inner`.
        var type: String
        /// `request(_:)`, `receive(_:)`, `receive(subscription:)`, `receive(completion:)`,
        /// `receive(subscriber:)`, `cancel()`, `deinit`.
        var name: String
        /// 0-based part of the learner's code, and the line in it.
        var part: Int
        var line: Int
        /// The declaration's first line, as written.
        var text: String
    }

    private(set) var methods: [Method] = []

    init(parts: [String]) {
        for (index, part) in parts.enumerated() {
            let tree = Parser.parse(source: part)
            let visitor = Visitor(source: part, part: index, tree: tree)
            visitor.walk(tree)
            methods += visitor.methods
        }
    }

    /// The method a call of `kind` on an object named `name` (`BurstSubscription#1`) runs, if
    /// the learner's code declares it.
    func method(called name: String, kind: TraceEvent.Kind) -> Method? {
        guard let method = Self.methodName(kind) else { return nil }
        let type = TraceEvent.typeName(of: name)
        let candidates = methods.filter { $0.name == method }
        return candidates.first { $0.type == type }
            ?? candidates.first { type.hasSuffix("." + $0.type) || $0.type.hasSuffix("." + type) }
    }

    static func methodName(_ kind: TraceEvent.Kind) -> String? {
        switch kind {
        case .subscribe: return "receive(subscriber:)"
        case .receiveSubscription: return "receive(subscription:)"
        case .request: return "request(_:)"
        case .receiveValue: return "receive(_:)"
        case .receiveCompletion: return "receive(completion:)"
        case .cancel: return "cancel()"
        case .deinitialize: return "deinit"
        case .output, .send, .dropped, .discarded, .taskStart, .taskAwait, .taskResume, .taskEnd: return nil
        }
    }

    /// The method to look at for a call of the trace: the call itself when the learner's
    /// code declares its method, else the nearest enclosing call that does (a value sent
    /// beyond demand points at the `request(_:)` that sent it).
    func method(for event: TraceEvent, in events: [TraceEvent]) -> Method? {
        guard let index = events.firstIndex(where: { $0.sequence == event.sequence && $0.kind == event.kind })
        else { return method(called: event.target, kind: event.kind) }
        var depth = events[index].depth
        if let found = method(called: events[index].target, kind: events[index].kind) { return found }
        var position = index
        while position > 0, depth > 0 {
            position -= 1
            let candidate = events[position]
            guard candidate.kind != .output, candidate.depth < depth else { continue }
            depth = candidate.depth
            if let found = method(called: candidate.target, kind: candidate.kind) { return found }
        }
        return nil
    }

    private final class Visitor: SyntaxVisitor {
        let lines: [Substring]
        let part: Int
        let converter: SourceLocationConverter
        var types: [String] = []
        var methods: [Method] = []

        init(source: String, part: Int, tree: SourceFileSyntax) {
            lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            self.part = part
            converter = SourceLocationConverter(fileName: "", tree: tree)
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.extendedType.trimmedDescription)
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

        private func enter(_ name: String) -> SyntaxVisitorContinueKind {
            types.append(name)
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let name = node.name.text
            let first = node.signature.parameterClause.parameters.first?.firstName.text
            switch (name, first) {
            case ("request", _): add("request(_:)", node)
            case ("cancel", nil): add("cancel()", node)
            case ("receive", "_"): add("receive(_:)", node)
            case ("receive", "subscription"), ("receive", "subscriber"), ("receive", "completion"):
                add("receive(\(first!):)", node)
            default: break
            }
            return .skipChildren
        }

        override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            add("deinit", node)
            return .skipChildren
        }

        private func add(_ method: String, _ node: some SyntaxProtocol) {
            guard !types.isEmpty else { return }
            let line = node.startLocation(converter: converter).line
            let text = line >= 1 && line <= lines.count ? lines[line - 1].trimmingSpaces() : ""
            methods.append(
                Method(type: types.joined(separator: "."), name: method, part: part, line: line, text: text))
        }
    }
}
