/// What argument matching needs to know of one parameter.
struct ParameterShape {
    var label: String?
    var hasDefault: Bool
    var isVariadic: Bool
    var acceptsClosure: Bool
}

extension Callable {
    var parameterShapes: [ParameterShape] {
        switch self {
        case .script(let decl):
            return decl.parameters.map { parameter in
                var acceptsClosure = true
                if let type = parameter.type {
                    switch type {
                    case .function: acceptsClosure = true
                    case .optional(.function): acceptsClosure = true
                    default: acceptsClosure = parameter.defaultValue == nil
                    }
                }
                return ParameterShape(
                    label: parameter.label, hasDefault: parameter.defaultValue != nil,
                    isVariadic: parameter.isVariadic, acceptsClosure: acceptsClosure)
            }
        case .native(let function):
            let signature = function.signature
            return signature.labels.indices.map { index in
                var acceptsClosure = !signature.hasDefault[index]
                if case .function? = signature.types[index] { acceptsClosure = true }
                return ParameterShape(
                    label: signature.labels[index], hasDefault: signature.hasDefault[index],
                    isVariadic: signature.variadicIndex == index, acceptsClosure: acceptsClosure)
            }
        }
    }

    /// Whether the parameters carry exactly these argument labels (nil or `_` for none),
    /// checked without building `parameterShapes`: the engine asks on every value it
    /// delivers to a script subscriber.
    func hasLabels(_ labels: [String?]) -> Bool {
        func same(_ declared: String?, _ wanted: String?) -> Bool { (declared ?? "_") == (wanted ?? "_") }
        switch self {
        case .script(let decl):
            guard decl.parameters.count == labels.count else { return false }
            return zip(decl.parameters, labels).allSatisfy { same($0.label, $1) }
        case .native(let function):
            let declared = function.signature.labels
            guard declared.count == labels.count else { return false }
            return zip(declared, labels).allSatisfy { same($0, $1) }
        }
    }

    func parameterType(_ index: Int) -> TypeRef? {
        switch self {
        case .script(let decl): return index < decl.parameters.count ? decl.parameters[index].type : nil
        case .native(let function):
            return index < function.signature.types.count ? function.signature.types[index] : nil
        }
    }
}

/// Swift's rule for matching call arguments to parameters by label: each argument goes to
/// the next parameter with its label, skipping parameters that have defaults; a trailing
/// closure goes to the next parameter that can take a closure.
/// Returns, per parameter, the indices of the arguments it receives.
func matchArguments(_ arguments: [Argument], to parameters: [ParameterShape]) -> [[Int]]? {
    var assignment = Array(repeating: [Int](), count: parameters.count)
    var parameterIndex = 0
    var argumentIndex = 0
    while argumentIndex < arguments.count {
        let argument = arguments[argumentIndex]
        var matched = false
        while parameterIndex < parameters.count {
            let parameter = parameters[parameterIndex]
            let labelMatches =
                argument.isTrailingClosure
                ? parameter.acceptsClosure
                : parameter.label == argument.label
            if labelMatches {
                assignment[parameterIndex].append(argumentIndex)
                if parameter.isVariadic {
                    // Following unlabeled arguments belong to the same variadic parameter.
                    while argumentIndex + 1 < arguments.count, arguments[argumentIndex + 1].label == nil,
                        !arguments[argumentIndex + 1].isTrailingClosure
                    {
                        argumentIndex += 1
                        assignment[parameterIndex].append(argumentIndex)
                    }
                }
                parameterIndex += 1
                matched = true
                break
            }
            if parameter.hasDefault || parameter.isVariadic {
                parameterIndex += 1
                continue
            }
            return nil
        }
        if !matched { return nil }
        argumentIndex += 1
    }
    for index in parameterIndex..<parameters.count where !parameters[index].hasDefault && !parameters[index].isVariadic
    {
        return nil
    }
    return assignment
}

