#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Free functions of the standard library (`print`, `min`, `zip`, `stride`, `swap`...) and
/// Foundation's math functions (`sqrt`, `pow`, `floor`...).
extension StandardLibrary {
    func installGlobalFunctions(into interpreter: Interpreter) {
        installPrinting(into: interpreter)
        installChecks(into: interpreter)
        installComparisons(into: interpreter)
        installSequenceFunctions(into: interpreter)
        installMath(into: interpreter)
        interpreter.registerGlobalFunction(
            NativeFunction("type(of:)") { arguments in
                try arguments.interpreter.dynamicType(of: arguments[0], at: arguments.location)
            })
        interpreter.registerGlobalFunction(
            NativeFunction("withExtendedLifetime(_:_:)") { arguments in
                // The value is held by this call's arguments until the body has returned.
                let body = arguments[1]
                var passed: [Value] = []
                if case .function(let function) = body, case .script(let decl, _, _) = function.body,
                    decl.parameters.count == 1
                {
                    passed = [arguments[0]]
                }
                return try arguments.interpreter.call(body, passed, at: arguments.location)
            })
        interpreter.registerGlobalFunction(
            NativeFunction("swap(_:_:)") { arguments in
                guard let first = arguments.inoutCells[0], let second = arguments.inoutCells[1] else {
                    throw ScriptError.runtime("swap needs two variables passed with &", at: arguments.location)
                }
                (first.value, second.value) = (second.value, first.value)
                return .void
            })
    }

    private func installPrinting(into interpreter: Interpreter) {
        for (name, debug) in [("print", false), ("debugPrint", true)] {
            interpreter.registerGlobalFunction(
                NativeFunction(
                    "\(name)(_:separator:terminator:)",
                    defaults: ["separator", "terminator", "_"],
                    variadic: "_"
                ) { arguments in
                    try arguments.interpreter.printValues(arguments, debug: debug)
                })
        }
    }

    private func installChecks(into interpreter: Interpreter) {
        for (name, label) in [
            ("fatalError", "Fatal error"), ("preconditionFailure", "Fatal error"),
            ("assertionFailure", "Fatal error"),
        ] {
            interpreter.registerGlobalFunction(
                NativeFunction("\(name)(_:)", defaults: ["_"]) { arguments in
                    var message = label
                    if case .string(let text) = arguments[0], !text.isEmpty { message += ": " + text }
                    throw ScriptError.runtime(message, at: arguments.location)
                })
        }
        for (name, label) in [("precondition", "Precondition failed"), ("assert", "Assertion failed")] {
            interpreter.registerGlobalFunction(
                NativeFunction("\(name)(_:_:)", defaults: ["_"]) { arguments in
                    guard case .bool(true) = arguments[0] else {
                        var message = label
                        if case .string(let text) = arguments[1], !text.isEmpty { message += ": " + text }
                        throw ScriptError.runtime(message, at: arguments.location)
                    }
                    return .void
                })
        }
    }

    /// `min`/`max` of two or more values, with Swift's tie rules: `min` keeps the first of
    /// equal values, `max` the last.
    private func installComparisons(into interpreter: Interpreter) {
        for (name, isMin) in [("min", true), ("max", false)] {
            interpreter.registerGlobalFunction(
                NativeFunction("\(name)(_:)", variadic: "_") { arguments in
                    guard case .array(let given) = arguments[0], given.count >= 2 else {
                        throw ScriptError.runtime("\(name) needs at least two values", at: arguments.location)
                    }
                    let values = arguments.interpreter.unifyLiteralElements(given)
                    var result = values[0]
                    for value in values.dropFirst() {
                        let isLess = try arguments.interpreter.isLess(value, result, at: arguments.location)
                        if isMin ? isLess : !isLess { result = value }
                    }
                    return result
                })
        }
        interpreter.registerGlobalFunction(
            NativeFunction("abs(_:)") { arguments in
                switch arguments[0] {
                case .int(let number):
                    guard number != .min else {
                        throw ScriptError.runtime(
                            "arithmetic overflow: abs(Int.min) does not fit in Int", at: arguments.location)
                    }
                    return .int(abs(number))
                case .double(let number): return .double(abs(number))
                default: throw ScriptError.runtime("abs needs a number", at: arguments.location)
                }
            })
    }

