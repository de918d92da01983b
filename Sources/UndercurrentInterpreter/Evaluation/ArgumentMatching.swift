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
/// (an extension may replace a library method). Among overloads whose labels fit:
/// - a literal argument prefers the parameter whose type is the literal's own, as Swift's
///   type checker does: `record(1)` is `record(_: Int)` rather than `record(_: Double)`, and a
///   `1.5` never goes to an `Int`;
/// - among native ones, a trailing closure prefers the one whose parameter is declared to
///   take a closure: `publisher.contains { $0 == 1 }` is `contains(where:)`, not
///   `contains(_:)` with a closure as the value to look for.
func selectOverload(_ candidates: [Callable], for arguments: [Argument]) -> (Callable, [[Int]])? {
    var scriptMatch: (match: (Callable, [[Int]]), fit: Int)?
    var nativeMatch: (match: (Callable, [[Int]]), fit: Int)?
    for candidate in candidates {
        guard let assignment = matchArguments(arguments, to: candidate.parameterShapes) else { continue }
        let literals = literalFit(candidate, assignment, arguments)
        if case .script = candidate {
            if scriptMatch == nil || literals > scriptMatch!.fit { scriptMatch = ((candidate, assignment), literals) }
            continue
        }
        let fit = literals * 2 + trailingClosureFit(candidate, assignment, arguments)
        if nativeMatch == nil || fit > nativeMatch!.fit { nativeMatch = ((candidate, assignment), fit) }
    }
    return scriptMatch?.match ?? nativeMatch?.match
}

/// How well the call's literal arguments fit the parameters they land on: one point for each
/// literal whose parameter is written with the literal's default type, and far below any
/// other candidate when a literal cannot be of its parameter's type at all (`1.5` for an
/// `Int`): the only candidate is still chosen, and its parameter's type explains the mistake.
private func literalFit(_ candidate: Callable, _ assignment: [[Int]], _ arguments: [Argument]) -> Int {
    let impossible = -1_000
    var fit = 0
    for (parameter, argumentIndices) in assignment.enumerated() {
        guard case .named(let parts, _)? = candidate.parameterType(parameter), parts.count == 1 else { continue }
        let typeName = parts[0]
        for index in argumentIndices {
            switch arguments[index].value {
            case .integerLiteral:
                if typeName == "Int" { fit += 1 }
            case .floatLiteral:
                if ["Double", "Float", "CGFloat", "TimeInterval"].contains(typeName) { fit += 1 }
                if ["Int", "String", "Bool", "Character"].contains(typeName) { fit += impossible }
            case .stringLiteral, .interpolatedString:
                if typeName == "String" { fit += 1 }
                if ["Int", "Double", "Float", "Bool"].contains(typeName) { fit += impossible }
            default:
                break
            }
        }
    }
    return fit
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