/// Picks the overload whose labels fit the call; script declarations win over native ones
/// (an extension may replace a library method), unless the best of them cannot take an
/// argument (an Int for a struct of the script's). Among overloads whose labels fit:
/// - script ones are ranked by `OverloadFit`, as Swift's type checker ranks them: the
///   conversions their arguments need, then how specific they are; among those still equal
///   and declared with other result types, the one whose result `resultType` wants;
/// - native ones by the arguments whose parameter is written with their type, and a
///   trailing closure prefers the one whose parameter is declared to take a closure:
///   `publisher.contains { $0 == 1 }` is `contains(where:)`, not `contains(_:)` with a
///   closure as the value to look for.
///
/// Throws an `OverloadQuestion` rather than guess when the best script overloads differ
/// only in the type of a parameter whose argument's type cannot be told before the call
/// runs, or only in their result types where the context wants none: Swift would choose by
/// that type, or refuse, and a guess is a wrong answer with no error.
func selectOverload(
    _ candidates: [Callable], for arguments: [Argument],
    fit: (Callable, [[Int]], _ argumentType: (Int) -> TypeRef?) -> OverloadFit,
    argumentType: ((Int) -> TypeRef?)? = nil, resultType: TypeRef? = nil
) throws(OverloadQuestion) -> (Callable, [[Int]])? {
    var matches: [(Callable, [[Int]])] = []
    for candidate in candidates {
        if let assignment = matchArguments(arguments, to: candidate.parameterShapes) {
            matches.append((candidate, assignment))
        }
    }
    guard matches.count > 1 else { return matches.first }
    var guessed: [Int: TypeRef?] = [:]
    let typeOfArgument = { (index: Int) -> TypeRef? in
        if let known = guessed[index] { return known }
        let type = argumentType?(index)
        guessed[index] = type
        return type
    }
    var scriptMatch: (match: (Callable, [[Int]]), fit: OverloadFit)?
    var scriptTies: [(match: (Callable, [[Int]]), fit: OverloadFit)] = []
    var nativeMatch: (match: (Callable, [[Int]]), points: Int)?
    for (candidate, assignment) in matches {
        let candidateFit = fit(candidate, assignment, typeOfArgument)
        if case .script = candidate {
            if scriptMatch == nil || candidateFit.isBetter(than: scriptMatch!.fit) {
                scriptMatch = ((candidate, assignment), candidateFit)
                scriptTies = []
            } else if candidateFit.ties(with: scriptMatch!.fit) {
                scriptTies.append(((candidate, assignment), candidateFit))
            }
            continue
        }
        let points = candidateFit.points * 2 + trailingClosureFit(candidate, assignment, arguments)
        if nativeMatch == nil || points > nativeMatch!.points { nativeMatch = ((candidate, assignment), points) }
    }
    if var best = scriptMatch {
        for tie in scriptTies {
            if let argument = argumentOfUnknownType(telling: best.match, from: tie.match, arguments, typeOfArgument) {
                throw .unknownArgumentType(argument: argument, candidates: [best.match.0, tie.match.0])
            }
        }
        // Equal conversions: the more specific overload (`f(_: Int)` over `f<T>(_: T)`).
        for tie in scriptTies where tie.fit.specificity > best.fit.specificity { best = tie }
        // Still equal, and declared with other result types (`make() -> Int`, `make() -> String`):
        // the one whose result the context wants, as Swift chooses; none wanted is ambiguous.
        let equals = ([best] + scriptTies).filter { $0.fit.specificity == best.fit.specificity }
        let results = equals.map { Interpreter.commonReturnType(of: [$0.match.0]) }
        if !results.contains(nil), Set(results.map { $0!.description }).count > 1 {
            guard let resultType, let wanted = results.firstIndex(of: resultType) else {
                throw .resultTypeNotWanted(candidates: equals.map(\.match.0))
            }
            best = equals[wanted]
        }
        scriptMatch = best
    }
    // A script function that cannot take an argument (`print(_: Bob)` given `1 + 1`) does
    // not hide the library's of the same name, as it does not in Swift.
    if let scriptMatch, scriptMatch.fit.impossible > 0, let nativeMatch { return nativeMatch.match }
    return scriptMatch?.match ?? nativeMatch?.match
}

/// Overloads a call could not choose between before it runs (`selectOverload`).
enum OverloadQuestion: Error {
    /// The type of this argument would choose, and it is not known before the call runs.
    case unknownArgumentType(argument: Int, candidates: [Callable])
    /// The overloads differ only in their result types, and the call's context wants none
    /// of them (`let value = make()`).
    case resultTypeNotWanted(candidates: [Callable])
}

/// The argument, if any, that lands on parameters written with different types in two
/// overloads and whose type is not known before the call runs. An argument whose type
/// comes from the parameter (`.max(1)`, a closure, `nil`, a literal) is not one.
private func argumentOfUnknownType(
    telling first: (Callable, [[Int]]), from second: (Callable, [[Int]]), _ arguments: [Argument],
    _ argumentType: (Int) -> TypeRef?
) -> Int? {
    func parameterType(of argument: Int, in match: (Callable, [[Int]])) -> TypeRef? {
        guard let parameter = match.1.firstIndex(where: { $0.contains(argument) }) else { return nil }
        return match.0.parameterType(parameter)
    }
    for index in arguments.indices {
        switch arguments[index].value {
        case .integerLiteral, .floatLiteral, .stringLiteral, .interpolatedString, .nilLiteral, .literal,
            .implicitMember, .call(.implicitMember, _, _, _), .closure, .arrayLiteral, .dictionaryLiteral:
            continue
        default:
            break
        }
        guard argumentType(index) == nil else { continue }
        let firstType = parameterType(of: index, in: first)
        let secondType = parameterType(of: index, in: second)
        if let firstType, let secondType, firstType != secondType { return index }
    }
    return nil
}

