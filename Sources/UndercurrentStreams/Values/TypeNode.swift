import OpenCombine
import UndercurrentInterpreter

/// A reflected type name (`OpenCombine.Publishers.Map<OpenCombine.Just<…>, …>`) as a tree, to
/// rewrite and spell again.
struct TypeNode {
    struct Component {
        var name: String
        var arguments: [TypeNode]
    }

    /// One element of a tuple type, with its label if it has one (`key` in
    /// `(key: Swift.String, value: Swift.Int)`).
    struct TupleElement {
        var label: String?
        var type: TypeNode
    }

    /// The dotted names of a named type (`OpenCombine.Publishers.Map<…>`); none for a tuple.
    var components: [Component]
    /// A tuple type's elements, or a function type's parameters; nil for a named type.
    var tupleElements: [TupleElement]?
    /// A function type's effects and result (` throws -> `, `Swift.Int`), when the node is one.
    var function: (arrow: String, result: [TypeNode])?
    /// The text it was parsed from, to match it with a child publisher's type.
    var source: String

    /// Unqualified, a nested type shows its own name only (`Publisher` for
    /// `Result<Int, Never>.Publisher`), with its own generic arguments. Qualified, the
    /// engine's types are in Apple's module, `Combine` (`Combine.Just<Swift.Int>`).
    func spelled(qualified: Bool) -> String {
        if let tupleElements {
            let elements = tupleElements.map { element in
                (element.label.map { $0 + ": " } ?? "") + element.type.spelled(qualified: qualified)
            }
            let tuple = "(" + elements.joined(separator: ", ") + ")"
            guard let function, let result = function.result.first else { return tuple }
            return tuple + function.arrow + result.spelled(qualified: qualified)
        }
        func component(_ part: Component) -> String {
            guard !part.arguments.isEmpty else { return part.name }
            return part.name + "<" + part.arguments.map { $0.spelled(qualified: qualified) }.joined(separator: ", ")
                + ">"
        }
        if qualified {
            var parts = components
            if parts.first?.name == "OpenCombine" { parts[0].name = "Combine" }
            return parts.map(component).joined(separator: ".")
        }
        return components.last.map(component) ?? source
    }

    /// The project's own publishers in extensions of `Publishers` are spelled as Combine's.
    mutating func renameOwnTypes(publisher: Any) {
        guard components.count == 3, components[0].name == "OpenCombine", components[1].name == "Publishers" else {
            return
        }
        switch components[2].name {
        case "EagerOutput": components[2].name = "Output"
        case "SubscribedThrottle": components[2].name = "Throttle"
        case "ScriptMapKeyPath":
            if let keyPath = publisher as? ScriptMapKeyPathNaming { components[2].name = keyPath.combineTypeName }
        default: break
        }
    }

    /// The last name of a publisher's type, without generic arguments (`Map`).
    static func baseName(of publisher: Any) -> String {
        var parser = Parser(text: Array(RuntimeTypeName.qualified(type(of: publisher)).utf8))
        return parser.lastComponentName()
    }

    static func parse(_ text: String) throws -> TypeNode {
        var parser = Parser(text: Array(text.utf8))
        return try parser.node()
    }

    /// Reads a type's name as the runtime spells it, byte by byte: the names are ASCII, and
    /// reading them as `Character`s took a fifth of printing a publisher.
    private struct Parser {
        let text: [UInt8]
        var position = 0

        mutating func node() throws -> TypeNode {
            skipSpaces()
            let start = position
            skipContextPrefix()
            if position < text.count, text[position] == UInt8(ascii: "(") { return try tuple(from: start) }
            var components: [Component] = []
            while position < text.count {
                let name = componentName()
                var arguments: [TypeNode] = []
                if position < text.count, text[position] == UInt8(ascii: "<") {
                    position += 1
                    while true {
                        arguments.append(try node())
                        guard position < text.count else { throw ScriptError.runtime("malformed type name") }
                        if text[position] == UInt8(ascii: ",") {
                            position += 1
                            continue
                        }
                        guard text[position] == UInt8(ascii: ">") else {
                            throw ScriptError.runtime("malformed type name")
                        }
                        position += 1
                        break
                    }
                }
                components.append(Component(name: name, arguments: arguments))
                guard position < text.count, text[position] == UInt8(ascii: ".") else { break }
                position += 1
            }
            return TypeNode(components: components, source: string(start..<position))
        }

