/// Swift's spelling of a value's full generic type, as reflection prints it inside
/// `ReversedCollection<Array<Int>>(_base: [1, 2])`: unqualified for `print`, with module
/// names (`Swift.Array<main.Point>`) for `debugPrint` and nested values.
///
/// Generics are erased at run time, so element types come from the elements themselves;
/// an empty collection's element type is unknown and is written `Any`.
public enum SwiftTypeNames {
    /// Set while a value is described for a person rather than printed by the program (an
    /// error message, the trace): a generic type whose arguments cannot be told is spelled
    /// without them (`Swift.Result.failure(main.E.bad)`) rather than not at all.
    @TaskLocal static var omitsArgumentsNotKnown = false

    /// The name, or `Any` where a native value cannot tell (for text that must not fail).
    static func name(of value: Value, qualified: Bool) -> String {
        (try? spelledName(of: value, qualified: qualified)) ?? "Any"
    }

    /// The name; a native value that cannot tell its generic arguments throws.
    public static func spelledName(of value: Value, qualified: Bool) throws -> String {
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
            return (qualified ? structValue.type.qualifiedName : structValue.type.printedName)
                + (try genericArguments(of: value, qualified: qualified))
        case .enumValue(let enumValue):
            return (qualified ? enumValue.type.qualifiedName : enumValue.type.printedName)
                + (try genericArguments(of: value, qualified: qualified))
        case .object(let object):
            return (qualified ? object.type.qualifiedName : object.type.printedName)
                + (try genericArguments(of: value, qualified: qualified))
        case .native(let wrapped as WrappedSequence): return wrapped.typeName(qualified: qualified)
        case .native(let native):
            return try native.swiftTypeName(qualified: qualified) ?? native.typeInfo.name
        case .scalar(let scalar):
            return scalar.type.typeName(qualified: qualified)
        case .function: return "(Function)"
        case .metatype(let metatype): return metatype.type.name + ".Type"
        case .weakReference: return "Any"
        }
    }

    /// `<Int, String>` for a value of a script's generic type (`Box<T>`), told from its stored
    /// properties (or an enum case's payload) declared with a generic parameter's type: `T`,
    /// `T?`, `[T]`. Generics are erased at run time, so when a parameter cannot be told that
    /// way (no such property, or it holds nil or an empty array) this throws rather than guess.
    /// Empty for a type that is not generic.
    public static func genericArguments(of value: Value, qualified: Bool) throws -> String {
        let type: TypeInfo
        var typed: [(TypeRef?, Value)] = []
        switch value {
        case .structValue(let structValue):
            type = structValue.type
            typed = zip(type.storedProperties, structValue.fields).map { ($0.type, $1.loaded) }
        case .object(let object):
            type = object.type
            typed = zip(type.storedProperties, object.fields).map { ($0.type, $1.loaded) }
        case .enumValue(let enumValue):
            type = enumValue.type
            typed = zip(enumValue.caseInfo.associatedTypes, enumValue.payload).map { (Optional($0), $1) }
        default:
            return ""
        }
        guard !type.genericParameters.isEmpty else { return "" }
        var names: [String] = []
        for parameter in type.genericParameters {
            var found: String?
            for (declared, field) in typed {
                guard let declared,
                    let name = try name(of: parameter, in: declared, holding: field, qualified: qualified)
                else { continue }
                found = name
                break
            }
            guard let found else {
                if omitsArgumentsNotKnown { return "" }
                throw ScriptError.runtime(
                    "Undercurrent cannot tell the generic argument \(parameter) of this \(type.name) (generics are "
                        + "erased at run time, and no property of it shows it)",
                    notes: ["print its properties instead"])
            }
            names.append(found)
        }
        return "<" + names.joined(separator: ", ") + ">"
    }

    /// The type a generic parameter stands for, when `value` is stored as `declared`.
    private static func name(of parameter: String, in declared: TypeRef, holding value: Value, qualified: Bool) throws
        -> String?
    {
        switch declared {
        case .named([parameter], []):
            if case .optional(nil) = value { return nil }
            let name = try spelledName(of: value, qualified: qualified)
            return name.contains("Any") ? nil : name
        case .optional(let wrapped), .implicitlyUnwrapped(let wrapped):
            guard case .optional(let inner?) = value else { return nil }
            return try name(of: parameter, in: wrapped, holding: inner, qualified: qualified)
        case .array(let element):
            guard case .array(let elements) = value, let first = elements.first else { return nil }
            return try name(of: parameter, in: element, holding: first, qualified: qualified)
        default:
            return nil
        }
    }

    /// Swift's spelling of a written type: `[Int]` is `Array<Int>`, a script type is
    /// `main.Point` when qualified. Types the interpreter does not know are spelled as written.
    public static func name(of type: TypeRef, in interpreter: Interpreter?, qualified: Bool) -> String {
        func standard(_ name: String) -> String { qualified ? "Swift." + name : name }
        func list(_ types: [TypeRef]) -> String {
            types.map { name(of: $0, in: interpreter, qualified: qualified) }.joined(separator: ", ")
        }
        switch type {
        case .named(let parts, let arguments):
            let written = parts.joined(separator: ".")
            var base: String
            switch written {
            case "Never", "Error", "Any", "AnyObject":
                base = written == "Any" || written == "AnyObject" ? written : standard(written)
            case "Void": return "()"
            default:
                if let info = interpreter?.types[written] {
                    base =
                        qualified
                        ? info.qualifiedName : (info.name.split(separator: ".").last.map(String.init) ?? info.name)
                } else {
                    base = qualified ? written : (parts.last ?? written)
                }
            }
            if !arguments.isEmpty { base += "<" + list(arguments) + ">" }
            return base
        case .optional(let wrapped), .implicitlyUnwrapped(let wrapped):
            return standard("Optional") + "<" + name(of: wrapped, in: interpreter, qualified: qualified) + ">"
        case .array(let element):
            return standard("Array") + "<" + name(of: element, in: interpreter, qualified: qualified) + ">"
        case .dictionary(let key, let value):
            return standard("Dictionary") + "<" + list([key, value]) + ">"
        case .tuple(let elements):
            return "(" + list(elements) + ")"
        case .labeledTuple(let labels, let elements):
            let parts = zip(labels, elements).map { label, element in
                (label.map { $0 + ": " } ?? "") + name(of: element, in: interpreter, qualified: qualified)
            }
            return "(" + parts.joined(separator: ", ") + ")"
        case .function(let parameters, let result):
            return "(" + list(parameters) + ") -> " + name(of: result, in: interpreter, qualified: qualified)
        case .existential(let names):
            return names.joined(separator: " & ")
        case .metatype(let base):
            return name(of: base, in: interpreter, qualified: qualified) + ".Type"
        }
    }

    /// The one type all elements share; `Any` when they differ or there are none.
    public static func commonName(of elements: [Value], qualified: Bool) -> String {
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
