/// Swift standard library functions and members the interpreter provides natively.
struct StandardLibrary: InterpreterLibrary {
    func install(into interpreter: Interpreter) {
        installGlobalFunctions(into: interpreter)
        installNumericMembers(into: interpreter)
        installStringMembers(into: interpreter)
        installCollectionMembers(into: interpreter)
        installOptionalMembers(into: interpreter)
    }

    private func installGlobalFunctions(into interpreter: Interpreter) {
        let printFunction = NativeFunction("print(_:separator:terminator:)", defaults: ["separator", "terminator", "_"],
                                           variadic: "_") { arguments in
            try arguments.interpreter.printValues(arguments, debug: false)
        }
        interpreter.registerGlobalFunction(printFunction)
        let debugPrintFunction = NativeFunction("debugPrint(_:separator:terminator:)",
                                                defaults: ["separator", "terminator", "_"], variadic: "_") { arguments in
            try arguments.interpreter.printValues(arguments, debug: true)
        }
        interpreter.registerGlobalFunction(debugPrintFunction)
        interpreter.registerGlobalFunction(NativeFunction("fatalError(_:)", defaults: ["_"]) { arguments in
            var message = "Fatal error"
            if case .string(let text) = arguments[0] { message += ": " + text }
            throw ScriptError.runtime(message, at: arguments.location)
        })
        interpreter.registerGlobalFunction(NativeFunction("precondition(_:_:)", defaults: ["_"]) { arguments in
            guard case .bool(true) = arguments[0] else {
                var message = "Precondition failed"
                if case .string(let text) = arguments[1] { message += ": " + text }
                throw ScriptError.runtime(message, at: arguments.location)
            }
            return .void
        })
        interpreter.registerGlobalFunction(NativeFunction("assert(_:_:)", defaults: ["_"]) { arguments in
            guard case .bool(true) = arguments[0] else {
                var message = "Assertion failed"
                if case .string(let text) = arguments[1] { message += ": " + text }
                throw ScriptError.runtime(message, at: arguments.location)
            }
            return .void
        })
        for name in ["min", "max"] {
            interpreter.registerGlobalFunction(NativeFunction("\(name)(_:_:)", variadic: nil) { arguments in
                guard let order = ValueEquality.compare(arguments[0], arguments[1]) else {
                    throw ScriptError.runtime("\(name) needs comparable values", at: arguments.location)
                }
                if name == "min" { return order <= 0 ? arguments[0] : arguments[1] }
                return order >= 0 ? arguments[0] : arguments[1]
            })
        }
        interpreter.registerGlobalFunction(NativeFunction("abs(_:)") { arguments in
            switch arguments[0] {
            case .int(let number): return .int(abs(number))
            case .double(let number): return .double(abs(number))
            default: throw ScriptError.runtime("abs needs a number", at: arguments.location)
            }
        })
        interpreter.registerGlobalFunction(NativeFunction("type(of:)") { arguments in
            .metatype(Metatype(type: arguments.interpreter.typeInfo(of: arguments[0])))
        })
    }

    private func installNumericMembers(into interpreter: Interpreter) {
        let builtins = interpreter.builtins
        builtins.int.initializers = [
            .native(NativeFunction("init(_:)") { arguments in
                switch arguments[0] {
                case .int: return arguments[0]
                case .double(let number):
                    guard number.isFinite, number > Double(Int.min), number < Double(Int.max) else {
                        throw ScriptError.runtime("\(number) cannot be converted to Int", at: arguments.location)
                    }
                    return .int(Int(number))
                case .string(let text): return .optional(Int(text).map(Value.int))
                case .character(let character): return .optional(Int(String(character)).map(Value.int))
                default: throw ScriptError.runtime("cannot convert \(Formatter.typeName(of: arguments[0])) to Int",
                                                   at: arguments.location)
                }
            }),
        ]
        builtins.double.initializers = [
            .native(NativeFunction("init(_:)") { arguments in
                switch arguments[0] {
                case .int(let number): return .double(Double(number))
                case .double: return arguments[0]
                case .string(let text): return .optional(Double(text).map(Value.double))
                default: throw ScriptError.runtime("cannot convert \(Formatter.typeName(of: arguments[0])) to Double",
                                                   at: arguments.location)
                }
            }),
        ]
        builtins.string.initializers = [
            .native(NativeFunction("init(_:)") { arguments in
                .string(try Formatter.describe(arguments[0], debug: false, interpreter: arguments.interpreter))
            }),
            .native(NativeFunction("init(describing:)") { arguments in
                .string(try Formatter.describe(arguments[0], debug: false, interpreter: arguments.interpreter))
            }),
            .native(NativeFunction("init(reflecting:)") { arguments in
                .string(try Formatter.describe(arguments[0], debug: true, interpreter: arguments.interpreter))
            }),
            .native(NativeFunction("init()") { _ in .string("") }),
            .native(NativeFunction("init(repeating:count:)") { arguments in
                guard case .int(let count) = arguments[1] else { return .string("") }
                let piece = try Formatter.describe(arguments[0], debug: false, interpreter: arguments.interpreter)
                return .string(String(repeating: piece, count: max(0, count)))
            }),
        ]
        builtins.bool.initializers = [.native(NativeFunction("init(_:)") { arguments in arguments[0] })]
        builtins.int.addNativeProperty("max", isStatic: true, NativeProperty { _, _ in .int(Int.max) })
        builtins.int.addNativeProperty("min", isStatic: true, NativeProperty { _, _ in .int(Int.min) })
        builtins.int.addNativeProperty("description", NativeProperty { _, value in
            .string(Formatter.describe(value, debug: false))
        })
        builtins.double.addNativeProperty("description", NativeProperty { _, value in
            .string(Formatter.describe(value, debug: false))
        })
        builtins.int.addNativeMethod(NativeFunction("isMultiple(of:)") { arguments in
            guard case .int(let number) = arguments.receiver, case .int(let divisor) = arguments[0] else { return .bool(false) }
            return .bool(divisor == 0 ? number == 0 : number % divisor == 0)
        })
        builtins.int.addNativeMethod(NativeFunction("random(in:)") { arguments in
            throw ScriptError.unsupported("random numbers (Undercurrent keeps runs repeatable)", at: arguments.location)
        }, isStatic: true)
    }