        /// A tuple type at `position` (`(Swift.Int, Swift.String)`,
        /// `(key: Swift.String, value: Swift.Int)`), or a function type
        /// (`(Swift.Int) -> Swift.Bool`), whose text begins at `start`.
        private mutating func tuple(from start: Int) throws -> TypeNode {
            position += 1
            var elements: [TupleElement] = []
            skipSpaces()
            if position < text.count, text[position] == UInt8(ascii: ")") {
                position += 1
            } else {
                while true {
                    skipSpaces()
                    let label = elementLabel()
                    elements.append(TupleElement(label: label, type: try node()))
                    guard position < text.count else { throw ScriptError.runtime("malformed type name") }
                    position += 1
                    if text[position - 1] == UInt8(ascii: ",") { continue }
                    guard text[position - 1] == UInt8(ascii: ")") else {
                        throw ScriptError.runtime("malformed type name")
                    }
                    break
                }
            }
            var node = TypeNode(components: [], tupleElements: elements, source: "")
            for arrow in Self.functionArrows where text[position...].starts(with: arrow) {
                position += arrow.count
                node.function = (String(decoding: arrow, as: UTF8.self), [try self.node()])
                break
            }
            node.source = string(start..<position)
            return node
        }

        private static let functionArrows = [" -> ", " throws -> ", " async -> ", " async throws -> "].map {
            Array($0.utf8)
        }

        /// A tuple element's label and its `: ` at `position`, read past; nil (and nothing
        /// read) where the element has none.
        private mutating func elementLabel() -> String? {
            var end = position
            while end < text.count, Self.isIdentifierByte(text[end]) { end += 1 }
            guard end > position, end + 1 < text.count, text[end] == UInt8(ascii: ":"),
                text[end + 1] == UInt8(ascii: " ")
            else { return nil }
            let label = string(position..<end)
            position = end + 2
            return label
        }

        private static func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }

        /// The name of the last component of the type at `position` (`Map` in
        /// `OpenCombine.Publishers.Map<…>`), read as `node()` reads it but with its generic
        /// arguments skipped rather than parsed; empty where `node()` would throw.
        mutating func lastComponentName() -> String {
            skipSpaces()
            skipContextPrefix()
            var last = ""
            while position < text.count {
                last = componentName()
                if position < text.count, text[position] == UInt8(ascii: "<") {
                    var depth = 0
                    repeat {
                        if text[position] == UInt8(ascii: "<") { depth += 1 }
                        if text[position] == UInt8(ascii: ">") { depth -= 1 }
                        position += 1
                    } while depth > 0 && position < text.count
                    if depth > 0 { return "" }
                }
                guard position < text.count, text[position] == UInt8(ascii: ".") else { break }
                position += 1
            }
            return last
        }

        /// The name of one component at `position`, up to its generic arguments or the next
        /// component.
        private mutating func componentName() -> String {
            let nameStart = position
            if text[position] == UInt8(ascii: "(") {
                // `(unknown context at $…)` of a private type: kept as written.
                while position < text.count, text[position] != UInt8(ascii: ")") { position += 1 }
                if position < text.count { position += 1 }
            }
            while position < text.count, !Self.isDelimiter(text[position]) { position += 1 }
            return string(nameStart..<position)
        }

        private static func isDelimiter(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: ",")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")
        }

        private func string(_ range: Range<Int>) -> String {
            String(decoding: text[range], as: UTF8.self)
        }

        mutating func skipSpaces() {
            while position < text.count, text[position] == UInt8(ascii: " ") { position += 1 }
        }

        private static let extensionPrefix = Array("(extension in ".utf8)

        /// `(extension in UndercurrentStreams):` before a type declared in an extension.
        mutating func skipContextPrefix() {
            let prefix = Self.extensionPrefix
            guard text.count - position > prefix.count, text[position..<position + prefix.count].elementsEqual(prefix),
                let colon = text[position...].firstIndex(of: UInt8(ascii: ":"))
            else { return }
            position = colon + 1
        }
    }
}

/// `MapKeyPath`, `MapKeyPath2` or `MapKeyPath3`, by the number of key paths.
protocol ScriptMapKeyPathNaming {
    var combineTypeName: String { get }
}

extension Publishers.ScriptMapKeyPath: ScriptMapKeyPathNaming {
    var combineTypeName: String { combineName }
}
