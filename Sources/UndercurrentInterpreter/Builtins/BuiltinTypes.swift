/// The interpreter's own types for Swift's standard types. Their members are added by
/// `StandardLibrary`; script extensions add to them like to any other type.
public final class BuiltinTypes {
    public let void = TypeInfo(name: "Void", kind: .builtin, qualifiedName: "()")
    public let bool = TypeInfo(name: "Bool", kind: .builtin, qualifiedName: "Swift.Bool")
    public let int = TypeInfo(name: "Int", kind: .builtin, qualifiedName: "Swift.Int")
    public let double = TypeInfo(name: "Double", kind: .builtin, qualifiedName: "Swift.Double")
    public let string = TypeInfo(name: "String", kind: .builtin, qualifiedName: "Swift.String")
    public let character = TypeInfo(name: "Character", kind: .builtin, qualifiedName: "Swift.Character")
    public let optional = TypeInfo(name: "Optional", kind: .builtin, qualifiedName: "Swift.Optional")
    public let array = TypeInfo(name: "Array", kind: .builtin, qualifiedName: "Swift.Array")
    public let dictionary = TypeInfo(name: "Dictionary", kind: .builtin, qualifiedName: "Swift.Dictionary")
    public let set = TypeInfo(name: "Set", kind: .builtin, qualifiedName: "Swift.Set")
    public let tuple = TypeInfo(name: "Tuple", kind: .builtin)
    public let range = TypeInfo(name: "Range", kind: .builtin, qualifiedName: "Swift.Range")
    public let function = TypeInfo(name: "Function", kind: .builtin)
    public let metatype = TypeInfo(name: "Metatype", kind: .builtin)
    public let keyPath = TypeInfo(name: "KeyPath", kind: .builtin, qualifiedName: "Swift.KeyPath")
    /// The type with no values: a publisher that cannot fail has `Failure == Never`.
    public let never = TypeInfo(name: "Never", kind: .builtin, qualifiedName: "Swift.Never")
    public let any = TypeInfo(name: "Any", kind: .protocolType)
    public let anyObject = TypeInfo(name: "AnyObject", kind: .protocolType)
    /// `UInt8`, `Int64` and the other fixed-width integers, by name (`FixedWidthIntegers.swift`).
    var fixedWidthIntegers: [String: FixedWidthIntegerType] = [:]

    /// Protocols of the standard library a script type may conform to.
    public let protocols: [TypeInfo] = [
        "Equatable", "Hashable", "Comparable", "CustomStringConvertible", "CustomDebugStringConvertible",
        "Error", "LocalizedError", "CaseIterable", "Identifiable", "Codable", "Encodable", "Decodable",
        "Sequence", "IteratorProtocol", "Collection", "RawRepresentable", "Sendable", "AnyObject",
        "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral", "Numeric", "Strideable",
    ].map { TypeInfo(name: $0, kind: .protocolType) }

    func registerAll(in interpreter: Interpreter) {
        for type in [
            void, bool, int, double, string, character, optional, array, dictionary, set, range, keyPath, never,
        ] {
            interpreter.registerType(type)
        }
        interpreter.registerType(any)
        for type in protocols { interpreter.registerType(type) }
        interpreter.registerType(double, as: "Float")
        interpreter.registerType(double, as: "CGFloat")
        interpreter.registerType(double, as: "TimeInterval")
        interpreter.registerType(range, as: "ClosedRange")
        int.conformances = ["Equatable", "Hashable", "Comparable", "CustomStringConvertible", "Numeric", "Strideable"]
        double.conformances = [
            "Equatable", "Hashable", "Comparable", "CustomStringConvertible", "Numeric", "Strideable",
        ]
        string.conformances = [
            "Equatable", "Hashable", "Comparable", "CustomStringConvertible", "Sequence", "Collection",
        ]
        bool.conformances = ["Equatable", "Hashable", "CustomStringConvertible"]
        character.conformances = ["Equatable", "Hashable", "Comparable"]
        array.conformances = ["Sequence", "Collection", "Equatable"]
        dictionary.conformances = ["Sequence", "Collection", "Equatable"]
        set.conformances = ["Sequence", "Collection", "Equatable"]
        range.conformances = ["Sequence", "Collection", "Equatable"]
    }
}
