extension Interpreter {
    /// `base[index]` with one unlabelled index, the common case (`counts[i]`): an array's
    /// element without building a list of indices first.
    func subscriptGet(_ base: Value, index: Value, at location: SourceLocation) throws -> Value {
        if case .array(let elements) = base, case .int(let position) = index {
            return try element(of: elements, at: position, location)
        }
        return try subscriptGet(base, [index], labels: [nil], at: location)
    }

    private func element(of elements: [Value], at index: Int, _ location: SourceLocation) throws -> Value {
        guard elements.indices.contains(index) else {
            throw ScriptError.runtime("index out of range: \(index) is not in 0..<\(elements.count)", at: location)
        }
        return elements[index]
    }

    func subscriptGet(_ base: Value, _ indices: [Value], labels: [String?], at location: SourceLocation) throws -> Value
    {
        if let keyPath = Self.keyPathIndex(indices, labels) {
            return try keyPath.read(base, interpreter: self, at: location)
        }
        try Self.checkCollectionLabels(base, labels, at: location)
        switch (base, indices.first) {
        case (.array(let elements), .int(let index)?) where indices.count == 1:
            return try element(of: elements, at: index, location)
        case (.array(let elements), .range(let range)?) where indices.count == 1:
            let bounds = try sliceBounds(range, count: elements.count, at: location)
            return .array(Array(elements[bounds]))
        case (.dictionary(let dictionary), let key?) where indices.count == 1:
            return .optional(dictionary[key])
        case (.dictionary(let dictionary), let key?) where indices.count == 2:
            return dictionary[key] ?? indices[1]
        case (.string, .int?):
            throw ScriptError.runtime(
                "'subscript(_:)' is unavailable: cannot subscript String with an Int", at: location)
        default:
            break
        }
        let type = typeInfo(of: base)
        if let subscriptDecl = try findSubscript(of: base, indices, labels: labels, at: location) {
            return try callScript(
                subscriptDecl.getter, captures: [], selfCell: Cell(base), arguments: indices, at: location)
        }
        if let native = type.nativeSubscript { return try native.get(self, base, indices) }
        throw ScriptError.runtime("value of type \(Formatter.typeName(of: base)) has no subscripts", at: location)
    }

    /// `base[index] = value` with one unlabelled index (see `subscriptGet(_:index:at:)`).
    func subscriptSet(_ base: inout Value, index: Value, to value: Value, at location: SourceLocation) throws {
        if case .array = base, case .int(let position) = index {
            return try setElement(of: &base, at: position, to: value, location)
        }
        try subscriptSet(&base, [index], labels: [nil], to: value, at: location)
    }

    private func setElement(of base: inout Value, at index: Int, to value: Value, _ location: SourceLocation) throws {
        let count = base.arrayCount
        guard index >= 0 && index < count else {
            throw ScriptError.runtime("index out of range: \(index) is not in 0..<\(count)", at: location)
        }
        var taken = base.takeArray()
        taken[index] = value
        base = .array(taken)
    }

    /// `base[indices] = value`; false when `base` itself was left as it was because the write
    /// went through a class instance it holds (`s[keyPath: \S.model.x]`), so that the
    /// variable holding it is not written (it may be a `let`).
    @discardableResult
    func subscriptSet(
        _ base: inout Value, _ indices: [Value], labels: [String?], to value: Value,
        at location: SourceLocation
    ) throws -> Bool {
        if let keyPath = Self.keyPathIndex(indices, labels) {
            return try keyPath.write(value, into: &base, interpreter: self, at: location)
        }
        try Self.checkCollectionLabels(base, labels, at: location)
        // The storage is taken out of `base` before the write, so that it is the only
        // reference and the write does not copy the whole collection. Nothing here binds
        // the storage to a name: the binding would keep a second reference until its scope ends.
        if case .array = base, indices.count == 1, case .int(let index) = indices[0] {
            try setElement(of: &base, at: index, to: value, location)
            return true
        }
        if case .array = base, indices.count == 1, case .range(let range) = indices[0] {
            // `a[1..<3] = [9]`: the slice is replaced, and the array may grow or shrink.
            let bounds = try sliceBounds(range, count: base.arrayCount, at: location)
            guard case .array(let replacement) = value else {
                throw ScriptError.runtime(
                    "cannot assign a value of type \(Formatter.typeName(of: value)) to a slice of an array",
                    at: location)
            }
            var taken = base.takeArray()
            try checkSize(taken.count - bounds.count + replacement.count, "an array", at: location)
            taken.replaceSubrange(bounds, with: replacement)
            base = .array(taken)
            return true
        }
        if case .dictionary = base {
            var taken = base.takeDictionary()
            if indices.count == 1, case .optional(let wrapped) = value {
                taken[indices[0]] = wrapped
            } else {
                taken[indices[0]] = value
            }
            base = .dictionary(taken)
            return true
        }
        let type = typeInfo(of: base)
        if let subscriptDecl = try findSubscript(of: base, indices, labels: labels, at: location),
            let setter = subscriptDecl.setter
        {
            let cell = Cell(base)
            _ = try callScript(setter, captures: [], selfCell: cell, arguments: indices + [value], at: location)
            base = cell.value
            return true
        }
        if let native = type.nativeSubscript, let setter = native.set {
            try setter(self, &base, indices, value)
            return true
        }
        throw ScriptError.runtime("cannot assign through subscript of \(Formatter.typeName(of: base))", at: location)
    }

