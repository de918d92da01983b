/// Swift's spelling of a value's full generic type, as reflection prints it inside
/// `ReversedCollection<Array<Int>>(_base: [1, 2])`: unqualified for `print`, with module
/// names (`Swift.Array<main.Point>`) for `debugPrint` and nested values.
///
/// Generics are erased at run time, so element types come from the elements themselves;
/// an empty collection's element type is unknown and is written `Any`.
enum SwiftTypeNames {
    static func name(of value: Value, qualified: Bool) -> String {
        func standard(_ name: String) -> String { qualified ? "Swift." + name : name }
        switch value.loaded {
        case .void: return "()"
        case .bool: return standard("Bool")
        case .int: return standard("Int")
        case .double: return standard("Double")
        case .string: return standard("String")
        case .character: return standard("Character")
        case .optional(let wrapped):
            return standard("Optional") + "<" + (wrapped.map { name(of: $0, qualified: qualified) } ?? "Any") + ">"
        case .array(let elements):
            return standard("Array") + "<" + commonName(of: elements, qualified: qualified) + ">"
        case .set(let set):
            return standard("Set") + "<" + commonName(of: set.elements, qualified: qualified) + ">"
        case .dictionary(let dictionary):
            let key = commonName(of: dictionary.keys, qualified: qualified)
            let value = commonName(of: dictionary.values, qualified: qualified)
            return standard("Dictionary") + "<\(key), \(value)>"
        case .tuple(let tuple):
            let parts = tuple.elements.enumerated().map { index, element in
                let label = index < tuple.labels.count ? tuple.labels[index].map { $0 + ": " } ?? "" : ""
                return label + name(of: element, qualified: qualified)
            }
            return "(" + parts.joined(separator: ", ") + ")"
        case .range(let range):
            let bound = (range.lower ?? range.upper).map { name(of: $0, qualified: qualified) } ?? "Any"
            let family: String
            switch range.kind {
            case .closed: family = "ClosedRange"
            case .halfOpen: family = "Range"
            case .from: family = "PartialRangeFrom"
            case .through: family = "PartialRangeThrough"
            case .upTo: family = "PartialRangeUpTo"
            }
            return standard(family) + "<\(bound)>"
        case .structValue(let structValue):
            return qualified ? structValue.type.qualifiedName : structValue.type.printedName
        case .enumValue(let enumValue): return qualified ? enumValue.type.qualifiedName : enumValue.type.printedName
        case .object(let object): return qualified ? object.type.qualifiedName : object.type.printedName
        case .native(let wrapped as WrappedSequence): return wrapped.typeName(qualified: qualified)
        case .native(let native): return native.typeInfo.name
        case .function: return "(Function)"
        case .metatype(let metatype): return metatype.type.name + ".Type"
        case .weakReference: return "Any"
        }
    }

    /// The one type all elements share; `Any` when they differ or there are none.
    static func commonName(of elements: [Value], qualified: Bool) -> String {
        var found: String?
        var sawNil = false
        for element in elements {
            if case .optional(nil) = element {
                sawNil = true
                continue
            }
            let elementName = name(of: element, qualified: qualified)
            if let found, found != elementName { return "Any" }
            found = elementName
        }
        if let found { return found }
        return sawNil ? (qualified ? "Swift.Optional<Any>" : "Optional<Any>") : "Any"
    }
}
