import CUndercurrentSupport

/// Prints values exactly as Swift's `print` and `debugPrint` do, for a program compiled
/// with module name `main`: `print` uses `description`, and values inside collections,
/// optionals and other values use their debug form (`"a"`, `main.Point(x: 1)`).
public enum Formatter {
    /// `String(describing:)` (debug: false) or `String(reflecting:)` (debug: true).
    /// With an interpreter, script types' `description` properties are used.
    public static func describe(_ value: Value, debug: Bool, interpreter: Interpreter? = nil) throws -> String {
        var output = ""
        try write(value, debug: debug, interpreter: interpreter, to: &output)
        return output
    }

    /// The same, for text that must not fail (an error message, a collection's description
    /// made for the Combine engine). A script type's `description` still runs, through the
    /// interpreter that declared it (`describedForPeople`).
    public static func describe(_ value: Value, debug: Bool) -> String {
        describedForPeople(value, debug: debug, interpreter: nil)
    }

    /// The value as Swift's reflection spells it (`main.Mood.happy`), without running any
    /// script type's `description`: for an error about a value that its own `description`
    /// may be the cause of (`switch self {}` inside it), which would fail again, and again.
    static func describeWithoutScriptCode(_ value: Value, debug: Bool) -> String {
        $runsScriptDescriptions.withValue(false) { describe(value, debug: debug) }
    }

    /// Cleared by `describeWithoutScriptCode`.
    @TaskLocal private static var runsScriptDescriptions = true

    /// `describe`, for a person reading an error or a trace rather than for the program's
    /// output: a generic type whose arguments cannot be told is spelled without them.
    ///
    /// A script's `description` that fails gives `<value>`. One stopped by Ctrl-C is not
    /// run again, and the Ctrl-C is raised again for the input to stop at its next step,
    /// as the learner asked: swallowed here, a `description` looping forever ignored it.
    static func describedForPeople(_ value: Value, debug: Bool, interpreter: Interpreter?) -> String {
        do {
            return try describe(value, debug: debug, interpreter: interpreter)
        } catch let error as ScriptError where error.isCtrlC {
            uc_raise_interrupt()
            return "<value>"
        } catch {
            let erased = SwiftTypeNames.$omitsArgumentsNotKnown.withValue(true) {
                try? describe(value, debug: debug, interpreter: interpreter)
            }
            return erased ?? "<value>"
        }
    }

    static func write(_ value: Value, debug: Bool, interpreter: Interpreter?, to output: inout String) throws {
        switch value {
        case .void:
            output += "()"
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .int(let number):
            output += String(number)
        case .double(let number):
            output += String(describing: number)
        case .string(let text):
            output += debug ? text.debugDescription : text
        case .character(let character):
            output += debug ? character.debugDescription : String(character)
        case .optional(let wrapped):
            if let wrapped {
                output += "Optional("
                try write(wrapped, debug: true, interpreter: interpreter, to: &output)
                output += ")"
            } else {
                output += "nil"
            }
        case .array(let elements):
            try writeList(elements, interpreter: interpreter, to: &output)
        case .set(let set):
            // A nested or debug-printed Set names itself: `Set([1, 2])`.
            if debug { output += "Set(" }
            try writeList(set.elements, interpreter: interpreter, to: &output)
            if debug { output += ")" }
        case .dictionary(let dictionary):
            if dictionary.isEmpty {
                output += "[:]"
                return
            }
            output += "["
            var first = true
            for (key, element) in dictionary.pairs {
                if !first { output += ", " }
                first = false
                try write(key, debug: true, interpreter: interpreter, to: &output)
                output += ": "
                try write(element, debug: true, interpreter: interpreter, to: &output)
            }
            output += "]"
        case .tuple(let tuple):
            try writeTuple(tuple, interpreter: interpreter, to: &output)
        case .range(let range):
            try writeRange(range, debug: debug, interpreter: interpreter, to: &output)
        case .structValue(let structValue):
            if let custom = try customDescription(value, type: structValue.type, debug: debug, interpreter: interpreter)
            {
                output += custom
                return
            }
            output += debug ? structValue.type.qualifiedName : structValue.type.printedName
            output += try SwiftTypeNames.genericArguments(of: value, qualified: debug)
            output += "("
            for (index, property) in structValue.type.storedProperties.enumerated() {
                if index > 0 { output += ", " }
                output += property.name + ": "
                var field = structValue.fields[index].loaded
                if let interpreter, property.declaration?.wrapper != nil {
                    field = (try? interpreter.readField(of: value, index, at: .unknown)) ?? field
                }
                try write(field, debug: true, interpreter: interpreter, to: &output)
            }
            output += ")"
        case .enumValue(let enumValue):
            if let custom = try customDescription(value, type: enumValue.type, debug: debug, interpreter: interpreter) {
                output += custom
                return
            }
            if debug {
                output +=
                    enumValue.type.qualifiedName + (try SwiftTypeNames.genericArguments(of: value, qualified: true))
                    + "."
            }
            output += enumValue.caseName
            let payload = enumValue.payload
            guard !payload.isEmpty else { return }
            let labels = enumValue.caseInfo.associatedLabels
            if payload.count == 1, labels.first.flatMap({ $0 }) == nil {
                if case .tuple(let tuple) = payload[0] {
                    try writeTuple(tuple, interpreter: interpreter, to: &output)
                } else {
                    output += "("
                    try write(payload[0], debug: true, interpreter: interpreter, to: &output)
                    output += ")"
                }
            } else {
                let paddedLabels = labels + Array(repeating: nil, count: max(0, payload.count - labels.count))
                try writeTuple(
                    TupleValue(labels: paddedLabels, elements: payload), interpreter: interpreter, to: &output)
            }
        case .object(let object):
            if let custom = try customDescription(value, type: object.type, debug: debug, interpreter: interpreter) {
                output += custom
                return
            }
            output += object.type.qualifiedName + (try SwiftTypeNames.genericArguments(of: value, qualified: true))
        case .function:
            output += "(Function)"
        case .metatype(let metatype):
            if let spelling = metatype.spelling {
                output += debug ? spelling.qualified : spelling.plain
            } else {
                output += debug ? metatype.type.qualifiedName : metatype.type.printedName
            }
        case .native(let native):
            output += try native.printed(debug: debug)
        case .scalar(let scalar):
            output += debug ? scalar.type.debugDescription(of: scalar.bits) : scalar.type.description(of: scalar.bits)
        case .weakReference:
            try write(value.loaded, debug: debug, interpreter: interpreter, to: &output)
        }
    }