    /// The key path of `value[keyPath: path]`, which every value has; nil for another subscript.
    private static func keyPathIndex(_ indices: [Value], _ labels: [String?]) -> KeyPathValue? {
        guard labels.count == 1, labels[0] == "keyPath", case .native(let keyPath as KeyPathValue) = indices[0] else {
            return nil
        }
        return keyPath
    }

    /// The subscript of `base`'s type (or of a superclass) whose parameters carry `labels`
    /// and take `indices`; nil when the type has none of that many parameters. One of that
    /// many with other labels is an error, as Swift's compiler makes it: the labels choose
    /// among subscripts (`grid[2]`, `grid[column: 2]`), and then the indices' types
    /// (`table[1]`, `table["price"]`). A subclass's subscripts come before its superclass's,
    /// so an `override` is the one found.
    ///
    /// On a type (`Palette[1]`) the type's `static` subscripts are looked at, and on a value
    /// its instance subscripts.
    private func findSubscript(
        of base: Value, _ indices: [Value], labels: [String?], at location: SourceLocation
    ) throws -> SubscriptDecl? {
        let type: TypeInfo
        let isStatic: Bool
        if case .metatype(let metatype) = base {
            (type, isStatic) = (metatype.type, true)
        } else {
            (type, isStatic) = (typeInfo(of: base), false)
        }
        // By class, the subclass first.
        var levels: [(type: TypeInfo, withLabels: [SubscriptDecl])] = []
        var sameCount: [SubscriptDecl] = []
        var current: TypeInfo? = type
        while let candidate = current {
            var withLabels: [SubscriptDecl] = []
            for subscriptDecl in candidate.subscripts
            where subscriptDecl.isStatic == isStatic && subscriptDecl.getter.parameters.count == labels.count {
                if Callable.script(subscriptDecl.getter).hasLabels(labels) {
                    withLabels.append(subscriptDecl)
                } else {
                    sameCount.append(subscriptDecl)
                }
            }
            if !withLabels.isEmpty { levels.append((candidate, withLabels)) }
            current = candidate.superclass
        }
        if levels.count == 1, levels[0].withLabels.count == 1 { return levels[0].withLabels[0] }
        for level in levels {
            let taking = level.withLabels.filter { takes($0, indices, at: location) }
            if taking.count == 1 { return taking[0] }
            if taking.count > 1 {
                throw ScriptError.unsupported(
                    "choosing between subscripts of \(level.type.name) whose parameter types all take these indices",
                    at: location)
            }
        }
        // None takes the indices: the first one's coercion says why.
        if let first = levels.first?.withLabels.first { return first }
        guard !sameCount.isEmpty else { return nil }
        let expected = sameCount.map { Self.spelledLabels($0.getter.parameters.map(\.label)) }
        throw ScriptError.runtime(
            "incorrect argument labels in subscript of \(type.name)\(isStatic ? ".Type" : ""): have \(Self.spelledLabels(labels)), "
                + "expected \(expected.joined(separator: " or "))",
            at: location)
    }

    /// Whether each index is an instance of its parameter's declared type (a parameter of a
    /// type that cannot be told here, as a generic one, takes any index).
    private func takes(_ subscriptDecl: SubscriptDecl, _ indices: [Value], at location: SourceLocation) -> Bool {
        zip(subscriptDecl.getter.parameters, indices).allSatisfy { parameter, index in
            guard let type = parameter.type else { return true }
            return (try? isInstance(index, of: type, at: location)) ?? true
        }
    }

    /// Arrays and dictionaries take `[index]`, and a dictionary also `[key, default: value]`;
    /// any other labels are an error, as Swift's compiler makes them, rather than ignored.
    private static func checkCollectionLabels(_ base: Value, _ labels: [String?], at location: SourceLocation) throws {
        // Checked without building the expected lists: a dictionary's `[key]` passes here.
        let expected: [[String?]]
        switch base {
        case .array:
            if labels.count == 1, labels[0] == nil { return }
            expected = [[nil]]
        case .dictionary:
            if labels.first == .some(nil), labels.count == 1 || labels.count == 2 && labels[1] == "default" { return }
            expected = [[nil], [nil, "default"]]
        default:
            return
        }
        throw ScriptError.runtime(
            "incorrect argument labels in subscript of \(Formatter.typeName(of: base)): have \(spelledLabels(labels)), "
                + "expected \(expected.map(spelledLabels).joined(separator: " or "))",
            at: location)
    }

