/// The type Swift's type checker gives a call's receiver, where the declarations tell it.
///
/// It matters in one case: a protocol's extension adds a method that the protocol does not
/// require, and the conforming type declares a method of the same name. Swift then chooses
/// by the receiver's static type: through the protocol (`let g: Greeter`, an element of a
/// `[Greeter]`, the result of a function returning `Greeter`) the extension's method runs,
/// through the concrete type the type's own. The value alone cannot tell which, so the call
/// asks how the receiver was written, and is refused when nothing written says.
enum StaticReceiverType {
    /// The receiver's static type is this protocol (or a generic parameter constrained to it).
    case protocolType(TypeInfo)
    /// The receiver's static type is a concrete type: the type's own method runs.
    case concrete
    /// Nothing written tells: the call is refused rather than guessed.
    case unknown
}

/// Where a local variable without a written type got its value, and so its static type.
enum SlotOrigin {
    /// `let x = value`, `var x = value`.
    case initializer(Expr)
    /// `for x in sequence`.
    case element(of: Expr)
    /// `if let x = optional`, `guard let`, `while let`.
    case unwrapped(Expr)
}

extension Interpreter {
    /// Whether a call of method `name` on a value of `type` depends on the receiver's static
    /// type: `type` (or a superclass) declares a method `name`, and a protocol it conforms to
    /// has an extension adding a method `name`, with the same argument labels, that the
    /// protocol does not require. With other labels the two are overloads, both seen.
    func staticDispatchMatters(_ name: String, on type: TypeInfo) -> Bool {
        let key = StaticDispatchKey(type: ObjectIdentifier(type), name: name)
        if staticDispatchGeneration != memberGeneration {
            staticDispatchAnswers.removeAll()
            staticDispatchGeneration = memberGeneration
        }
        if let known = staticDispatchAnswers[key], known.type === type { return known.matters }
        let answer = extendingProtocol(adding: name, to: type) != nil
        staticDispatchAnswers[key] = (type, answer)
        return answer
    }

    /// `staticDispatchMatters` for a compiled call's resolution, remembered in it.
    func rememberStaticDispatch(_ name: String, _ resolution: CallSiteCache.Resolution, _ type: TypeInfo) -> Bool {
        let matters = staticDispatchMatters(name, on: type)
        resolution.staticDispatchMatters = matters
        return matters
    }

    /// The protocol through which `receiver.name(…)` is called, when the receiver's static type
    /// is one and that chooses the method; nil when the value's own type's method runs. Where
    /// it chooses and nothing written tells the static type, the call is refused.
    func staticProtocol(
        ofReceiver receiver: Expr, _ value: Value, calling name: String, in frame: Frame, at location: SourceLocation
    ) throws -> TypeInfo? {
        switch value {
        case .object, .structValue, .enumValue: break
        default: return nil
        }
        let type = typeInfo(of: value)
        guard staticDispatchMatters(name, on: type) else { return nil }
        switch staticReceiverType(of: receiver, in: frame) {
        case .protocolType(let protocolType): return protocolType
        case .concrete: return nil
        case .unknown:
            let extended = extendingProtocol(adding: name, to: type)?.name ?? "a protocol"
            throw ScriptError.unsupported(
                "calling `\(name)` on a value whose declared type Undercurrent cannot tell: '\(type.name)' declares "
                    + "`\(name)` and an extension of '\(extended)' adds another, and Swift runs the one of the type "
                    + "the value is declared with; write that type (`let value: \(type.name) = …` or "
                    + "`let value: \(extended) = …`)", at: location)
        }
    }

    /// A protocol `type` conforms to whose extension adds a method `name` it does not require,
    /// with the argument labels of a method `name` that `type` or a superclass declares.
    private func extendingProtocol(adding name: String, to type: TypeInfo) -> TypeInfo? {
        let own = ownLabelLists(name, type)
        guard !own.isEmpty else { return nil }
        return allConformances(of: type).first { conformance in
            guard let declaration = conformance.declaration, !declaration.requirementNames.contains(name) else {
                return false
            }
            return conformance.instanceMembers[name]?.contains {
                if case .method(let callable) = $0, case .script = callable {
                    own.contains(callable.parameterShapes.map(\.label))
                } else {
                    false
                }
            } == true
        }
    }

    /// The argument labels of each method `name` that `type` or a superclass declares.
    private func ownLabelLists(_ name: String, _ type: TypeInfo) -> Set<[String?]> {
        var lists: Set<[String?]> = []
        var current: TypeInfo? = type
        while let candidate = current {
            for case .method(let callable) in candidate.instanceMembers[name] ?? [] {
                lists.insert(callable.parameterShapes.map(\.label))
            }
            current = candidate.superclass
        }
        return lists
    }