extension Interpreter {
    /// `selectOverload` for a call being made in `frame`: an argument's type is told without
    /// evaluating it (`staticType(of:in:)`).
    func selectOverload(
        _ candidates: [Callable], for arguments: CallArguments, resultType: TypeRef? = nil, in frame: Frame,
        at location: SourceLocation = .unknown
    ) throws -> (Callable, [[Int]])? {
        func spelled(_ candidate: Callable) -> String {
            guard case .script(let decl) = candidate else { return candidate.baseName }
            let parameters = decl.parameters.map { "\($0.label ?? "_"): \($0.type.map { "\($0)" } ?? "Any")" }
            let result = decl.returnType.map { " -> \($0)" } ?? ""
            return "`\(decl.name)(\(parameters.joined(separator: ", ")))\(result)`"
        }
        do {
            return try UndercurrentInterpreter.selectOverload(
                candidates, for: arguments.list,
                fit: { self.overloadFit($0, $1, arguments.list, argumentType: $2, caller: frame.function) },
                argumentType: { self.staticType(of: arguments.list[$0].value, in: frame) }, resultType: resultType)
        } catch .unknownArgumentType(let argument, let candidates) {
            throw ScriptError(
                .unsupported,
                "cannot choose between \(candidates.map(spelled).joined(separator: " and ")) yet: the type of this argument is not known before the call runs (give it a variable with a written type: `let value: Int = …`)",
                at: arguments.list[argument].value.location)
        } catch .resultTypeNotWanted(let candidates) {
            // Swift: "ambiguous use of 'make()'".
            throw ScriptError.runtime(
                "ambiguous use of \(candidates.map(spelled).joined(separator: " and ")): they differ only in their result types; write the type you want (`let value: Int = …`)",
                at: location)
        }
    }

