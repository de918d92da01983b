import SwiftSyntax

/// Inside a publisher type, Swift finds `print`, `min` and `max` among the type's own
/// members (Publisher's operators) before the global functions of the same names.
/// `print("subscribed")` in a custom publisher's `receive(subscriber:)` builds a
/// `Publishers.Print` and drops it: nothing is printed. `print("got", value)` does not fit
/// the operator and is an error, as is any of them in a type nested in a publisher type.
extension Lowerer {
    /// The protocols whose extensions and conforming types have those operators.
    static let publisherProtocols: Set<String> = ["Publisher", "Subject", "ConnectablePublisher"]

    private static let shadowedGlobals: [String: String] = [
        "print": "print(_:separator:terminator:)", "min": "min(_:_:)", "max": "max(_:_:)",
    ]

    /// Notes a type declared, or extended, to conform to a publisher protocol.
    func notePublisherConformance(of qualified: String, _ inheritance: InheritanceClauseSyntax?) {
        let inherited = inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        if inherited.contains(where: { Self.publisherProtocols.contains(Self.unqualified($0)) }) {
            publisherTypes.insert(qualified)
        }
    }

    private static func unqualified(_ name: String) -> String {
        for module in ["Combine.", "OpenCombine."] where name.hasPrefix(module) {
            return String(name.dropFirst(module.count))
        }
        return name
    }

    /// The callee of `print(…)`, `min(…)` or `max(…)` written inside a publisher type:
    /// `self`'s operator. Nil where the name means what it means elsewhere.
    func publisherMemberCallee(_ node: FunctionCallExprSyntax) throws -> Expr? {
        guard let reference = node.calledExpression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            let global = Self.shadowedGlobals[reference.baseName.text], let innermost = typeNesting.last
        else { return nil }
        let name = reference.baseName.text
        let qualified = typeNesting.joined(separator: ".")
        let loc = location(node.calledExpression)
        if publisherTypes.contains(qualified) || publisherTypes.contains(innermost) {
            // A static method has no `self` whose operator this could be; a type that declares
            // a method of that name itself has its own overloads to choose from.
            guard scope.memberContext?.isStatic != true, scope.resolve(name) == nil,
                memberNames[qualified]?.contains(name) != true
            else { return nil }
            guard Self.fitsOperator(name, node) else {
                throw ScriptError(
                    .syntax,
                    "use of '\(name)' refers to instance method rather than global function '\(global)' in module 'Swift'",
                    at: loc, notes: ["use 'Swift.' to reference the global function in module 'Swift'"])
            }
            let selfExpr: Expr = scope.resolve("self").map { .name($0, "self", loc) } ?? .selfReference(loc)
            return .member(selfExpr, name, nextSiteIndex(), loc)
        }
        for depth in 1..<typeNesting.count where publisherTypes.contains(typeNesting[..<depth].joined(separator: ".")) {
            guard scope.resolve(name) == nil else { return nil }
            throw ScriptError(
                .syntax,
                "instance member '\(name)' of type 'Publisher' cannot be used on instance of nested type '\(qualified)'",
                at: loc)
        }
        return nil
    }

    /// Whether the arguments fit the operator: `print(_ prefix: String = "", to: TextOutputStream? = nil)`,
    /// `min()`/`max()` or `min(by:)`/`max(by:)`.
    private static func fitsOperator(_ name: String, _ node: FunctionCallExprSyntax) -> Bool {
        var labels = node.arguments.map { $0.label?.text }
        if node.trailingClosure != nil { labels.append("by") }
        switch name {
        case "print": return labels.isEmpty || labels == [nil] || labels == [nil, "to"] || labels == ["to"]
        default: return labels.isEmpty || labels == ["by"]
        }
    }
}