    private func installSequenceFunctions(into interpreter: Interpreter) {
        interpreter.registerGlobalFunction(
            NativeFunction("zip(_:_:)") { arguments in
                arguments.interpreter.wrappedSequence(.zip, [arguments[0], arguments[1]])
            })
        for (label, kind) in [("to", WrappedSequence.Kind.strideTo), ("through", .strideThrough)] {
            interpreter.registerGlobalFunction(
                NativeFunction("stride(from:\(label):by:)") { arguments in
                    let bounds = arguments.interpreter.unifyLiteralElements([arguments[0], arguments[1], arguments[2]])
                    if case .int(0) = bounds[2] {
                        throw ScriptError.runtime("Stride size must not be zero", at: arguments.location)
                    }
                    if case .double(0) = bounds[2] {
                        throw ScriptError.runtime("Stride size must not be zero", at: arguments.location)
                    }
                    return arguments.interpreter.wrappedSequence(kind, bounds)
                })
        }
    }

    /// Foundation's C math functions on Double.
    private func installMath(into interpreter: Interpreter) {
        let unary: [(String, (Double) -> Double)] = [
            ("sqrt", { $0.squareRoot() }), ("floor", { $0.rounded(.down) }), ("ceil", { $0.rounded(.up) }),
            ("round", { $0.rounded() }), ("trunc", { $0.rounded(.towardZero) }), ("exp", { exp($0) }),
            ("log", { log($0) }), ("log2", { log2($0) }), ("log10", { log10($0) }), ("sin", { sin($0) }),
            ("cos", { cos($0) }), ("tan", { tan($0) }), ("asin", { asin($0) }), ("acos", { acos($0) }),
            ("atan", { atan($0) }), ("fabs", { abs($0) }),
        ]
        for (name, function) in unary {
            interpreter.registerGlobalFunction(
                NativeFunction("\(name)(_:)", types: [.simple("Double")]) { arguments in
                    .double(function(try arguments.double(0)))
                })
        }
        let binary: [(String, (Double, Double) -> Double)] = [
            ("pow", { pow($0, $1) }), ("atan2", { atan2($0, $1) }), ("hypot", { hypot($0, $1) }),
            ("fmod", { fmod($0, $1) }),
        ]
        for (name, function) in binary {
            interpreter.registerGlobalFunction(
                NativeFunction(
                    "\(name)(_:_:)",
                    types: [.simple("Double"), .simple("Double")]
                ) { arguments in
                    .double(function(try arguments.double(0), try arguments.double(1)))
                })
        }
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
            line += try locating(arguments.location) { try Formatter.describe(item, debug: debug, interpreter: self) }
        }
        try write(line + terminator)
        return .void
    }
}

extension Interpreter {
    /// `type(of: value)`: the value's own type, spelled as Swift spells it.
    func dynamicType(of value: Value, at location: SourceLocation) throws -> Value {
        let metatype = Metatype(type: typeInfo(of: value))
        metatype.spelling = try locating(location) {
            (
                try SwiftTypeNames.spelledName(of: value, qualified: false),
                try SwiftTypeNames.spelledName(of: value, qualified: true)
            )
        }
        return .metatype(metatype)
    }

    /// What a generic function's type parameter stands for, from an argument of that type.
    /// Swift binds it to the argument's declared type, which is its own type except for an
    /// instance of a subclass passed as its superclass: that case is refused.
    func genericParameterType(_ name: String, of argument: Value, at location: SourceLocation) throws -> Value {
        if case .object(let object) = argument.loaded, object.type.superclass != nil {
            throw ScriptError.unsupported(
                "`\(name)` as a value when its argument is an instance of a subclass: Swift takes the type the "
                    + "argument is declared with, which Undercurrent does not keep at run time; pass `\(name).self` "
                    + "as a parameter of type `\(name).Type`",
                at: location)
        }
        return try dynamicType(of: argument.loaded, at: location)
    }
}