    /// Argument labels as Swift spells them in a message: `(_:default:)`.
    private static func spelledLabels(_ labels: [String?]) -> String {
        "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    func sliceBounds(_ range: RangeValue, count: Int, at location: SourceLocation) throws -> Range<Int> {
        var lower = 0
        var upper = count
        if case .int(let low)? = range.lower { lower = low }
        if case .int(let high)? = range.upper {
            let isClosed = range.kind == .closed || range.kind == .through
            // `...Int.max` becomes `..<Int.max + 1` in Swift, which traps.
            if isClosed && high == .max {
                throw ScriptError.runtime(
                    "arithmetic overflow: 9223372036854775807 + 1 does not fit in Int", at: location)
            }
            upper = isClosed ? high + 1 : high
        }
        guard lower >= 0, upper <= count, lower <= upper else {
            throw ScriptError.runtime(
                "range out of bounds: \(lower)..<\(upper) in a collection of \(count)", at: location)
        }
        return lower..<upper
    }

    func makeKeyPath(root: TypeRef?, path: [String], at location: SourceLocation) -> Value {
        let function = NativeFunction("keyPath(_:)") { arguments in
            var current = arguments[0]
            for component in path {
                current = try arguments.interpreter.member(of: current, component, at: location)
            }
            return current
        }
        return .native(
            KeyPathValue(
                typeInfo: builtins.keyPath, path: path, getter: function, root: root,
                rootName: root.map { SwiftTypeNames.name(of: $0, in: self, qualified: false) }))
    }
}

/// `\Type.property`: usable as a function (`map(\.name)`) and as an assignment target.
public final class KeyPathValue: NativeValue {
    public let path: [String]
    public let getter: NativeFunction
    /// The root type (`Point` in `\Point.x`), as written or as the type the key path was given
    /// says (`let k: KeyPath<Point, Int> = \.x`); nil where neither says it.
    let root: TypeRef?
    /// How Swift prints `root`.
    let rootName: String?
    /// The properties read or written, in order: `path` without its `self`s (`\.self` is the
    /// value itself).
    private let properties: [String]

    init(typeInfo: TypeInfo, path: [String], getter: NativeFunction, root: TypeRef? = nil, rootName: String? = nil) {
        self.path = path
        self.getter = getter
        self.root = root
        self.rootName = rootName
        properties = path.filter { $0 != "self" }
        super.init(typeInfo: typeInfo)
    }

    /// This key path with the root `type` gives it, when it has none and `type` is one the
    /// script can name (not a generic parameter, `KeyPath<Root, Value>` in a generic function).
    func rooted(at type: TypeRef, in interpreter: Interpreter) -> KeyPathValue? {
        guard root == nil, (try? interpreter.metatype(for: type, at: .unknown)) != nil else { return nil }
        return KeyPathValue(
            typeInfo: typeInfo, path: path, getter: getter, root: type,
            rootName: SwiftTypeNames.name(of: type, in: interpreter, qualified: false))
    }

    /// As Swift prints a key path: `\Point.inner.z`. A key path whose root no type said shows
    /// `\.z`, where Swift names the root it inferred.
    public override var description: String { "\\" + (rootName ?? "") + "." + path.joined(separator: ".") }

    /// `value[keyPath: self]`.
    public func read(_ value: Value, interpreter: Interpreter, at location: SourceLocation) throws -> Value {
        try checkRoot(of: value, interpreter: interpreter, at: location)
        var current = value
        for property in properties { current = try interpreter.member(of: current, property, at: location) }
        return current
    }

    /// `value[keyPath: self] = newValue`; false when the write went through a class instance
    /// `value` holds and left `value` itself as it was.
    public func write(
        _ newValue: Value, into value: inout Value, interpreter: Interpreter,
        at location: SourceLocation
    ) throws -> Bool {
        try checkRoot(of: value, interpreter: interpreter, at: location)
        return try write(newValue, into: &value, components: properties[...], interpreter: interpreter, at: location)
    }

    /// Swift rejects a key path applied to a value of another type than its root; the path's
    /// names alone could find a property of the same name on the wrong type.
    private func checkRoot(of value: Value, interpreter: Interpreter, at location: SourceLocation) throws {
        guard let root, let rootName, (try? interpreter.isInstance(value, of: root, at: location)) == false else {
            return
        }
        throw ScriptError.runtime(
            "cannot apply a key path of root type '\(rootName)' to a value of type '\(Formatter.typeName(of: value))'",
            at: location)
    }

    private func write(
        _ newValue: Value, into value: inout Value, components: ArraySlice<String>,
        interpreter: Interpreter, at location: SourceLocation
    ) throws -> Bool {
        guard let first = components.first else {
            value = newValue
            return true
        }
        if components.count == 1 {
            try interpreter.setMember(of: &value, first, to: newValue, at: location)
            return !interpreter.isReferenceValue(value)
        }
        var inner = try interpreter.member(of: value, first, at: location)
        let innerChanged = try write(
            newValue, into: &inner, components: components.dropFirst(), interpreter: interpreter, at: location)
        // A class instance was changed where it is: the property holding it is not written
        // (`\S.model.x` with `let model: Model` is a ReferenceWritableKeyPath).
        guard innerChanged else { return false }
        try interpreter.setMember(of: &value, first, to: inner, at: location)
        return !interpreter.isReferenceValue(value)
    }
}
