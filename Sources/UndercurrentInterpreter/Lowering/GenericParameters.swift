import SwiftSyntax

/// Which parameter of a generic function tells what one of its type parameters stands for.
struct GenericParameterOrigin {
    enum Shape { case metatype, value, array }
    let parameterName: String
    /// `T.Type` (the argument is the type), `T` or `[T]`.
    let shape: Shape
    /// Why no parameter tells the type, when none does.
    var unknownBecause = ""
}

/// A generic function's type parameter used as a value: `T.defaultValue`, `T.make()`,
/// `T.self`. Types are erased at run time, so the type is read from the argument of a
/// parameter declared `T.Type`, `T`, or `[T]` / `T...` (its first element), in that order of
/// preference (`Expr.genericParameter`).
extension Lowerer {
    /// Constraints an `Any` or `any Error` argument meets as it is: Swift then binds the type
    /// parameter to that existential rather than to the value's own type.
    private static let selfConformingConstraints: Set<String> = [
        "Error", "Swift.Error", "Any", "AnyObject", "Sendable",
    ]

    static func genericParameterOrigins(
        of node: FunctionDeclSyntax, _ parameters: [Parameter], constraints: [String: String]
    ) -> [String: GenericParameterOrigin] {
        var origins: [String: GenericParameterOrigin] = [:]
        for generic in node.genericParameterClause?.parameters ?? [] {
            let name = generic.name.text
            let written = TypeRef.named([name], [])
            let readsValues = constraints[name].map { !selfConformingConstraints.contains($0) } ?? false
            if let parameter = parameters.first(where: { $0.type == .metatype(written) && !$0.isVariadic }) {
                origins[name] = GenericParameterOrigin(parameterName: parameter.name, shape: .metatype)
            } else if !readsValues {
                origins[name] = GenericParameterOrigin(
                    parameterName: "", shape: .value,
                    unknownBecause:
                        "an argument declared `Any` or `any Error` would make `\(name)` that type, which is not kept at "
                        + "run time; pass `\(name).self` as a parameter of type `\(name).Type`, or constrain `\(name)` "
                        + "to a protocol of your own")
            } else if let parameter = parameters.first(where: {
                $0.type == written && !$0.isVariadic && !$0.isInout
            }) {
                origins[name] = GenericParameterOrigin(parameterName: parameter.name, shape: .value)
            } else if let parameter = parameters.first(where: {
                ($0.type == .array(written) || $0.type == written && $0.isVariadic) && !$0.isInout
            }) {
                origins[name] = GenericParameterOrigin(parameterName: parameter.name, shape: .array)
            } else {
                origins[name] = GenericParameterOrigin(
                    parameterName: "", shape: .value,
                    unknownBecause: "no parameter is of type `\(name)`, `[\(name)]` or `\(name).Type`; generics are "
                        + "erased at run time")
            }
        }
        return origins
    }

    /// `name` as a type parameter of an enclosing generic function, or nil.
    func genericParameter(_ name: String, at location: SourceLocation) throws -> Expr? {
        guard let origin = genericParameterScopes.reversed().lazy.compactMap({ $0[name] }).first else { return nil }
        guard !origin.parameterName.isEmpty, let reference = scope.resolve(origin.parameterName) else {
            return .genericParameter(name, .unknown(why: origin.unknownBecause), location)
        }
        let argument = Expr.name(reference, origin.parameterName, location)
        switch origin.shape {
        case .metatype: return .genericParameter(name, .metatypeArgument(argument), location)
        case .value: return .genericParameter(name, .valueArgument(argument), location)
        case .array: return .genericParameter(name, .elementOfArgument(argument), location)
        }
    }
}
