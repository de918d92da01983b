/// Shorthands the standard library files use to declare native members and read arguments.
extension TypeInfo {
    func method(
        _ fullName: String, defaults: Set<String> = [], types: [TypeRef?] = [], mutating: Bool = false,
        isStatic: Bool = false, _ body: @escaping (NativeArguments) throws -> Value
    ) {
        addNativeMethod(
            NativeFunction(fullName, defaults: defaults, types: types, mutating: mutating, body: body),
            isStatic: isStatic)
    }

    /// `isConstant`: the getter gives the same value on every read (`Int.max`).
    func property(
        _ name: String, isStatic: Bool = false, isConstant: Bool = false,
        _ get: @escaping (Interpreter, Value) throws -> Value
    ) {
        addNativeProperty(name, isStatic: isStatic, NativeProperty(isConstant: isConstant, get: get))
    }

    /// A method that takes its receiver's storage and changes it (`append`, `sort`, `insert`).
    func mutatingMethod(
        _ fullName: String, defaults: Set<String> = [], types: [TypeRef?] = [],
        _ body: @escaping (inout Value, NativeArguments) throws -> Value
    ) {
        method(fullName, defaults: defaults, types: types, mutating: true) { arguments in
            guard let cell = arguments.receiverCell else {
                throw ScriptError.runtime(
                    "cannot use mutating member '\(fullName)' on an immutable value",
                    at: arguments.location)
            }
            var value = cell.value
            cell.value = .void  // keep the storage uniquely referenced while it changes
            defer { cell.value = value }
            return try body(&value, arguments)
        }
    }

    /// Adds a type-specific version of a member the `Sequence` protocol type also declares
    /// (`Set.contains` looks up by hash). A type's members hide the protocol's members of the
    /// same name, so the protocol's other overloads are copied along.
    func overrideMethod(_ function: NativeFunction, inheriting protocolType: TypeInfo) {
        let inherited = protocolType.instanceMembers[function.name] ?? []
        var own = instanceMembers[function.name] ?? []
        if own.isEmpty { own = inherited }
        // Properties first (`member` reads the first entry), then closure-taking methods (a
        // trailing closure must reach them before a plain `_:` overload); within each group
        // the newest declaration comes first and wins.
        func rank(_ entry: MemberEntry) -> Int {
            if case .nativeProperty = entry { return 0 }
            return entry.takesClosure ? 1 : 2
        }
        let entry = MemberEntry.method(.native(function))
        own.insert(entry, at: own.firstIndex { rank($0) >= rank(entry) } ?? own.endIndex)
        instanceMembers[function.name] = own
    }

    func overrideMethod(
        _ fullName: String, inheriting protocolType: TypeInfo, defaults: Set<String> = [],
        types: [TypeRef?] = [], _ body: @escaping (NativeArguments) throws -> Value
    ) {
        overrideMethod(NativeFunction(fullName, defaults: defaults, types: types, body: body), inheriting: protocolType)
    }

    /// A type-specific property that keeps the protocol's methods of the same name (`count`
    /// of a range keeps `count(where:)`).
    func overrideProperty(
        _ name: String, inheriting protocolType: TypeInfo,
        _ get: @escaping (Interpreter, Value) throws -> Value
    ) {
        let methods = (protocolType.instanceMembers[name] ?? []).filter {
            if case .method = $0 { return true } else { return false }
        }
        instanceMembers[name] = [.nativeProperty(NativeProperty(get: get))] + methods
    }
}

extension MemberEntry {
    /// True for a native method with a closure parameter (`contains(where:)`).
    var takesClosure: Bool {
        guard case .method(.native(let function)) = self else { return false }
        return function.signature.types.contains { if case .function? = $0 { return true } else { return false } }
    }
}

/// The type written for closure parameters of natives, so a trailing closure finds them.
/// The declared type of a native parameter that takes a closure, which is what lets a
/// trailing closure choose `contains(where:)` over `contains(_:)`.
public let closureParameter = TypeRef.function([], .simple("Any"))

extension NativeArguments {
    var receiverValue: Value { receiver?.loaded ?? .void }

    func int(_ index: Int) throws -> Int {
        guard case .int(let number) = self[index] else {
            throw ScriptError.runtime(
                "expected an Int argument, got \(Formatter.typeName(of: self[index]))",
                at: location)
        }
        return number
    }