    private static func writeList(_ elements: [Value], interpreter: Interpreter?, to output: inout String) throws {
        output += "["
        for (index, element) in elements.enumerated() {
            if index > 0 { output += ", " }
            try write(element, debug: true, interpreter: interpreter, to: &output)
            // A huge array's text is refused as it grows, not once gigabytes are built.
            if let interpreter { try interpreter.checkSize(output.utf8.count, "a string", at: .unknown) }
        }
        output += "]"
    }

    private static func writeTuple(_ tuple: TupleValue, interpreter: Interpreter?, to output: inout String) throws {
        output += "("
        for (index, element) in tuple.elements.enumerated() {
            if index > 0 { output += ", " }
            if index < tuple.labels.count, let label = tuple.labels[index] { output += label + ": " }
            try write(element, debug: true, interpreter: interpreter, to: &output)
        }
        output += ")"
    }

    private static func writeRange(
        _ range: RangeValue, debug: Bool, interpreter: Interpreter?,
        to output: inout String
    ) throws {
        let typeName: String
        let op: String
        switch range.kind {
        case .closed:
            typeName = "ClosedRange"
            op = "..."
        case .halfOpen:
            typeName = "Range"
            op = "..<"
        case .from:
            typeName = "PartialRangeFrom"
            op = "..."
        case .through:
            typeName = "PartialRangeThrough"
            op = "..."
        case .upTo:
            typeName = "PartialRangeUpTo"
            op = "..<"
        }
        var body = ""
        if let lower = range.lower { try write(lower, debug: debug, interpreter: interpreter, to: &body) }
        body += op
        if let upper = range.upper { try write(upper, debug: debug, interpreter: interpreter, to: &body) }
        output += debug ? "\(typeName)(\(body))" : body
    }

    /// A script type's own `description` / `debugDescription`, when it conforms to
    /// `CustomStringConvertible` / `CustomDebugStringConvertible`.
    private static func customDescription(
        _ value: Value, type: TypeInfo, debug: Bool,
        interpreter: Interpreter?
    ) throws -> String? {
        guard runsScriptDescriptions, let interpreter = interpreter ?? type.interpreter else { return nil }
        let conformances = Set(interpreter.allConformances(of: type).map(\.name))
        let order =
            debug
            ? [("CustomDebugStringConvertible", "debugDescription"), ("CustomStringConvertible", "description")]
            : [("CustomStringConvertible", "description"), ("CustomDebugStringConvertible", "debugDescription")]
        for (protocolName, member) in order where conformances.contains(protocolName) || type.conforms(to: protocolName)
        {
            if interpreter.hasMember(of: value, member) {
                let result = try interpreter.member(of: value, member, at: .unknown)
                if case .string(let text) = result { return text }
            }
        }
        return nil
    }

    /// A type's name as Swift spells it in messages (`Int`, `String?`, `[Int]`).
    public static func typeName(of value: Value) -> String {
        switch value {
        case .void: return "()"
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .character: return "Character"
        case .optional(let wrapped): return wrapped.map { typeName(of: $0) + "?" } ?? "Optional"
        case .array(let elements): return "[" + (elements.first.map { typeName(of: $0) } ?? "Any") + "]"
        case .set: return "Set"
        case .dictionary: return "Dictionary"
        case .tuple(let tuple): return "(" + tuple.elements.map { typeName(of: $0) }.joined(separator: ", ") + ")"
        case .range: return "Range"
        case .structValue(let structValue): return structValue.type.name
        case .enumValue(let enumValue): return enumValue.type.name
        case .object(let object): return object.type.name
        case .function: return "function"
        case .metatype(let metatype): return metatype.type.name + ".Type"
        case .native(let native): return native.typeInfo.name
        case .scalar(let scalar): return scalar.type.typeInfo.name
        case .weakReference: return typeName(of: value.loaded)
        }
    }
}