    /// The static type of a call's receiver, as far as the declarations tell.
    func staticReceiverType(of receiver: Expr, in frame: Frame) -> StaticReceiverType {
        guard let type = writtenType(of: receiver, in: frame, function: frame.function, depth: 0) else {
            return .unknown
        }
        if let protocolType = protocolType(named: type) { return .protocolType(protocolType) }
        // A name that is no type here (a generic parameter, `T` of `[T]`) says nothing.
        return isConcreteType(type) ? .concrete : .unknown
    }

    /// The type the declarations give `expr` in `frame`'s function, or nil when they do not
    /// tell: a closure's `$0` the element type of the sequence it is given to, a variable's
    /// the type of what it was made from.
    func writtenType(of expr: Expr, in frame: Frame) -> TypeRef? {
        writtenType(of: expr, in: frame, function: frame.function, depth: 0)
    }

    /// Whether `type` names a type that is not a protocol.
    private func isConcreteType(_ type: TypeRef) -> Bool {
        switch type {
        case .named:
            guard let metatype = try? metatype(for: type, at: .unknown) else { return false }
            return metatype.type.kind != .protocolType
        case .existential:
            return false
        default:
            return true
        }
    }

    /// The type the declarations give `expr`, or nil when they do not tell. Locals are
    /// `function`'s (nil where slots mean nothing, as in a global's initializer).
    private func writtenType(of expr: Expr, in frame: Frame, function: FunctionDecl?, depth: Int) -> TypeRef? {
        guard depth < 16 else { return nil }
        func typeOf(_ inner: Expr, in function: FunctionDecl? = function) -> TypeRef? {
            writtenType(of: inner, in: frame, function: function, depth: depth + 1)
        }
        switch expr {
        case .integerLiteral: return .simple("Int")
        case .floatLiteral: return .simple("Double")
        case .stringLiteral, .interpolatedString: return .simple("String")
        case .selfReference, .name(_, "self", _):
            if let extended = protocolExtended(by: frame.function) { return .named([extended.name], []) }
            guard let selfValue = frame.selfCell?.value else { return nil }
            return typeRef(of: selfValue.loaded)
        case .name(.local(let slot), _, _):
            guard let function else { return nil }
            if let declared = function.declaredTypes[slot] { return declared }
            if let index = function.parameters.firstIndex(where: { $0.slot == slot }) {
                let parameter = function.parameters[index]
                if let type = parameter.type {
                    let written = Self.constrained(type, by: function.genericConstraints)
                    return parameter.isVariadic ? .array(written) : written
                }
                // A closure's parameter that takes the elements of a sequence written beside it.
                let state = tables.state(of: function)
                guard let source = state.elementSource, source.parameters.contains(index),
                    let enclosing = state.enclosingFunction
                else { return nil }
                return writtenType(of: source.sequence, in: frame, function: enclosing, depth: depth + 1)
                    .flatMap(Self.elementType)
            }
            switch tables.state(of: function).slotOrigins[slot] {
            case .initializer(let value)?: return typeOf(value)
            case .element(let sequence)?: return typeOf(sequence).flatMap(Self.elementType)
            case .unwrapped(let optional)?: return typeOf(optional)?.optionalWrapped
            case nil: return nil
            }
        case .name(.captured, _, _):
            return nil
        case .name(.dynamic, let name, _):
            if let selfValue = frame.selfCell?.value.loaded, hasMember(of: selfValue, name) {
                return propertyType(name, of: typeInfo(of: selfValue))
            }
            if let global = globals[name] {
                if let type = global.type { return type }
                return global.initializer.flatMap { typeOf($0, in: nil) }
            }
            if types[name] != nil { return .metatype(.named([name], [])) }
            return nil
        case .call(let callee, _, _, _):
            return returnType(of: callee, in: frame, function: function, depth: depth)
        case .member(let base, let name, _, _):
            guard let baseType = typeOf(base), let info = scriptType(baseType) else { return nil }
            return propertyType(name, of: info)
        case .subscriptCall(let base, _, _):
            return typeOf(base)?.subscriptResult
        case .arrayLiteral(let elements, _):
            // `[Loud(), Loud()]`: an array of the type its elements share.
            guard let first = elements.first.flatMap({ typeOf($0) }),
                elements.dropFirst().allSatisfy({ typeOf($0) == first })
            else { return nil }
            return .array(first)
        case .forceUnwrap(let wrapped, _, _), .optionalUnwrap(let wrapped, _):
            return typeOf(wrapped)?.optionalWrapped
        case .optionalChain(let inner, _):
            // `shop?.price(of:)`: what the chain ends in, as an Optional (once).
            guard let type = typeOf(inner) else { return nil }
            return type.isOptional ? type : .optional(type)
        case .cast(_, .conditional, let type, _):
            return .optional(type)
        case .cast(_, _, let type, _):
            return type
        case .tryExpr(.optional, let inner, _):
            return typeOf(inner).map { .optional($0) }
        case .tryExpr(_, let inner, _), .awaitExpr(let inner, _):
            return typeOf(inner)
        case .temporary(_, let original, _), .withTemporaries(_, _, let original, _):
            return typeOf(original)
        default:
            return nil
        }
    }