    func double(_ index: Int) throws -> Double {
        switch self[index] {
        case .double(let number): return number
        case .int(let number): return Double(number)
        default:
            throw ScriptError.runtime(
                "expected a Double argument, got \(Formatter.typeName(of: self[index]))",
                at: location)
        }
    }

    func string(_ index: Int) throws -> String {
        switch self[index] {
        case .string(let text): return text
        case .character(let character): return String(character)
        default:
            throw ScriptError.runtime(
                "expected a String argument, got \(Formatter.typeName(of: self[index]))",
                at: location)
        }
    }

    func bool(_ index: Int) throws -> Bool {
        guard case .bool(let flag) = self[index] else {
            throw ScriptError.runtime(
                "expected a Bool argument, got \(Formatter.typeName(of: self[index]))",
                at: location)
        }
        return flag
    }

    /// The elements of the receiver, which is a sequence.
    func receiverElements() throws -> [Value] {
        try interpreter.elements(of: receiverValue, at: location)
    }

    /// Visits the receiver's elements in order until `body` returns false; works on endless
    /// sequences (`(1...).prefix(3)`) where `receiverElements` would not.
    func visitReceiverElements(_ body: (Value) throws -> Bool) throws {
        var iterator = try interpreter.makeIterator(receiverValue, at: location)
        while let element = try iterator.next() {
            try interpreter.tick(location)
            guard try body(element) else { return }
        }
    }

    /// `value` as `print` writes it, within the size limit, an error placed at this call.
    func described(_ value: Value, debug: Bool) throws -> String {
        do {
            return try Formatter.describe(value, debug: debug, interpreter: interpreter)
        } catch var error as ScriptError where error.location == .unknown {
            error.location = location
            throw error
        }
    }

    /// The elements of an argument, which is a sequence.
    func elements(_ index: Int) throws -> [Value] {
        try interpreter.elements(of: self[index], at: location)
    }

    /// Calls the closure (or function, or key path) passed as argument `index`.
    func callArgument(_ index: Int, _ values: Value...) throws -> Value {
        try interpreter.callClosure(self[index], values, at: location)
    }

    /// Calls the predicate passed as argument `index`; it must return a Bool.
    func test(_ index: Int, _ values: Value...) throws -> Bool {
        try interpreter.truth(interpreter.callClosure(self[index], values, at: location), at: location)
    }
}

extension Interpreter {
    /// Calls a closure, function or key path (`map(\.name)`) passed to a library function.
    /// (`call` reads a key path given for a function.)
    public func callClosure(_ function: Value, _ values: [Value], at location: SourceLocation) throws -> Value {
        try call(function, values, at: location)
    }

    /// Calls `function(&accumulator, element)`, as `reduce(into:_:)` does.
    func callAccumulating(
        _ function: Value, _ accumulator: Cell, _ element: Value,
        at location: SourceLocation
    ) throws {
        guard case .function(let functionValue) = function else {
            throw ScriptError.runtime("cannot call a value of type \(Formatter.typeName(of: function))", at: location)
        }
        switch functionValue.body {
        case .script(let decl, let captures, let selfCell):
            _ = try callScript(
                decl, captures: captures, selfCell: selfCell, arguments: [accumulator.value, element],
                inoutCells: [0: accumulator], at: location)
        case .overloads(let callables, let receiver, _):
            guard let callable = callables.first(where: { $0.parameterShapes.count == 2 }) else {
                throw ScriptError.runtime("reduce(into:) needs a function of two parameters", at: location)
            }
            _ = try invoke(
                callable, receiver: receiver, receiverCell: nil, values: [accumulator.value, element],
                inoutCells: [0: accumulator], at: location)
        default:
            throw ScriptError.unsupported(
                "this kind of function as the updating function of reduce(into:)",
                at: location)
        }
    }

    /// `a < b` with Swift's rules, including a script type's own `<`.
    func isLess(_ lhs: Value, _ rhs: Value, at location: SourceLocation) throws -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a < b
        case (.string(let a), .string(let b)): return a < b
        case (.double(let a), .double(let b)): return a < b
        default: return try truth(applyBinary(.less, lhs, rhs, at: location), at: location)
        }
    }
}
