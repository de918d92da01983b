extension Interpreter {
    /// The variable an expression names, when it is one (`items` in `items.append(x)`).
    func storageCell(of expr: Expr, in frame: Frame) -> Cell? {
        switch expr {
        case .name(let reference, let name, _):
            if let cell = frame.cell(reference) { return cell }
            if let selfCell = frame.selfCell, frame.function.selfSlot != nil, hasMember(of: selfCell.load(), name) {
                return nil
            }
            // A `let` global takes the general path, which refuses to change it.
            guard let global = globals[name], !global.isConstant else { return nil }
            return global.cell
        case .selfReference:
            return frame.selfCell
        default:
            return nil
        }
    }

    /// A mutating method called on a variable of value type changes the variable in place,
    /// so no copy of the value is held while it runs (`append` stays O(1)). Returns nil when
    /// the call is not of that kind.
    /// `declaredType` is the type the variable was declared with, when known: an element
    /// argument takes its element type (`demands.append(.none)` on a `[Subscribers.Demand]`).
    func callMutatingInPlace(
        _ cell: Cell, _ name: String, _ arguments: CallArguments,
        declaredType: @autoclosure () -> TypeRef? = nil, in frame: Frame, at location: SourceLocation
    ) throws -> Value? {
        guard let (callable, assignment) = mutatingOverload(on: cell.value, name, arguments, in: frame) else {
            return nil
        }
        let (values, inoutCells) = try evaluateArguments(
            arguments, assignment, for: callable,
            elementType: self.elementType(of: cell.value, declaredType: declaredType()), in: frame)
        let result = try invoke(
            callable, receiver: nil, receiverCell: cell, values: values, inoutCells: inoutCells,
            at: location)
        try writeBack(inoutCells, arguments, assignment, in: frame)
        return result
    }

    /// The mutating method a call names on a value type, if that is what it is.
    private func mutatingOverload(
        on value: Value, _ name: String, _ arguments: CallArguments, in frame: Frame
    ) -> (Callable, [[Int]])? {
        switch value {
        case .array, .dictionary, .set, .string, .structValue, .enumValue, .optional, .int, .double:
            break
        case .native(let native) where native.hasMutatingMembers:
            break
        default:
            return nil
        }
        let callables = instanceCallables(of: typeInfo(of: value), name)
        // A call that cannot be chosen yet is left to the general path, which says so.
        guard let match = (try? selectOverload(callables, for: arguments, in: frame)) ?? nil, match.0.isMutatingMethod
        else {
            return nil
        }
        return match
    }

    /// `self.items.append(x)`: a mutating method on a plain stored property of an object or
    /// of a struct variable takes the property's value out while it runs, so the change
    /// happens without copying. Properties with observers or wrappers take the general path.
    func callMutatingOnField(
        _ ownerExpr: Expr, _ owner: CompiledExpression, _ field: String, _ name: String,
        _ arguments: CallArguments, in frame: Frame, at location: SourceLocation
    ) throws -> Value? {
        let ownerCell: Cell
        if let cell = storageCell(of: ownerExpr, in: frame) {
            ownerCell = cell
        } else if case .member = ownerExpr {
            return nil
        } else {
            let ownerValue = try owner(self, frame)
            guard case .object = ownerValue else { return nil }
            ownerCell = Cell(ownerValue)
        }
        let ownerType: TypeInfo
        switch ownerCell.value {
        case .object(let object): ownerType = object.type
        case .structValue(let structValue): ownerType = structValue.type
        default: return nil
        }
        guard let index = ownerType.fieldIndex[field] else { return nil }
        let declaration = ownerType.storedProperties[index].declaration
        guard declaration?.wrapper == nil, declaration?.willSet == nil, declaration?.didSet == nil,
            declaration?.isLazy != true, declaration?.isWeak != true
        else { return nil }
        // Only a borrowed look at the property here: holding a copy would make the change copy.
        let overload: (Callable, [[Int]])?
        switch ownerCell.value {
        case .object(let object): overload = mutatingOverload(on: object.fields[index], name, arguments, in: frame)
        case .structValue(let structValue):
            overload = mutatingOverload(on: structValue.fields[index], name, arguments, in: frame)
        default: overload = nil
        }
        guard let (callable, assignment) = overload else { return nil }
        // Arguments are evaluated before the property is taken out (`items.append(items.count)`).
        let (values, inoutCells) = try evaluateArguments(
            arguments, assignment, for: callable, elementType: fieldElementType(index, of: ownerCell, ownerType),
            in: frame)
        let fieldCell = Cell(takeField(index, from: ownerCell))
        let result: Value
        do {
            result = try invoke(
                callable, receiver: nil, receiverCell: fieldCell, values: values,
                inoutCells: inoutCells, at: location)
        } catch {
            putField(index, fieldCell.value, into: ownerCell)
            throw error
        }
        putField(index, fieldCell.value, into: ownerCell)
        try writeBack(inoutCells, arguments, assignment, in: frame)
        return result
    }

    private func takeField(_ index: Int, from cell: Cell) -> Value {
        switch cell.value {
        case .object(let object):
            let value = object.fields[index]
            object.fields[index] = .void
            return value
        case .structValue(var structValue):
            cell.value = .void
            let value = structValue.fields[index]
            structValue.fields[index] = .void
            cell.value = .structValue(structValue)
            return value
        default:
            return .void
        }
    }

    private func putField(_ index: Int, _ value: Value, into cell: Cell) {
        switch cell.value {
        case .object(let object):
            object.fields[index] = value
        case .structValue(var structValue):
            cell.value = .void
            structValue.fields[index] = value
            cell.value = .structValue(structValue)
        default:
            break
        }
    }

    /// Calls something that was evaluated to a value: a closure, a type, a bound method.
    func callValue(
        _ value: Value, _ arguments: CallArguments, in frame: Frame, expected: TypeRef?,
        at location: SourceLocation
    ) throws -> Value {
        switch value {
        case .function(let function):
            switch function.body {
            case .script(let decl, let captures, let selfCell):
                let parameterTypes =
                    function.declaredParameterTypes.isEmpty
                    ? decl.parameters.map(\.type)
                    : zip(decl.parameters, function.declaredParameterTypes).map { $0.type ?? $1 }
                let values = try convertedArguments(
                    try evaluatePositional(arguments, parameterTypes: parameterTypes, in: frame), of: function,
                    at: location)
                guard arguments.list.contains(where: \.isInout) else {
                    return try convertedResult(
                        try callScript(decl, captures: captures, selfCell: selfCell, arguments: values, at: location),
                        of: function, at: location)
                }
                // `bump(&count)` on a closure taking an `inout` parameter: it changes a cell of
                // its own, written back to the argument when it returns, as a function's is.
                var inoutCells: [Int: Cell] = [:]
                for (index, argument) in arguments.list.enumerated() where argument.isInout && index < values.count {
                    inoutCells[index] = Cell(values[index])
                }
                let result = try callScript(
                    decl, captures: captures, selfCell: selfCell, arguments: values, inoutCells: inoutCells,
                    at: location)
                try writeBack(inoutCells, arguments, arguments.list.indices.map { [$0] }, in: frame)
                return try convertedResult(result, of: function, at: location)
            case .native(let native, let receiver):
                return try invokeOverloads(
                    [.native(native)], name: native.name, receiver: receiver,
                    receiverCell: nil, selfType: nil, arguments, in: frame, at: location)
            case .overloads(let callables, let receiver, let selfType):
                return try invokeOverloads(
                    callables, name: callables.first?.baseName ?? "function",
                    receiver: receiver, receiverCell: nil, selfType: selfType,
                    arguments, in: frame, at: location)
            case .enumCase(let type, let index):
                let info = type.cases[index]
                try checkPayloadCount(arguments.count, of: type, info, at: location)
                var payload: [Value] = []
                for position in 0..<arguments.count {
                    let payloadType = position < info.associatedTypes.count ? info.associatedTypes[position] : nil
                    var argumentValue = try arguments.value(position, expected: payloadType, self, frame)
                    if let payloadType { argumentValue = try coerce(argumentValue, to: payloadType, at: location) }
                    payload.append(argumentValue)
                }
                if type.isOptionalType, payload.count == 1 { return .optional(payload[0]) }
                return .enumValue(EnumValue(type: type, caseIndex: index, payload: payload))
            case .initializer(let metatype):
                return try construct(metatype, arguments, in: frame, at: location)
            }
        case .metatype(let metatype):
            return try construct(metatype, arguments, in: frame, at: location)
        case .optional(nil):
            throw ScriptError.runtime("unexpectedly found nil while calling an optional function", at: location)
        case .optional(let wrapped?):
            // Only an implicitly unwrapped function is called so in valid Swift
            // (`var handler: ((Int) -> Void)!`); `handler?(3)` is an optional chain.
            return try callValue(wrapped, arguments, in: frame, expected: expected, at: location)
        default:
            throw ScriptError.runtime("cannot call a value of type \(Formatter.typeName(of: value))", at: location)
        }
    }

    /// A tuple given to a function of as many parameters, none of which takes one value,
    /// as its elements: `zip(…).map(+)` adds each pair (the operator takes the tuple's parts,
    /// as Swift lets a function of two parameters stand for one that takes a pair).
    private static func splatted(_ arguments: [Value], forParameterCounts counts: [Int]) -> [Value] {
        guard arguments.count == 1, case .tuple(let tuple) = arguments[0], tuple.elements.count > 1,
            !counts.contains(1), counts.contains(tuple.elements.count)
        else { return arguments }
        return tuple.elements
    }

    /// Calls a function value from native code (a `map` closure, a `sink` handler).
    public func call(_ function: Value, _ arguments: [Value], at location: SourceLocation = .unknown) throws -> Value {
        // Engine loops (`retry`, a subject sending in a loop of the engine's own) count against the step budget too.
        try tick(location)
        guard case .function(let functionValue) = function else {
            // A key path given where a function is wanted (`flatMap(\.publisher)`) reads its
            // property (SE-0249).
            if case .native(let keyPath as KeyPathValue) = function, arguments.count == 1 {
                return try keyPath.read(arguments[0], interpreter: self, at: location)
            }
            throw ScriptError.runtime("cannot call a value of type \(Formatter.typeName(of: function))", at: location)
        }
        switch functionValue.body {
        case .script(let decl, let captures, let selfCell):
            let values = try convertedArguments(arguments, of: functionValue, at: location)
            return try convertedResult(
                try callScript(decl, captures: captures, selfCell: selfCell, arguments: values, at: location),
                of: functionValue, at: location)
        case .native(let native, let receiver):
            let arguments = Self.splatted(arguments, forParameterCounts: [native.signature.labels.count])
            return try native.body(
                NativeArguments(
                    interpreter: self, receiver: receiver, receiverCell: nil,
                    values: try positionalValues(arguments, for: native, at: location), inoutCells: [:],
                    location: location))
        case .overloads(let callables, let receiver, _):
            let arguments = Self.splatted(arguments, forParameterCounts: callables.map(\.parameterShapes.count))
            guard
                let callable = callables.first(where: { $0.parameterShapes.count == arguments.count })
                    ?? callables.first
            else { throw ScriptError.runtime("no function to call", at: location) }
            var values = arguments.map { Optional($0) }
            if case .native(let native) = callable {
                values = try positionalValues(arguments, for: native, at: location)
            }
            return try invoke(
                callable, receiver: receiver, receiverCell: nil, values: values,
                inoutCells: [:], at: location)
        case .enumCase(let type, let index):
            if type.isOptionalType, arguments.count == 1 { return .optional(arguments[0]) }
            try checkPayloadCount(arguments.count, of: type, type.cases[index], at: location)
            return .enumValue(EnumValue(type: type, caseIndex: index, payload: arguments))
        case .initializer(let metatype):
            let callable = try initializers(of: metatype.type, at: location).first {
                $0.parameterShapes.count == arguments.count
            }
            guard let callable else {
                throw ScriptError.runtime(
                    "no initializer of \(metatype.type.name) takes \(arguments.count) arguments",
                    at: location)
            }
            return try invokeInitializer(callable, metatype: metatype, values: arguments, inoutCells: [:], at: location)
        }
    }

    /// An enum case made with as many values as it has associated values: `.success()` made a
    /// `Result` with no payload, which `get()` then read past the end of.
    private func checkPayloadCount(
        _ count: Int, of type: TypeInfo, _ info: EnumCaseInfo, at location: SourceLocation
    ) throws {
        guard !type.isOptionalType, count != info.associatedTypes.count else { return }
        let expected = info.associatedTypes.count
        throw ScriptError.runtime(
            "'\(type.name).\(info.name)' has \(expected) associated \(expected == 1 ? "value" : "values"), "
                + "but \(count) \(count == 1 ? "was" : "were") given",
            at: location)
    }

    /// Positional values for a native function called as a value (`reduce(Int.max, min)`):
    /// the values of a variadic parameter gathered into one array, as a call by name
    /// gathers them, and a count that fits the parameters or an error.
    private func positionalValues(
        _ arguments: [Value], for native: NativeFunction, at location: SourceLocation
    ) throws -> [Value?] {
        let parameterCount = native.signature.labels.count
        if let variadic = native.signature.variadicIndex, arguments.count >= parameterCount - 1 {
            let variadicCount = arguments.count - (parameterCount - 1)
            var values = arguments[..<variadic].map { Optional($0) }
            values.append(.array(Array(arguments[variadic..<variadic + variadicCount])))
            values += arguments[(variadic + variadicCount)...].map { Optional($0) }
            return values
        }
        guard arguments.count <= parameterCount else {
            throw ScriptError.runtime(
                "\(native.name) takes \(parameterCount) \(parameterCount == 1 ? "argument" : "arguments") but was called with \(arguments.count)",
                at: location)
        }
        return arguments.map { Optional($0) }
    }

    /// Positional arguments for a closure: labels are ignored, as Swift does for closure calls.
    func evaluatePositional(_ arguments: CallArguments, parameterTypes: [TypeRef?], in frame: Frame) throws -> [Value] {
        var values: [Value] = []
        for index in 0..<arguments.count {
            let type = index < parameterTypes.count ? parameterTypes[index] : nil
            values.append(try arguments.value(index, expected: type, self, frame))
        }
        return values
    }

    /// Calls method `name` of `base`. `throughProtocol` is the protocol that is the static
    /// type of the receiver, when it is one: `self` in a method of the protocol's extension
    /// (the generic `Self`), or a variable declared with the protocol as its type. Swift then
    /// calls a method the extension adds (not a requirement) statically, whatever the
    /// conforming type declares under the same name, and a library operator builds its own
    /// stage rather than the concrete type's overload.
    func callMember(
        of base: Value, baseStore: CompiledStore?, _ name: String, _ arguments: CallArguments,
        site: CallSiteCache? = nil, throughProtocol: TypeInfo? = nil, in frame: Frame, at location: SourceLocation
    ) throws -> Value {
        if case .metatype(let metatype) = base {
            if let site,
                let resolution = site.resolution(.staticMember, on: metatype.type, generation: memberGeneration)
            {
                return try invokeResolved(
                    resolution, receiver: base, receiverCell: nil, arguments, in: frame, at: location)
            }
            if name == "init" { return try construct(metatype, arguments, in: frame, at: location) }
            if let index = metatype.type.caseIndex[name] {
                return try callValue(
                    .function(FunctionValue(.enumCase(metatype.type, index))), arguments,
                    in: frame, expected: nil, at: location)
            }
            if let nested = metatype.type.nestedTypes[name] {
                return try construct(Metatype(type: nested), arguments, in: frame, at: location)
            }
            let callables = staticCallables(of: metatype.type, name)
            if !callables.isEmpty {
                guard let match = try selectOverload(callables, for: arguments, in: frame) else {
                    throw noMatchingOverload(name, arguments.list, candidates: callables, at: location)
                }
                let resolution =
                    site?.remember(
                        match, arguments.list, .staticMember, on: metatype.type,
                        generation: memberGeneration)
                    ?? CallSiteCache.Resolution(match, arguments.list)
                return try invokeResolved(
                    resolution, receiver: base, receiverCell: nil, arguments, in: frame, at: location)
            }
            let value = try member(of: base, name, at: location)
            return try callValue(value, arguments, in: frame, expected: nil, at: location)
        }
        if name.utf8.count == 4, name == "init", let selfCell = frame.selfCell {
            // `self.init(...)` delegates to another initializer of the same type.
            let candidates = try initializers(of: typeInfo(of: base), at: location)
            guard let (callable, assignment) = try selectOverload(candidates, for: arguments, in: frame) else {
                throw noMatchingOverload("self.init", arguments.list, candidates: candidates, at: location)
            }
            let (values, inoutCells) = try evaluateArguments(arguments, assignment, for: callable, in: frame)
            switch callable {
            case .script(let decl):
                return try runInitializer(
                    decl, selfCell: selfCell, values: values, inoutCells: inoutCells, at: location)
            case .native:
                selfCell.value = try invoke(
                    callable, receiver: .metatype(Metatype(type: typeInfo(of: base))),
                    receiverCell: nil, values: values, inoutCells: inoutCells, at: location)
                return .void
            }
        }
        let type = typeInfo(of: base)
        let resolution: CallSiteCache.Resolution
        if let throughProtocol, let statically = extensionOnlyMethods(name, of: throughProtocol) {
            guard let match = try selectOverload(statically, for: arguments, in: frame) else {
                throw noMatchingOverload(name, arguments.list, candidates: statically, at: location)
            }
            resolution = CallSiteCache.Resolution(match, arguments.list)
        } else if let cached = site?.resolution(.instance, on: type, generation: memberGeneration) {
            resolution = cached
        } else {
            let callables = instanceCallables(of: type, name)
            if callables.isEmpty {
                // A stored closure property: `receiveValue?(input)`.
                let value = try member(of: base, name, at: location)
                return try callValue(value, arguments, in: frame, expected: nil, at: location)
            }
            guard let match = try selectOverload(callables, for: arguments, in: frame) else {
                throw noMatchingOverload(name, arguments.list, candidates: callables, at: location)
            }
            resolution =
                site?.remember(match, arguments.list, .instance, on: type, generation: memberGeneration)
                ?? CallSiteCache.Resolution(match, arguments.list)
        }
        let callable = resolution.callable
        let assignment = resolution.assignment
        if callable.isMutatingMethod, let baseStore, !isReferenceValue(base) {
            // A mutating method changes the variable it was called on.
            let cell = Cell(base)
            let (values, inoutCells) = try evaluateArguments(arguments, assignment, for: callable, in: frame)
            let result = try invoke(
                callable, receiver: base, receiverCell: cell, values: values,
                inoutCells: inoutCells, at: location)
            try writeBack(inoutCells, arguments, assignment, in: frame)
            try baseStore(cell.value, self, frame)
            return result
        }
        return try invokeResolved(
            resolution, receiver: base, receiverCell: nil, arguments, throughProtocol: throughProtocol != nil,
            in: frame, at: location)
    }

    /// The protocol a declared type names (`Greeter`, `any Publisher`, `some Greeter`), if it
    /// names one other than `Any` and `AnyObject`.
    func protocolType(named declared: TypeRef) -> TypeInfo? {
        let written: TypeRef
        switch declared {
        case .existential(let names) where names.count == 1: written = .named([names[0]], [])
        case .named: written = declared
        default: return nil
        }
        guard let type = try? metatype(for: written, at: .unknown).type, type.kind == .protocolType,
            type.name != "Any", type.name != "AnyObject"
        else { return nil }
        return type
    }

    /// The protocol a method belongs to when it is declared in a protocol's extension; for a
    /// closure, the method it was written in (where `self` and `Self` are the extension's).
    func protocolExtended(by function: FunctionDecl) -> TypeInfo? {
        var current: FunctionDecl? = function
        while let candidate = current {
            if let owner = methodOwners[ObjectIdentifier(candidate)] {
                return owner.kind == .protocolType ? owner : nil
            }
            current = tables.state(of: candidate).enclosingFunction
        }
        return nil
    }

    /// The methods named `name` that a script protocol's extensions add without the
    /// protocol requiring them: what a call through the generic `Self` reaches.
    private func extensionOnlyMethods(_ name: String, of protocolType: TypeInfo) -> [Callable]? {
        guard let declaration = protocolType.declaration, !declaration.requirementNames.contains(name) else {
            return nil
        }
        let methods = instanceCallables(of: protocolType, name).filter { if case .script = $0 { true } else { false } }
        return methods.isEmpty ? nil : methods
    }

    /// `site` is given only where the candidates depend on nothing but the call's source
    /// (a global function's name), so that the choice can be remembered.
    func invokeOverloads(
        _ callables: [Callable], name: String, receiver: Value?, receiverCell: Cell?,
        selfType: TypeInfo?, _ arguments: CallArguments, site: CallSiteCache? = nil, expected: TypeRef? = nil,
        in frame: Frame, at location: SourceLocation
    ) throws -> Value {
        if let site, let resolution = site.resolution(.global, on: nil, generation: memberGeneration) {
            return try invokeResolved(
                resolution, receiver: receiver, receiverCell: receiverCell, arguments,
                in: frame, at: location)
        }
        guard let match = try selectOverload(callables, for: arguments, resultType: expected, in: frame, at: location)
        else {
            throw noMatchingOverload(name, arguments.list, candidates: callables, at: location)
        }
        let resolution =
            site?.remember(match, arguments.list, .global, on: nil, generation: memberGeneration)
            ?? CallSiteCache.Resolution(match, arguments.list)
        return try invokeResolved(
            resolution, receiver: receiver, receiverCell: receiverCell, arguments,
            in: frame, at: location)
    }

    /// Evaluates the arguments of a call whose overload is chosen, calls it, and writes
    /// `&` arguments back.
    func invokeResolved(
        _ resolution: CallSiteCache.Resolution, receiver: Value?, receiverCell: Cell?,
        _ arguments: CallArguments, throughProtocol: Bool = false, in frame: Frame,
        at location: SourceLocation
    ) throws -> Value {
        let callable = resolution.callable
        if resolution.isPlain, case .script(let decl) = callable, decl.captureList.isEmpty {
            return try callScript(
                decl, selfCell: receiverCell, selfValue: receiver, evaluating: arguments,
                resolution, in: frame, at: location)
        }
        if resolution.isPlain {
            // One argument per parameter at most, none `&`: straight into place.
            var values = [Value?](repeating: nil, count: resolution.assignment.count)
            for index in 0..<arguments.count {
                let parameter = resolution.parameterOfArgument[index]
                values[parameter] = try arguments.value(index, expected: callable.parameterType(parameter), self, frame)
            }
            return try invoke(
                callable, receiver: receiver, receiverCell: receiverCell, values: values, inoutCells: [:],
                throughProtocol: throughProtocol, at: location)
        }
        let (values, inoutCells) = try evaluateArguments(arguments, resolution.assignment, for: callable, in: frame)
        let result = try invoke(
            callable, receiver: receiver, receiverCell: receiverCell, values: values,
            inoutCells: inoutCells, throughProtocol: throughProtocol, at: location)
        try writeBack(inoutCells, arguments, resolution.assignment, in: frame)
        return result
    }

    func noMatchingOverload(
        _ name: String, _ arguments: [Argument], candidates: [Callable],
        at location: SourceLocation
    ) -> ScriptError {
        let known = candidates.map { candidate -> String in
            let shapes = candidate.parameterShapes
            return "\(candidate.baseName)(\(shapes.map { "\($0.label ?? "_"):" }.joined()))"
        }
        return ScriptError.runtime(
            "no '\(name)' takes the arguments \(describeCall(name, arguments))",
            at: location, notes: known.isEmpty ? [] : ["candidates: " + known.joined(separator: ", ")])
    }

    /// The type written for a name that is not a local: a stored property of `self`, or else
    /// a global.
    func declaredType(ofVariable name: String, in frame: Frame) -> TypeRef? {
        guard let selfCell = frame.selfCell else { return globals[name]?.type }
        let type = typeInfo(of: selfCell.load())
        guard let index = type.fieldIndex[name] else { return nil }
        return type.storedProperties[index].type
    }

    /// `elementType(of:declaredType:)` for a stored property. Its own function, so that the
    /// copy of the property it looks at is gone before the property is changed in place.
    private func fieldElementType(_ index: Int, of ownerCell: Cell, _ ownerType: TypeInfo) -> TypeRef? {
        let declared = ownerType.storedProperties[index].type
        switch ownerCell.value {
        case .object(let object): return elementType(of: object.fields[index], declaredType: declared)
        case .structValue(let structValue): return elementType(of: structValue.fields[index], declaredType: declared)
        default: return nil
        }
    }

    /// The element type of an array the script holds: the declared one, or that of its
    /// first element (a variable keeps its type).
    private func elementType(of value: Value, declaredType: TypeRef?) -> TypeRef? {
        if case .array(let element)? = declaredType { return element }
        guard case .array(let elements) = value, let first = elements.first else { return nil }
        // An Optional element makes the array's an Optional type (`var b = [o]`, `o` an `Int?`):
        // what is appended to it is wrapped.
        if case .optional(let wrapped) = first.loaded {
            return .optional(wrapped.map { typeRef(of: $0.loaded) } ?? .named(["Any"], []))
        }
        return typeRef(of: first.loaded)
    }

    /// Evaluates arguments in source order, each with its parameter's type as context; a
    /// parameter declared as the receiver's element (`TypeRef.receiverElement`) takes
    /// `elementType`.
    /// (`elementType` is worked out only for such a parameter: most calls have none.)
    func evaluateArguments(
        _ arguments: CallArguments, _ assignment: [[Int]], for callable: Callable,
        elementType: @autoclosure () -> TypeRef? = nil, in frame: Frame
    ) throws -> ([Value?], [Int: Cell]) {
        var parameterOf = Array(repeating: 0, count: arguments.count)
        for (parameter, indices) in assignment.enumerated() {
            for index in indices { parameterOf[index] = parameter }
        }
        var evaluated = [Value?](repeating: nil, count: arguments.count)
        var inoutCells: [Int: Cell] = [:]
        for (index, argument) in arguments.list.enumerated() {
            let parameter = parameterOf[index]
            var type = callable.parameterType(parameter)
            if callable.parameterShapes[parameter].isVariadic, case .array(let element)? = type { type = element }
            var wrapsInOptional = false
            if type == .receiverElement {
                let element = elementType()
                type = BodyCompiler.ignoresExpectedType(argument.value) ? nil : element
                // `values.append(5)` on an `[Int?]` stores `Optional(5)`.
                wrapsInOptional = element?.optionalWrapped != nil
            }
            var value = try arguments.value(index, expected: type, self, frame)
            if wrapsInOptional { value = value.wrappedUnlessOptional }
            evaluated[index] = value
            if argument.isInout { inoutCells[parameter] = Cell(value) }
        }
        var values = [Value?](repeating: nil, count: assignment.count)
        let shapes = callable.parameterShapes
        for (parameter, indices) in assignment.enumerated() {
            if shapes[parameter].isVariadic {
                values[parameter] = .array(indices.map { evaluated[$0]! })
            } else if let index = indices.first {
                values[parameter] = evaluated[index]
            }
        }
        return (values, inoutCells)
    }

    func writeBack(
        _ inoutCells: [Int: Cell], _ arguments: CallArguments, _ assignment: [[Int]], in frame: Frame
    ) throws {
        for (parameter, cell) in inoutCells {
            guard let argumentIndex = assignment[parameter].first else { continue }
            try arguments.store(cell.value, intoArgument: argumentIndex, self, frame)
        }
    }

    func invoke(
        _ callable: Callable, receiver: Value?, receiverCell: Cell?, values: [Value?],
        inoutCells: [Int: Cell], throughProtocol: Bool = false, at location: SourceLocation
    ) throws -> Value {
        switch callable {
        case .native(let function):
            // A mutating native works on `receiverCell`; holding a copy of the value as well
            // would make every change copy the whole collection.
            let nativeReceiver =
                function.isMutating && receiverCell != nil ? receiver : (receiverCell?.value ?? receiver)
            var native = NativeArguments(
                interpreter: self, receiver: nativeReceiver,
                receiverCell: receiverCell, values: values, inoutCells: inoutCells,
                location: location)
            native.isThroughProtocol = throughProtocol
            // Literals passed to natives take the parameter's declared type.
            for index in native.values.indices where index < function.signature.types.count {
                if let type = function.signature.types[index], let value = native.values[index] {
                    native.values[index] = try coerce(value, to: type, at: location)
                }
            }
            let result = try function.body(native)
            // Script code the native ran where it could not throw (a key's own `hash(into:)`
            // in a Set) left an error: it stops the script here, not later.
            if pendingError != nil { try throwPendingError(at: location) }
            return result
        case .script(let decl):
            var selfCell = receiverCell
            if selfCell == nil, let receiver { selfCell = Cell(receiver) }
            var arguments: [Value] = []
            arguments.reserveCapacity(decl.parameters.count)
            for (index, parameter) in decl.parameters.enumerated() {
                // Fewer values than parameters: a function value called with too few arguments
                // by the engine (`map` of a pair given a function of three parameters).
                let given = index < values.count ? values[index] : nil
                arguments.append(try given ?? missingArgument(parameter, of: decl, at: location))
            }
            return try callScript(
                decl, captures: [], selfCell: selfCell, arguments: arguments,
                inoutCells: inoutCells, at: location)
        }
    }

    /// The value of a parameter a call gave no argument for: its default, or no variadic values.
    func missingArgument(_ parameter: Parameter, of decl: FunctionDecl, at location: SourceLocation) throws -> Value {
        if parameter.defaultIsCallerLine { return .int(location.lineInInput) }
        if let defaultExpr = parameter.defaultValue {
            return try evaluateDefault(defaultExpr, of: decl, expected: parameter.type)
        }
        if parameter.isVariadic { return .array([]) }
        throw ScriptError.runtime("missing argument for parameter '\(parameter.name)'", at: location)
    }

    /// Calls a script function whose arguments map one to one onto its parameters
    /// (`CallSiteCache.Resolution.isPlain`), with arguments from the source: each is
    /// evaluated against its parameter's type straight into the parameter's cell, without
    /// the argument arrays of the general path; parameters without an argument take their
    /// defaults. `self` is `selfCell` itself (a mutating method's variable) or else a cell
    /// holding `selfValue`.
    private func callScript(
        _ decl: FunctionDecl, selfCell: Cell?, selfValue: Value?, evaluating arguments: CallArguments,
        _ resolution: CallSiteCache.Resolution, in callerFrame: Frame,
        at location: SourceLocation
    ) throws -> Value {
        var call = PlainCall(decl, argumentCount: arguments.count, in: self)
        for index in 0..<arguments.count {
            let parameter = resolution.parameterOfArgument[index]
            try call.bind(
                arguments.value(index, expected: call.parameterType(parameter), self, callerFrame),
                toParameter: parameter, in: self, at: location)
        }
        return try call.run(selfCell: selfCell, selfValue: selfValue, in: self, at: location)
    }

    /// Runs a script function with its arguments bound to parameter slots.
    func callScript(
        _ decl: FunctionDecl, captures: [Cell], selfCell: Cell?, arguments: [Value],
        inoutCells: [Int: Cell] = [:], at location: SourceLocation
    ) throws -> Value {
        let frame = Frame.make(function: decl, captures: captures)
        if let slot = decl.selfSlot { frame.slots[slot] = selfCell ?? Cell(.void) }
        var values = arguments
        // A closure of several parameters called with one tuple takes the tuple apart.
        if decl.parameters.count > 1, values.count == 1, case .tuple(let tuple) = values[0],
            tuple.elements.count == decl.parameters.count
        {
            values = tuple.elements
        }
        let state = tables.state(of: decl)
        let coerces = !typesKeepValues(of: state)
        for (index, parameter) in decl.parameters.enumerated() {
            if let cell = inoutCells[index] {
                frame.slots[parameter.slot] = cell
                continue
            }
            var value = index < values.count ? values[index] : .void
            if coerces, let type = parameter.type { value = try coerce(value, to: type, at: location) }
            frame.slots[parameter.slot] = Cell(value)
        }
        if !decl.captureList.isEmpty {
            let base = decl.captures.count
            for (offset, entry) in decl.captureList.enumerated() {
                frame.slots[entry.slot] = captures[base + offset]
            }
        }
        return try run(state, in: frame, coercingResult: coerces, at: location)
    }

    /// The one way into a script body: every function, method, closure, accessor and
    /// initializer runs here, and counts one level of call depth.
    func enterBody(_ decl: FunctionDecl, in frame: Frame, at location: SourceLocation) throws -> Flow {
        try enterBody(tables.state(of: decl), in: frame, at: location)
    }

    /// `enterBody(_:in:at:)` for a caller that has the function's state at hand.
    func enterBody(_ state: FunctionState, in frame: Frame, at location: SourceLocation) throws -> Flow {
        let cover = awaitCover
        let isolation = actorIsolation
        if cover == 0, state.isAsync { throw asyncCallWithoutAwait(state.decl, at: location) }
        switch state.isolation {
        case .none: actorIsolation = ActorIsolationMark.none
        case .actorMethod:
            actorIsolation = try enterActor(state, in: frame, from: isolation, cover: cover, at: location)
        case .insideActor: actorIsolation = ActorIsolationMark.unknown
        }
        awaitCover = 0
        callDepth += 1
        defer {
            callDepth -= 1
            awaitCover = cover
            actorIsolation = isolation
        }
        try checkCallDepth(at: location)
        if let flow = try runIfObserved(state, in: frame) { return flow }
        return try state.runBody(self, in: frame)
    }

    /// Runs the body of a function whose frame is ready.
    func run(
        _ state: FunctionState, in frame: Frame, coercingResult: Bool,
        at location: SourceLocation
    ) throws -> Value {
        let flow = try enterBody(state, in: frame, at: location)
        if case .returned(let value) = flow {
            if coercingResult, let type = state.decl.returnType { return try coerce(value, to: type, at: location) }
            return value
        }
        return .void
    }
}

extension Callable {
    var isMutatingMethod: Bool {
        switch self {
        case .script(let decl): return decl.isMutating
        case .native(let function): return function.isMutating
        }
    }
}
