/// How well one overload fits a call's arguments, compared as Swift's type checker compares
/// solutions: first by the conversions the arguments need, the costliest first, then by how
/// specific the parameters are.
///
/// The conversions, in the type checker's order (`ScoreKind` in swift/lib/Sema): an argument
/// that cannot be passed at all; a literal of another type than its default (`1` for a
/// `Double`); a value wrapped in an Optional (`5` for an `Int?`); a value passed as `Any`.
/// So `describe(5)` with `describe(_: Any)` and `describe(_: Int?)` is the `Any` one, and
/// `handle(4)` with `handle(_: Int)` and `handle(_: Int?)` the `Int` one. Only an argument
/// whose type is known before the call runs (a literal, a variable, `staticType(of:in:)`)
/// counts: one of unknown type is `OverloadQuestion.unknownArgumentType`, asked before
/// `specificity` decides.
struct OverloadFit {
    /// Arguments that cannot be passed to their parameter: `1.5` to an `Int`, an `Int?` to an
    /// `Int`, a struct to a generic parameter whose constraint it does not meet.
    var impossible = 0
    var nonDefaultLiterals = 0
    var valuesToOptional = 0
    var valuesToAny = 0
    /// Arguments whose parameter is written with their very type.
    var exact = 0
    /// Swift's "more specialized" rule, by parameter: a written type (`Int`, `[Int]`) is more
    /// specific than a constrained generic parameter or a structure around one (`[T]`), and
    /// that than a plain `T` or `Any`.
    var specificity = 0

    /// What one number said before conversions were counted: kept for the library's
    /// overloads, whose parameters are written more loosely than a script's.
    var points: Int { exact - 1_000 * impossible }

    /// The order before specificity: fewer conversions, the costliest first, then more
    /// exact parameters.
    var conversionRank: [Int] { [-impossible, -nonDefaultLiterals, -valuesToOptional, -valuesToAny, exact] }

    func isBetter(than other: OverloadFit) -> Bool {
        other.conversionRank.lexicographicallyPrecedes(conversionRank)
    }

    func ties(with other: OverloadFit) -> Bool { conversionRank == other.conversionRank }
}

/// What an argument is, for `OverloadFit`: a literal of a kind, or an expression whose static
/// type may be known.
enum ArgumentKind {
    case integerLiteral, floatLiteral, stringLiteral, nilLiteral, arrayLiteral
    case typed(TypeRef)
    /// A value of the calling function's own generic parameter (`x: T` inside `func g<T>`),
    /// with its constraint: whatever it holds, Swift passes it only where a `T` may go.
    case genericParameter(constraint: String?)
    case unknown
}

extension Interpreter {
    /// How `candidate` fits `arguments` placed by `assignment` (`matchArguments`).
    func overloadFit(
        _ candidate: Callable, _ assignment: [[Int]], _ arguments: [Argument],
        argumentType: (Int) -> TypeRef?, caller: FunctionDecl?
    ) -> OverloadFit {
        var fit = OverloadFit()
        var generics: [String: String?] = [:]
        if case .script(let decl) = candidate {
            for name in decl.genericParameterNames { generics[name] = .some(decl.genericConstraints[name]) }
        }
        for (parameter, argumentIndices) in assignment.enumerated() {
            guard let parameterType = candidate.parameterType(parameter) else { continue }
            let isVariadic = candidate.parameterShapes[parameter].isVariadic
            fit.specificity += specificity(of: parameterType, generics)
            for index in argumentIndices {
                let kind = argumentKind(arguments[index].value, type: { argumentType(index) }, caller: caller)
                // A variadic `Int...` takes each argument as an `Int`.
                var type = parameterType
                if isVariadic, case .array(let element) = parameterType { type = element }
                score(kind, passedTo: type, generics, into: &fit)
            }
        }
        return fit
    }

    private func argumentKind(_ argument: Expr, type: () -> TypeRef?, caller: FunctionDecl?) -> ArgumentKind {
        switch argument {
        case .integerLiteral: return .integerLiteral
        case .floatLiteral: return .floatLiteral
        case .stringLiteral, .interpolatedString: return .stringLiteral
        case .nilLiteral: return .nilLiteral
        case .arrayLiteral: return .arrayLiteral
        case .closure, .implicitMember, .call(.implicitMember, _, _, _): return .unknown
        case .name(.local(let slot), _, _):
            if let caller, let name = Self.genericParameter(declaredFor: slot, in: caller) {
                return .genericParameter(constraint: caller.genericConstraints[name])
            }
        default: break
        }
        return type().map { .typed($0) } ?? .unknown
    }