    /// The type an expression has, told without evaluating it, where that is cheap and
    /// certain: a variable's declared type or, without one, the type of what it holds (a
    /// variable keeps its type); a global function's declared return type; a stored
    /// property's declared type; arithmetic, comparisons and strings. Nil otherwise.
    func staticType(of expr: Expr, in frame: Frame) -> TypeRef? {
        switch expr {
        case .integerLiteral: return .simple("Int")
        case .floatLiteral: return .simple("Double")
        case .stringLiteral, .interpolatedString: return .simple("String")
        case .name(.local(let slot), _, _):
            if let declared = frame.function.declaredTypes[slot] { return declared }
            guard let cell = frame.slots[slot], !isUninitialized(cell.value) else { return nil }
            return typeRef(of: cell.value.loaded)
        case .name(.captured(let index), _, _):
            guard index < frame.captures.count, !isUninitialized(frame.captures[index].value) else { return nil }
            return typeRef(of: frame.captures[index].value.loaded)
        case .name(.dynamic, let name, _):
            guard frame.selfCell == nil, let global = globals[name] else { return nil }
            return global.type ?? typeRef(of: global.cell.value.loaded)
        case .call(.name(.dynamic, let name, _), _, _, _):
            guard globals[name] == nil else { return nil }
            if let functions = globalFunctions[name] { return Self.commonReturnType(of: functions) }
            // `Shelf()`: a type's initializer.
            if let type = types[name], type.declaration != nil { return .named([name], []) }
            return nil
        case .call(.member(let base, let name, _, _), _, _, _):
            // A method: the return type its script declarations share, on the type of a
            // variable's value or on the type the base is known to have (`make().total()`).
            if let receiver = storedValue(of: base, in: frame) {
                return Self.commonReturnType(of: instanceCallables(of: typeInfo(of: receiver), name))
            }
            guard let baseType = staticType(of: base, in: frame), let info = scriptType(baseType) else { return nil }
            return Self.commonReturnType(of: instanceCallables(of: info, name))
        case .member(let base, let name, _, _):
            guard let baseValue = storedValue(of: base, in: frame) else {
                // The base is computed (`make().label`): the property's declared type, on the
                // type the base is known to have.
                if let baseType = staticType(of: base, in: frame), let info = scriptType(baseType) {
                    return declaredPropertyType(name, of: info)
                }
                // `items.map { … }.count`: a library method of a library value gives a library
                // value, whose `count` is an Int whatever its type.
                guard case .call(.member(let receiver, let method, _, _), _, _, _) = base,
                    let receiverValue = storedValue(of: receiver, in: frame),
                    typeInfo(of: receiverValue).declaration == nil,
                    instanceCallables(of: typeInfo(of: receiverValue), method).allSatisfy({
                        if case .native = $0 { true } else { false }
                    })
                else { return nil }
                return Self.libraryPropertyTypes[name]
            }
            // A stored property of a variable: its declared type, or the type of what it holds.
            let info = typeInfo(of: baseValue)
            guard let index = info.fieldIndex[name] else {
                // A computed property: its declared type, without running its getter.
                if case .computed(let property)? = instanceEntries(of: info, name).first { return property.type }
                // A library property (`items.count`) reads without running script code.
                guard case .nativeProperty? = instanceEntries(of: info, name).first,
                    let value = try? member(of: baseValue, name, at: .unknown)
                else { return nil }
                return typeRef(of: value.loaded)
            }
            if let declared = info.storedProperties[index].type { return declared }
            switch baseValue {
            case .object(let object): return typeRef(of: object.fields[index].loaded)
            case .structValue(let structValue): return typeRef(of: structValue.fields[index].loaded)
            default: return nil
            }
        case .binary(let op, let lhs, let rhs, _):
            switch op {
            case .equal, .notEqual, .less, .greater, .lessOrEqual, .greaterOrEqual, .and, .or: return .simple("Bool")
            case .plus, .minus, .times, .divide, .remainder:
                return staticType(of: lhs, in: frame) ?? staticType(of: rhs, in: frame)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Properties whose type is the same on every standard library type that has them.
    private static let libraryPropertyTypes: [String: TypeRef] = [
        "count": .named(["Int"], []), "isEmpty": .named(["Bool"], []),
        "description": .named(["String"], []), "debugDescription": .named(["String"], []),
    ]

    /// The script type a static type names (`Shelf`), if it is one.
    func scriptType(_ type: TypeRef) -> TypeInfo? {
        guard case .named(let parts, _) = type, parts.count == 1, let info = types[parts[0]],
            info.declaration != nil
        else { return nil }
        return info
    }

    /// The protocol property `name` of `value` is declared with (`let greeter: Greeter`), if
    /// it is declared with one: a call through it is a call through that protocol.
    func protocolTypeOfProperty(_ name: String, of value: Value) -> TypeInfo? {
        switch value {
        case .object, .structValue: break
        default: return nil
        }
        guard let declared = declaredPropertyType(name, of: typeInfo(of: value)) else { return nil }
        return protocolType(named: declared)
    }

    /// The type a script type's stored or computed property is declared with.
    func declaredPropertyType(_ name: String, of info: TypeInfo) -> TypeRef? {
        if let index = info.fieldIndex[name] { return info.storedProperties[index].type }
        if case .computed(let property)? = instanceEntries(of: info, name).first { return property.type }
        return nil
    }

    /// The return type every one of these functions is declared with, when they are all the
    /// script's and agree.
    static func commonReturnType(of functions: [Callable]) -> TypeRef? {
        let returnTypes = functions.map { callable -> TypeRef? in
            if case .script(let decl) = callable { return decl.returnType }
            return nil
        }
        guard let first = returnTypes.first, let type = first, returnTypes.allSatisfy({ $0 == type }) else {
            return nil
        }
        return type
    }

    /// What a variable (or `self`), or a stored property of one, holds, read without running
    /// anything (a computed property would run its getter: it is not read).
    private func storedValue(of expr: Expr, in frame: Frame) -> Value? {
        let value: Value?
        switch expr {
        case .selfReference: value = frame.selfCell?.value
        case .name(.dynamic, let name, _): value = frame.selfCell == nil ? globals[name]?.cell.value : nil
        case .name(let reference, _, _): value = frame.cell(reference)?.value
        case .member(let base, let name, _, _):
            guard let owner = storedValue(of: base, in: frame), let index = typeInfo(of: owner).fieldIndex[name] else {
                return nil
            }
            switch owner {
            case .object(let object): value = object.fields[index]
            case .structValue(let structValue): value = structValue.fields[index]
            default: value = nil
            }
        default: value = nil
        }
        guard let value, !isUninitialized(value) else { return nil }
        return value.loaded
    }
}

/// How many of the call's trailing closures land on parameters declared as closures.
private func trailingClosureFit(_ candidate: Callable, _ assignment: [[Int]], _ arguments: [Argument]) -> Int {
    var fit = 0
    for (parameter, argumentIndices) in assignment.enumerated() {
        guard argumentIndices.contains(where: { arguments[$0].isTrailingClosure }) else { continue }
        switch candidate.parameterType(parameter) {
        case .function?, .optional(.function)?: fit += 1
        default: break
        }
    }
    return fit
}

func describeCall(_ name: String, _ arguments: [Argument]) -> String {
    "\(name)(\(arguments.map { "\($0.label ?? "_"):" }.joined()))"
}
