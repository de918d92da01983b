/// Reads of a static member through the type's name: `Subscribers.Demand.unlimited`,
/// `Direction.north`, `Subscribers.Completion<Never>.finished`. The site keeps the type the
/// name found and, when the member cannot change, its value (`StaticMemberSite`); a name
/// that is not a type there (a global variable named `Config`) takes the general read.
extension BodyCompiler {
    /// The names of a type written as an expression (`Subscribers.Demand`), with the generic
    /// arguments written after the last one; nil for any other expression. Only capitalized
    /// names: a lowercase one may be a property of `self`, found before any type.
    static func typePath(_ expr: Expr) -> (path: [String], genericArguments: [TypeRef])? {
        switch expr {
        case .name(.dynamic, let name, _):
            guard name.first?.isUppercase == true, !name.contains(".") else { return nil }
            return ([name], [])
        case .member(let baseExpr, let name, _, _):
            guard name.first?.isUppercase == true, let (path, arguments) = typePath(baseExpr), arguments.isEmpty
            else { return nil }
            return (path + [name], [])
        case .specialize(let baseExpr, let arguments, _):
            guard let (path, written) = typePath(baseExpr), written.isEmpty else { return nil }
            return (path, arguments)
        default:
            return nil
        }
    }

    /// `name` of the type `path` names, or `general` when `path` is not a type when it runs.
    func staticMemberRead(
        _ name: String, ofTypeAt path: [String], _ genericArguments: [TypeRef], at location: SourceLocation,
        otherwise general: @escaping CompiledExpression
    ) -> CompiledExpression {
        let site = StaticMemberSite()
        return { interpreter, frame in
            let generation = interpreter.memberGeneration
            if let constant = site.constant(at: generation) { return constant }
            guard let owner = site.type(namedByPath: path, in: interpreter, generation: generation) else {
                return try general(interpreter, frame)
            }
            return try interpreter.staticMember(
                of: Metatype(type: owner, genericArguments: genericArguments), name, site: site, at: location)
        }
    }
}
