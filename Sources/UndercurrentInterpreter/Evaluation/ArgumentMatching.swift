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
/// (an extension may replace a library method). Among native overloads whose labels fit,
/// a trailing closure prefers the one whose parameter is declared to take a closure, as
/// Swift's type checker would: `publisher.contains { $0 == 1 }` is `contains(where:)`, not
/// `contains(_:)` with a closure as the value to look for.
func selectOverload(_ candidates: [Callable], for arguments: [Argument]) -> (Callable, [[Int]])? {
    var nativeMatch: (match: (Callable, [[Int]]), fit: Int)?
    for candidate in candidates {
        guard let assignment = matchArguments(arguments, to: candidate.parameterShapes) else { continue }
        if case .script = candidate { return (candidate, assignment) }
        let fit = trailingClosureFit(candidate, assignment, arguments)
        if nativeMatch == nil || fit > nativeMatch!.fit { nativeMatch = ((candidate, assignment), fit) }
    }
    return nativeMatch?.match
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