    private func score(
        _ argument: ArgumentKind, passedTo parameter: TypeRef, _ generics: [String: String?],
        into fit: inout OverloadFit
    ) {
        if case .unknown = argument { return }
        if case .genericParameter(let constraint) = argument {
            scoreGeneric(constraint: constraint, passedTo: parameter, generics, into: &fit)
            return
        }
        if let name = Self.singleName(parameter), let constraint = generics[name] {
            // A generic parameter takes any argument that meets its constraint.
            if let constraint, case .typed(let type) = argument, meets(type, constraint) == false {
                fit.impossible += 1
            }
            return
        }
        if let name = Self.singleName(parameter), name == "Any" || name == "AnyObject" {
            if case .typed(let type) = argument, Self.singleName(type) == name {
                fit.exact += 1
            } else {
                fit.valuesToAny += 1
            }
            return
        }
        if let wrapped = parameter.optionalWrapped {
            switch argument {
            case .nilLiteral:
                fit.exact += 1
            case .typed(let type) where type.isOptionalOrOptionalValue:
                // An Optional of unknown wrapped type (a variable's value) passes as it is.
                if let inner = type.optionalWrapped { score(.typed(inner), passedTo: wrapped, generics, into: &fit) }
            default:
                fit.valuesToOptional += 1
                score(argument, passedTo: wrapped, generics, into: &fit)
            }
            return
        }
        if case .array(let element) = parameter {
            switch argument {
            case .arrayLiteral: break
            case .typed(.array(let argumentElement)):
                score(.typed(argumentElement), passedTo: element, generics, into: &fit)
            case .typed(let type) where Self.singleName(type) == "Array": break
            case .typed(let type) where type.isOptionalOrOptionalValue || Self.isBasic(type): fit.impossible += 1
            case .integerLiteral, .floatLiteral, .stringLiteral, .nilLiteral: fit.impossible += 1
            default: break
            }
            return
        }
        // A written type, with or without generic arguments (`Set<Int>`).
        guard case .named(let parts, _) = parameter, parts.count == 1 else { return }
        let parameterName = Self.basicName(parts[0])
        let argumentName: String
        switch argument {
        case .integerLiteral:
            // An Int first, but also a Double, or a type of the script's that is
            // `ExpressibleByIntegerLiteral`.
            if parameterName == "Int" {
                fit.exact += 1
            } else if ["String", "Bool", "Character"].contains(parameterName)
                || refusesBasicValues(parameterName, literal: "ExpressibleByIntegerLiteral")
            {
                fit.impossible += 1
            } else if Self.otherIntegerLiteralTypes.contains(parameterName) {
                fit.nonDefaultLiterals += 1
            }
            return
        case .floatLiteral:
            if refusesBasicValues(parameterName, literal: "ExpressibleByFloatLiteral") { fit.impossible += 1 }
            argumentName = "Double"
        case .stringLiteral:
            if refusesBasicValues(parameterName, literal: "ExpressibleByStringLiteral") { fit.impossible += 1 }
            argumentName = "String"
        case .nilLiteral, .arrayLiteral:
            if Self.isBasic(parameter) || scriptConcreteType(parameter) != nil { fit.impossible += 1 }
            return
        case .typed(let type):
            if type.isOptionalOrOptionalValue {
                // An Optional is never a value of a written type other than Optional.
                if Self.isBasic(parameter) || scriptConcreteType(parameter) != nil { fit.impossible += 1 }
                return
            }
            guard let last = type.baseName else { return }
            argumentName = Self.basicName(last)
            if argumentName != parameterName, let argumentInfo = scriptConcreteType(type),
                let parameterInfo = scriptType(parameter)
            {
                // A type of the script's to another: a subclass to its superclass, a conforming
                // type to its protocol.
                if !Self.isSubtype(argumentInfo, of: parameterInfo, conformances: allConformances(of: argumentInfo)) {
                    fit.impossible += 1
                }
                return
            }
        case .unknown, .genericParameter:
            return
        }
        if argumentName == parameterName {
            fit.exact += 1
        } else if Self.basicTypes.contains(argumentName),
            Self.basicTypes.contains(parameterName) || refusesBasicValues(parameterName, literal: nil)
        {
            // An Int is never a Double here, nor a struct, class or enum of the script's.
            fit.impossible += 1
        }
    }

    /// The generic parameter a parameter of `function` in `slot` is declared with (`x: T`).
    private static func genericParameter(declaredFor slot: Int, in function: FunctionDecl) -> String? {
        guard !function.genericParameterNames.isEmpty,
            let type = function.parameters.first(where: { $0.slot == slot })?.type, let name = singleName(type),
            function.genericParameterNames.contains(name)
        else { return nil }
        return name
    }