    private func installStringMembers(into interpreter: Interpreter) {
        let string = interpreter.builtins.string
        func text(_ arguments: NativeArguments) -> String {
            if case .string(let text)? = arguments.receiver { return text }
            return ""
        }
        string.addNativeProperty("count", NativeProperty { _, value in
            guard case .string(let text) = value else { return .int(0) }
            return .int(text.count)
        })
        string.addNativeProperty("isEmpty", NativeProperty { _, value in
            guard case .string(let text) = value else { return .bool(true) }
            return .bool(text.isEmpty)
        })
        string.addNativeProperty("description", NativeProperty { _, value in value })
        string.addNativeMethod(NativeFunction("uppercased()") { .string(text($0).uppercased()) })
        string.addNativeMethod(NativeFunction("lowercased()") { .string(text($0).lowercased()) })
        string.addNativeMethod(NativeFunction("hasPrefix(_:)") { arguments in
            guard case .string(let prefix) = arguments[0] else { return .bool(false) }
            return .bool(text(arguments).hasPrefix(prefix))
        })
        string.addNativeMethod(NativeFunction("hasSuffix(_:)") { arguments in
            guard case .string(let suffix) = arguments[0] else { return .bool(false) }
            return .bool(text(arguments).hasSuffix(suffix))
        })
        string.addNativeMethod(NativeFunction("append(_:)", mutating: true) { arguments in
            guard let cell = arguments.receiverCell, case .string(var current) = cell.value else { return .void }
            current += try Formatter.describe(arguments[0], debug: false, interpreter: arguments.interpreter)
            cell.value = .string(current)
            return .void
        })
    }

    private func installCollectionMembers(into interpreter: Interpreter) {
        let array = interpreter.builtins.array
        array.initializers = [
            .native(NativeFunction("init()") { _ in .array([]) }),
            .native(NativeFunction("init(_:)") { arguments in
                .array(try arguments.interpreter.elements(of: arguments[0], at: arguments.location))
            }),
            .native(NativeFunction("init(repeating:count:)") { arguments in
                guard case .int(let count) = arguments[1], count >= 0 else {
                    throw ScriptError.runtime("Array(repeating:count:) needs a count of 0 or more", at: arguments.location)
                }
                return .array(Array(repeating: arguments[0], count: count))
            }),
        ]
        array.addNativeProperty("count", NativeProperty { _, value in
            guard case .array(let elements) = value else { return .int(0) }
            return .int(elements.count)
        })
        array.addNativeProperty("isEmpty", NativeProperty { _, value in
            guard case .array(let elements) = value else { return .bool(true) }
            return .bool(elements.isEmpty)
        })
        array.addNativeMethod(NativeFunction("append(_:)", mutating: true) { arguments in
            guard let cell = arguments.receiverCell, case .array(var elements) = cell.value else { return .void }
            cell.value = .void
            elements.append(arguments[0])
            cell.value = .array(elements)
            return .void
        })
        let set = interpreter.builtins.set
        set.initializers = [
            .native(NativeFunction("init()") { _ in .set(OrderedSet()) }),
            .native(NativeFunction("init(_:)") { arguments in
                .set(OrderedSet(try arguments.interpreter.elements(of: arguments[0], at: arguments.location)))
            }),
        ]
        set.addNativeProperty("count", NativeProperty { _, value in
            guard case .set(let set) = value else { return .int(0) }
            return .int(set.count)
        })
        set.addNativeMethod(NativeFunction("insert(_:)", mutating: true) { arguments in
            guard let cell = arguments.receiverCell, case .set(var elements) = cell.value else { return .void }
            cell.value = .void
            let inserted = elements.insert(arguments[0])
            cell.value = .set(elements)
            return .tuple(TupleValue(labels: ["inserted", "memberAfterInsert"], elements: [.bool(inserted), arguments[0]]))
        })
        let dictionary = interpreter.builtins.dictionary
        dictionary.initializers = [.native(NativeFunction("init()") { _ in .dictionary(OrderedDictionary()) })]
        dictionary.addNativeProperty("count", NativeProperty { _, value in
            guard case .dictionary(let dictionary) = value else { return .int(0) }
            return .int(dictionary.count)
        })
    }

    private func installOptionalMembers(into interpreter: Interpreter) {
        let optional = interpreter.builtins.optional
        optional.addEnumCase(EnumCaseInfo(name: "none"))
        optional.addEnumCase(EnumCaseInfo(name: "some", associatedTypes: [.simple("Wrapped")]))
    }
}

extension Interpreter {
    func printValues(_ arguments: NativeArguments, debug: Bool) throws -> Value {
        var separator = " "
        var terminator = "\n"
        if case .string(let text)? = arguments.optional(1) { separator = text }
        if case .string(let text)? = arguments.optional(2) { terminator = text }
        guard case .array(let items) = arguments[0] else { return .void }
        var line = ""
        for (index, item) in items.enumerated() {
            if index > 0 { line += separator }
            line += try Formatter.describe(item, debug: debug, interpreter: self)
        }
        try write(line + terminator)
        return .void
    }
}