    /// What calling `callee` gives, as declared: a type's initializer its type, a function
    /// or method the return type its declarations share.
    private func returnType(of callee: Expr, in frame: Frame, function: FunctionDecl?, depth: Int) -> TypeRef? {
        switch callee {
        case .name(.dynamic, let name, _):
            if let selfValue = frame.selfCell?.value.loaded, hasMember(of: selfValue, name) {
                return Self.commonReturnType(of: instanceCallables(of: typeInfo(of: selfValue), name))
            }
            if globals[name] == nil, let functions = globalFunctions[name] {
                return Self.commonReturnType(of: functions)
            }
            if let type = types[name], type.kind != .protocolType { return .named([name], []) }
            return nil
        case .member(let base, let name, _, _):
            guard let baseType = writtenType(of: base, in: frame, function: function, depth: depth + 1) else {
                return nil
            }
            if case .metatype(let instanceType) = baseType {
                guard let info = scriptType(instanceType) else { return nil }
                if name == "init" { return instanceType }
                return Self.commonReturnType(of: staticCallables(of: info, name))
            }
            guard let info = scriptType(baseType) else { return nil }
            return Self.commonReturnType(of: instanceCallables(of: info, name))
        default:
            return nil
        }
    }

    /// The type a property is declared with, or for one declared without a type whose value
    /// is made by a type's initializer (`let greeter = Loud()`), that type.
    private func propertyType(_ name: String, of info: TypeInfo) -> TypeRef? {
        if let declared = declaredPropertyType(name, of: info) { return declared }
        guard let index = info.fieldIndex[name],
            let initializer = info.storedProperties[index].declaration?.initializerFunction?.body.statements.first
        else { return nil }
        let value: Expr
        switch initializer {
        case .returnStatement(let returned?, _): value = returned
        case .expression(let expression): value = expression
        default: return nil
        }
        guard case .call(.name(.dynamic, let typeName, _), _, _, _) = value, let type = types[typeName],
            type.kind != .protocolType
        else { return nil }
        return .named([typeName], [])
    }

    /// `type` with each generic parameter replaced by the protocol it is constrained to:
    /// `[T]` with `T: Animal` is `[any Animal]` to the type checker's choice of method.
    private static func constrained(_ type: TypeRef, by constraints: [String: String]) -> TypeRef {
        guard !constraints.isEmpty else { return type }
        switch type {
        case .named(let parts, let arguments) where parts.count == 1 && arguments.isEmpty:
            return constraints[parts[0]].map { .existential([$0]) } ?? type
        case .array(let element): return .array(constrained(element, by: constraints))
        case .optional(let wrapped): return .optional(constrained(wrapped, by: constraints))
        case .dictionary(let key, let value): return .dictionary(key, constrained(value, by: constraints))
        default: return type
        }
    }

    /// The element type of a sequence type written `[T]`.
    private static func elementType(of sequence: TypeRef) -> TypeRef? {
        if case .array(let element) = sequence { return element }
        return nil
    }
}

/// A type and a method name, for `Interpreter.staticDispatchMatters`.
struct StaticDispatchKey: Hashable {
    let type: ObjectIdentifier
    let name: String
}

extension FunctionDecl {
    /// Where each local declared without a type got its value, by slot: found by walking the
    /// body once (closures and local functions have their own).
    func findSlotOrigins() -> [Int: SlotOrigin] {
        var origins: [Int: SlotOrigin] = [:]
        func visit(_ block: Block) { block.statements.forEach(visit) }
        func visit(_ conditions: [Condition]) {
            for case .optionalBinding(.binding(let slot, _), let optional) in conditions {
                origins[slot] = .unwrapped(optional)
            }
        }
        func visit(_ statement: Stmt) {
            switch statement {
            case .local(let binding):
                if case .binding(let slot, _) = binding.pattern, let initializer = binding.initializer {
                    origins[slot] = .initializer(initializer)
                }
            case .ifStatement(let conditions, let body, let otherwise, _):
                visit(conditions)
                visit(body)
                if let otherwise { visit(otherwise) }
            case .guardStatement(let conditions, let body, _):
                visit(conditions)
                visit(body)
            case .whileLoop(_, let conditions, let body, _):
                visit(conditions)
                visit(body)
            case .repeatWhile(_, let body, _, _):
                visit(body)
            case .forIn(_, let pattern, let sequence, _, let body, _):
                if case .binding(let slot, _) = pattern { origins[slot] = .element(of: sequence) }
                visit(body)
            case .switchStatement(_, _, let cases, _):
                for switchCase in cases { visit(switchCase.body) }
            case .block(let block), .deferStatement(let block):
                visit(block)
            case .doCatch(let body, let clauses, _):
                visit(body)
                for clause in clauses { visit(clause.body) }
            default:
                break
            }
        }
        visit(body)
        return origins
    }
}
