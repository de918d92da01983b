extension Interpreter {
    /// The initializers a type offers; a class without its own inherits its superclass's.
    func initializers(of type: TypeInfo, at location: SourceLocation) throws -> [Callable] {
        var current: TypeInfo? = type
        while let candidate = current {
            if !candidate.initializers.isEmpty { return candidate.initializers }
            current = candidate.superclass
        }
        // Protocol extensions may add initializers to conforming types.
        for protocolType in allConformances(of: type) where !protocolType.initializers.isEmpty {
            return protocolType.initializers
        }
        return []
    }

    /// A new instance with every stored property at its declared initial value.
    public func makeInstance(of type: TypeInfo, at location: SourceLocation) throws -> Value {
        var fields: [Value] = []
        fields.reserveCapacity(type.storedProperties.count)
        for property in type.storedProperties {
            guard let declaration = property.declaration else {
                fields.append(.void)
                continue
            }
            if declaration.isLazy {
                fields.append(.void)
                continue
            }
            if let initializer = declaration.initializerFunction {
                var value = try callScript(initializer, captures: [], selfCell: nil, arguments: [], at: location)
                if let type = declaration.type { value = try coerce(value, to: type, at: location) }
                fields.append(value)
            } else if let type = declaration.type, type.isOptional, !declaration.isConstant {
                fields.append(.optional(nil))
            } else {
                fields.append(.void)
            }
        }
        let instance: Value
        if type.kind == .classType {
            instance = .object(ScriptObject(type: type, fields: Array(repeating: .void, count: fields.count)))
        } else {
            instance = .structValue(StructValue(type: type, fields: Array(repeating: .void, count: fields.count)))
        }
        // Initial values go through the same path as assignments in `init`, so that
        // property wrappers (`@Published`) and `weak` storage are set up.
        var result = instance
        for (index, value) in fields.enumerated() {
            if case .void = value { continue }
            let name = type.storedProperties[index].name
            guard case .stored(index)? = instanceEntries(of: type, name).first else {
                // A subclass overrides the property with a computed one: Swift puts the
                // initial value in the storage without calling the override's setter.
                try writeField(of: &result, index, value)
                continue
            }
            try setMember(of: &result, name, to: value, inInitializer: true, at: location)
        }
        return result
    }

    func construct(
        _ metatype: Metatype, _ arguments: CallArguments, in frame: Frame,
        at location: SourceLocation
    ) throws -> Value {
        let type = metatype.type
        if type.kind == .protocolType {
            throw ScriptError.runtime("'\(type.name)' is a protocol and cannot be constructed", at: location)
        }
        if let refused = Sandbox.error(forInitializerOf: type.name, labels: arguments.list.map(\.label), at: location) {
            throw refused
        }
        let candidates = try initializers(of: type, at: location)
        if candidates.isEmpty {
            throw ScriptError.runtime("'\(type.name)' has no initializer", at: location)
        }
        guard let (callable, assignment) = try selectOverload(candidates, for: arguments, in: frame) else {
            throw noMatchingOverload("\(type.name).init", arguments.list, candidates: candidates, at: location)
        }
        let (values, inoutCells) = try evaluateArguments(arguments, assignment, for: callable, in: frame)
        let result = try invokeInitializer(
            callable, metatype: metatype, values: values, inoutCells: inoutCells,
            at: location)
        try writeBack(inoutCells, arguments, assignment, in: frame)
        return result
    }

    func invokeInitializer(
        _ callable: Callable, metatype: Metatype, values: [Value?], inoutCells: [Int: Cell],
        at location: SourceLocation
    ) throws -> Value {
        switch callable {
        case .native:
            return try invoke(
                callable, receiver: .metatype(metatype), receiverCell: nil, values: values,
                inoutCells: inoutCells, at: location)
        case .script(let decl):
            let type = metatype.type
            let instance: Value = type.kind == .enumType ? .void : try makeInstance(of: type, at: location)
            let selfCell = Cell(instance)
            let result = try runInitializer(
                decl, selfCell: selfCell, values: values, inoutCells: inoutCells,
                at: location)
            if decl.isFailableInit {
                if case .optional(nil) = result { return .optional(nil) }
                return .optional(selfCell.value)
            }
            return selfCell.value
        }
    }

    /// Runs an `init` body on `selfCell`; returns `.optional(nil)` when a failable init fails.
    func runInitializer(
        _ decl: FunctionDecl, selfCell: Cell, values: [Value?], inoutCells: [Int: Cell],
        at location: SourceLocation
    ) throws -> Value {
        var arguments: [Value] = []
        for (index, parameter) in decl.parameters.enumerated() {
            if index < values.count, let value = values[index] {
                arguments.append(value)
            } else if parameter.defaultIsCallerLine {
                arguments.append(.int(location.lineInInput))
            } else if let defaultExpr = parameter.defaultValue {
                arguments.append(try evaluateDefault(defaultExpr, of: decl, expected: parameter.type))
            } else {
                arguments.append(.array([]))
            }
        }
        let frame = Frame.make(function: decl, captures: [])
        if let slot = decl.selfSlot { frame.slots[slot] = selfCell }
        for (index, parameter) in decl.parameters.enumerated() {
            if let cell = inoutCells[index] {
                frame.slots[parameter.slot] = cell
                continue
            }
            var value = arguments[index]
            if let type = parameter.type { value = try coerce(value, to: type, at: location) }
            frame.slots[parameter.slot] = Cell(value)
        }
        let flow = try enterBody(decl, in: frame, at: location)
        if case .returned(let value) = flow, case .optional(nil) = value { return .optional(nil) }
        return .void
    }

    /// `super.init(...)`, `super.method(...)`.
    func callSuper(_ name: String, _ arguments: CallArguments, in frame: Frame, at location: SourceLocation) throws
        -> Value
    {
        let (selfCell, superclass) = try superContext(in: frame, at: location)
        if name == "init" {
            let candidates = try initializers(of: superclass, at: location)
            guard let (callable, assignment) = try selectOverload(candidates, for: arguments, in: frame) else {
                throw noMatchingOverload("super.init", arguments.list, candidates: candidates, at: location)
            }
            let (values, inoutCells) = try evaluateArguments(arguments, assignment, for: callable, in: frame)
            if case .script(let decl) = callable {
                _ = try runInitializer(decl, selfCell: selfCell, values: values, inoutCells: inoutCells, at: location)
            }
            return .void
        }
        // In a `class func` or `static func`, `self` is the type: `super.name` is the
        // superclass's class method, run with that `self`.
        let isTypeContext = if case .metatype = selfCell.value { true } else { false }
        let callables = isTypeContext ? staticCallables(of: superclass, name) : instanceCallables(of: superclass, name)
        if callables.isEmpty {
            let value = try superMember(name, in: frame, at: location)
            return try callValue(value, arguments, in: frame, expected: nil, at: location)
        }
        return try invokeOverloads(
            callables, name: name, receiver: selfCell.load(), receiverCell: nil,
            selfType: superclass, arguments, in: frame, at: location)
    }

    func superMember(_ name: String, in frame: Frame, at location: SourceLocation) throws -> Value {
        let (selfCell, superclass) = try superContext(in: frame, at: location)
        let isTypeContext = if case .metatype = selfCell.value { true } else { false }
        let entries = isTypeContext ? staticEntries(of: superclass, name) : instanceEntries(of: superclass, name)
        if case .computed(let property)? = entries.first, let getter = property.getter {
            return try callScript(getter, captures: [], selfCell: selfCell, arguments: [], at: location)
        }
        // A stored property the subclass overrides with a computed one: `super.count` in
        // its getter reads the field, not the override again.
        if let (object, index) = plainSuperField(name, of: superclass, selfCell) {
            return try object.fields[index].checkedLoaded(at: location)
        }
        return try member(of: selfCell.load(), name, at: location)
    }

    /// `super.name = value` where the superclass stores `name` in a plain field (no observers,
    /// wrapper or `weak`): stored there, not through the subclass's override of it. False when
    /// it is not such a field, for the general store.
    func storeSuperField(_ name: String, _ value: Value, in frame: Frame, at location: SourceLocation) throws -> Bool {
        guard let (selfCell, superclass) = try? superContext(in: frame, at: location),
            let (object, index) = plainSuperField(name, of: superclass, selfCell)
        else { return false }
        let declaration = superclass.storedProperties[index].declaration
        guard declaration?.willSet == nil, declaration?.didSet == nil, declaration?.isWeak != true,
            declaration?.isConstant != true
        else { return false }
        var stored = value
        if let declared = superclass.storedProperties[index].type {
            stored = try coerce(value, to: declared, at: location)
        }
        // The old value goes after the write: its deinit may run script code that reads the field.
        swap(&object.fields[index], &stored)
        return true
    }

    /// What `super` in `frame` means: `self`'s cell, and the superclass of the class that
    /// declares the running method (of `self`'s class when the method is not found).
    private func superContext(in frame: Frame, at location: SourceLocation) throws -> (Cell, TypeInfo) {
        guard let selfCell = frame.selfCell else {
            throw ScriptError.runtime("`super` is only available in a class", at: location)
        }
        let owner = methodOwners[ObjectIdentifier(frame.function)] ?? typeInfo(of: selfCell.load())
        guard let superclass = owner.superclass else {
            throw ScriptError.runtime("'\(owner.name)' has no superclass", at: location)
        }
        return (selfCell, superclass)
    }

    /// The object `self` is and the index of its field `name`, when `superclass` (and so the
    /// object) stores `name` in a field read without running code.
    private func plainSuperField(_ name: String, of superclass: TypeInfo, _ selfCell: Cell) -> (ScriptObject, Int)? {
        guard case .stored(let index)? = instanceEntries(of: superclass, name).first,
            case .object(let object) = selfCell.load(), index < object.fields.count
        else { return nil }
        let declaration = superclass.storedProperties[index].declaration
        guard declaration?.wrapper == nil, declaration?.isLazy != true else { return nil }
        return (object, index)
    }

    /// Runs the script `deinit`s of an object going away, subclass first.
    func runDeinitializers(of object: ScriptObject) {
        var current: TypeInfo? = object.type
        let selfCell = Cell(.object(object))
        while let type = current {
            if let deinitializer = type.deinitializer {
                do {
                    _ = try callScript(
                        deinitializer, captures: [], selfCell: selfCell, arguments: [], at: deinitializer.location)
                } catch {
                    recordPendingError(error)
                }
            }
            current = type.superclass
        }
    }
}
