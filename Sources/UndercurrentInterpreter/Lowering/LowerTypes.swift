import SwiftSyntax

extension Lowerer {
    func lowerType(_ type: TypeSyntax) throws -> TypeRef {
        switch type.as(TypeSyntaxEnum.self) {
        case .identifierType(let node):
            let arguments = try node.genericArgumentClause?.arguments.map { try lowerGenericArgument($0) } ?? []
            if let key = localTypeKey(node.name.text) { return .named([key], arguments) }
            if let qualified = nestedTypeName(node.name.text) {
                return .named(qualified.split(separator: ".").map(String.init), arguments)
            }
            if let refused = refusedNumericType(node.name.text, node) { throw refused }
            return .named([node.name.text], arguments)
        case .memberType(let node):
            let base = try lowerType(node.baseType)
            let arguments = try node.genericArgumentClause?.arguments.map { try lowerGenericArgument($0) } ?? []
            guard case .named(let parts, _) = base else { throw unsupported("this type", node) }
            return .named(parts + [node.name.text], arguments)
        case .optionalType(let node):
            return .optional(try lowerType(node.wrappedType))
        case .implicitlyUnwrappedOptionalType(let node):
            return .implicitlyUnwrapped(try lowerType(node.wrappedType))
        case .arrayType(let node):
            return .array(try lowerType(node.element))
        case .dictionaryType(let node):
            return .dictionary(try lowerType(node.key), try lowerType(node.value))
        case .tupleType(let node):
            if node.elements.count == 1, let only = node.elements.first { return try lowerType(only.type) }
            let types = try node.elements.map { try lowerType($0.type) }
            let labels = node.elements.map { element in element.firstName.map(\.text).flatMap { $0 == "_" ? nil : $0 } }
            if labels.contains(where: { $0 != nil }) { return .labeledTuple(labels, types) }
            return .tuple(types)
        case .functionType(let node):
            return .function(try node.parameters.map { try lowerType($0.type) }, try lowerType(node.returnClause.type))
        case .attributedType(let node):
            return try lowerType(node.baseType)
        case .someOrAnyType(let node):
            return .existential(try constraintNames(node.constraint))
        case .compositionType(let node):
            return .existential(try node.elements.flatMap { try constraintNames($0.type) })
        case .metatypeType(let node):
            return .metatype(try lowerType(node.baseType))
        case .classRestrictionType:
            return .existential(["AnyObject"])
        default:
            throw unsupported("this type (\(type.trimmedDescription))", type)
        }
    }

    /// Numeric types the interpreter cannot compute with faithfully: its one floating-point
    /// type is Double, and accepting `Float` as Double would print other digits: a wrong
    /// answer with no error, so they are refused by name. (The fixed-width integers are types
    /// of their own: `FixedWidthIntegers.swift`.)
    func refusedNumericType(_ name: String, _ node: some SyntaxProtocol) -> ScriptError? {
        switch name {
        case "Float", "Float32", "Float16", "Float80":
            return unsupported("`\(name)` (only Double is implemented; `\(name)` would print other digits)", node)
        default:
            return nil
        }
    }

    private func constraintNames(_ type: TypeSyntax) throws -> [String] {
        let lowered = try lowerType(type)
        switch lowered {
        case .named(let parts, _): return [parts.joined(separator: ".")]
        case .existential(let names): return names
        default: return [lowered.description]
        }
    }
}