    /// A value of the caller's generic parameter goes to a generic parameter, `Any`, or a
    /// protocol it is constrained to; never to a written type such as `Int`.
    private func scoreGeneric(
        constraint: String?, passedTo parameter: TypeRef, _ generics: [String: String?], into fit: inout OverloadFit
    ) {
        if let wrapped = parameter.optionalWrapped {
            fit.valuesToOptional += 1
            scoreGeneric(constraint: constraint, passedTo: wrapped, generics, into: &fit)
            return
        }
        if case .array = parameter {
            fit.impossible += 1
            return
        }
        guard let name = Self.singleName(parameter) else { return }
        if let required = generics[name] {
            // A `T: Shape` goes to a `U: Named` only where `Shape` is or refines `Named`.
            if let required, required != constraint,
                !Self.isSubtype(constraint, of: required, in: types, allConformances)
            {
                fit.impossible += 1
            }
            return
        }
        if name == "Any" || name == "AnyObject" {
            fit.valuesToAny += 1
        } else if name == constraint {
            // `T: Shape` passed as a `Shape`.
            fit.valuesToAny += 1
        } else if Self.isBasic(parameter) || scriptConcreteType(parameter) != nil {
            fit.impossible += 1
        }
    }

    /// Whether every type meeting the constraint `given` meets `required`: it is that protocol
    /// or class, or refines or inherits from it.
    private static func isSubtype(
        _ given: String?, of required: String, in types: [String: TypeInfo], _ conformances: (TypeInfo) -> [TypeInfo]
    ) -> Bool {
        guard let given, let givenType = types[given], let requiredType = types[required] else { return false }
        return isSubtype(givenType, of: requiredType, conformances: conformances(givenType))
    }

    /// `OverloadFit.specificity` of one parameter.
    private func specificity(of type: TypeRef, _ generics: [String: String?]) -> Int {
        if let name = Self.singleName(type) {
            if let constraint = generics[name] { return constraint == nil ? 0 : 1 }
            return name == "Any" || name == "AnyObject" ? 0 : 2
        }
        switch type {
        case .optional(let wrapped), .implicitlyUnwrapped(let wrapped): return specificity(of: wrapped, generics)
        case .array(let element): return max(1, specificity(of: element, generics))
        default: return 2
        }
    }

    /// Whether a value of `type` meets a generic parameter's `constraint`, when that can be
    /// told: only for a struct or class of the script's, whose conformances are all known.
    private func meets(_ type: TypeRef, _ constraint: String) -> Bool? {
        guard let info = scriptConcreteType(type), info.kind != .enumType, let required = types[constraint] else {
            return nil
        }
        return Self.isSubtype(info, of: required, conformances: allConformances(of: info))
    }

    private static func isSubtype(_ type: TypeInfo, of target: TypeInfo, conformances: [TypeInfo]) -> Bool {
        var current: TypeInfo? = type
        while let candidate = current {
            if candidate === target { return true }
            current = candidate.superclass
        }
        return conformances.contains { $0 === target }
    }

    /// A struct, class or enum of the script's that `type` names.
    private func scriptConcreteType(_ type: TypeRef) -> TypeInfo? {
        guard let info = scriptType(type), info.kind != .protocolType else { return nil }
        return info
    }

    /// A struct, class or enum of the script's, unless a literal may make one.
    func refusesBasicValues(_ name: String, literal: String?) -> Bool {
        guard let type = types[name], type.declaration != nil, type.kind != .protocolType else { return false }
        return literal.map { !type.conformances.contains($0) } ?? true
    }

    /// The basic types an argument of one can never be passed as another of.
    static let basicTypes: Set<String> = ["Int", "Double", "String", "Bool", "Character"]

    /// Types an integer literal makes other than `Int`: passing it as one is a conversion.
    private static let otherIntegerLiteralTypes: Set<String> = [
        "Double", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]

    private static func isBasic(_ type: TypeRef) -> Bool {
        singleName(type).map { basicTypes.contains(basicName($0)) } ?? false
    }

    /// `Float`, `CGFloat` and `TimeInterval` are `Double` here.
    static func basicName(_ name: String) -> String {
        switch name {
        case "Float", "CGFloat", "TimeInterval": "Double"
        default: name
        }
    }

    /// The name of a type written as one name without generic arguments (`Int`, `T`).
    private static func singleName(_ type: TypeRef) -> String? {
        guard case .named(let parts, let arguments) = type, parts.count == 1, arguments.isEmpty else { return nil }
        return parts[0]
    }
}
