import SwiftSyntax

/// Which parameter of a generic function tells what one of its type parameters stands for.
struct GenericParameterOrigin {
    let parameterName: String
    /// Declared `T.Type` (the argument is the type) rather than `T`.
    let isMetatype: Bool
}

/// A generic function's type parameter used as a value: `T.defaultValue`, `T.make()`,
/// `T.self`. Types are erased at run time, so the type is read from the argument of a
/// parameter declared `T.Type` or `T` (`Expr.genericParameter`).
extension Lowerer {
    static func genericParameterOrigins(of node: FunctionDeclSyntax, _ parameters: [Parameter])
        -> [String: GenericParameterOrigin]
    {
        var origins: [String: GenericParameterOrigin] = [:]
        for generic in node.genericParameterClause?.parameters ?? [] {
            let name = generic.name.text
            let metatype = parameters.first { $0.type == .metatype(.named([name], [])) && !$0.isVariadic }
            let value = parameters.first { $0.type == .named([name], []) && !$0.isVariadic && !$0.isInout }
            if let parameter = metatype ?? value {
                origins[name] = GenericParameterOrigin(parameterName: parameter.name, isMetatype: metatype != nil)
            } else {
                origins[name] = GenericParameterOrigin(parameterName: "", isMetatype: false)
            }
        }
        return origins
    }

    /// `name` as a type parameter of an enclosing generic function, or nil.
    func genericParameter(_ name: String, at location: SourceLocation) throws -> Expr? {
        guard let origin = genericParameterScopes.reversed().lazy.compactMap({ $0[name] }).first else { return nil }
        guard !origin.parameterName.isEmpty, let reference = scope.resolve(origin.parameterName) else {
            return .genericParameter(name, .none, location)
        }
        let argument = Expr.name(reference, origin.parameterName, location)
        return .genericParameter(
            name, origin.isMetatype ? .metatypeArgument(argument) : .valueArgument(argument), location)
    }
}
