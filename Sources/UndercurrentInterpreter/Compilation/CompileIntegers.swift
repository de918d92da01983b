/// Integer arithmetic on local variables and literals (`value % 2 == 0`, `3 * value + 1`),
/// compiled so that the intermediate results stay plain `Int`s.
///
/// Such an expression has no side effects, so when a variable turns out not to hold an Int
/// (a Double, an uninitialized or captured name) the compiled code gives up with nil and
/// the general path evaluates the whole expression again, getting the answer the fast path
/// would have. A profile of loops showed boxing every intermediate value into a `Value`, and
/// choosing the operator by a switch on each use, as a third of their time.
typealias CompiledInteger = (Interpreter, Frame) throws -> Int?
typealias CompiledComparison = (Interpreter, Frame) throws -> Bool?
/// Stores into an Int variable; false, having changed nothing, when a variable read or
/// written does not hold an Int.
typealias CompiledIntegerStore = (Interpreter, Frame) throws -> Bool

/// An operand of integer arithmetic: what `BodyCompiler.integer(_:)` can compile.
indirect enum IntegerOperand {
    case literal(Int)
    case slot(Int)
    /// A stored property of `self`, read directly once its site has found it; the `Int` is
    /// the site's index (`ProgramTables.memberSite`).
    case field(Int, of: SelfAccess)
    case arithmetic(ArithmeticOperator, IntegerOperand, IntegerOperand, SourceLocation)

    init?(_ expr: Expr) {
        switch expr {
        case .integerLiteral(let value, _):
            self = .literal(value)
        case .name(.local(let slot), _, _):
            self = .slot(slot)
        case .member(let baseExpr, _, let site, _):
            guard let access = SelfAccess(baseExpr) else { return nil }
            self = .field(site, of: access)
        case .binary(let op, let lhsExpr, let rhsExpr, let location):
            guard let op = ArithmeticOperator(op), let lhs = IntegerOperand(lhsExpr),
                let rhs = IntegerOperand(rhsExpr)
            else { return nil }
            self = .arithmetic(op, lhs, rhs, location)
        default:
            return nil
        }
    }

    /// Whether a variable is read: literals alone take their type from the context
    /// (`let half: Double = 1 / 2`), which only the general path knows.
    var readsVariable: Bool {
        switch self {
        case .literal: false
        case .slot, .field: true
        case .arithmetic(_, let lhs, let rhs, _): lhs.readsVariable || rhs.readsVariable
        }
    }
}

/// The variable an element update (`counts[i] += 1`) changes: a local or captured one, or a
/// global at the top level.
struct ArrayVariable {
    private let reference: NameReference
    private let name: String
    private let globalSite = GlobalSiteCache()

    init(_ reference: NameReference, _ name: String) {
        self.reference = reference
        self.name = name
    }

    /// The variable's cell when it may be changed here; nil leaves the store to the general path.
    @inline(__always)
    func cell(_ interpreter: Interpreter, _ frame: Frame) -> Cell? {
        guard case .dynamic = reference else { return frame.cell(reference) }
        guard frame.selfCell == nil, let global = globalSite.global(name, in: interpreter), !global.isConstant else {
            return nil
        }
        return global.cell
    }
}

/// How compiled code reaches `self`: a method's `self` (and a bare member name inside a
/// type) is lowered to the variable `self`, a local slot of the method or a capture of a
/// closure in it; `.selfReference` is the frame's own.
enum SelfAccess {
    case variable(NameReference)
    case frameSelf

    init?(_ expr: Expr) {
        switch expr {
        case .selfReference: self = .frameSelf
        case .name(let reference, "self", _):
            switch reference {
            case .local, .captured: self = .variable(reference)
            case .dynamic: return nil
            }
        default: return nil
        }
    }
}

extension Frame {
    @inline(__always)
    func selfCell(_ access: SelfAccess) -> Cell? {
        switch access {
        case .variable(let reference): cell(reference)
        case .frameSelf: selfCell
        }
    }

    /// Runs `body` with the class instance `access` reaches, borrowed (`withObject(inSlot:_:)`);
    /// nil when it is no object.
    @inline(__always)
    func withObject<Result>(_ access: SelfAccess, _ body: (ScriptObject) throws -> Result) rethrows -> Result? {
        switch access {
        case .variable(.local(let slot)):
            return try withObject(inSlot: slot, body)
        case .variable(let reference):
            // A captured `self`: the frame's captures keep the cell, and the cell the object.
            guard let object = cell(reference)?.unretainedObject else { return nil }
            return try object._withUnsafeGuaranteedRef(body)
        case .frameSelf:
            return try withSelfObject(body)
        }
    }

    /// The plain stored property `site` found, read from the `self` that `access` reaches: a
    /// class instance where its cell holds it, or a struct value. Nil when `site` cannot read
    /// it directly, or there is no `self`.
    @inline(__always)
    func directRead(_ site: MemberSiteCache, ofSelf access: SelfAccess, generation: Int) -> Value? {
        if let read = withObject(access, { site.directRead(ofObject: $0, generation: generation) }) { return read }
        guard let cell = selfCell(access) else { return nil }
        return site.directRead(of: cell.value, generation: generation)
    }
}

enum ArithmeticOperator {
    case plus, minus, times, divide, remainder

    init?(_ op: BinaryOperator) {
        switch op {
        case .plus: self = .plus
        case .minus: self = .minus
        case .times: self = .times
        case .divide: self = .divide
        case .remainder: self = .remainder
        default: return nil
        }
    }

    /// `a op b` by the operator's kernel, where the operator is known only when the code
    /// runs (a register step); compiled code picks the kernel when it is built.
    @inline(__always)
    func apply(_ a: Int, _ b: Int, at location: SourceLocation) throws -> Int {
        switch self {
        case .plus: try Plus.apply(a, b, at: location)
        case .minus: try Minus.apply(a, b, at: location)
        case .times: try Times.apply(a, b, at: location)
        case .divide: try Divide.apply(a, b, at: location)
        case .remainder: try Remainder.apply(a, b, at: location)
        }
    }
}

enum ComparisonOperator {
    case equal, notEqual, less, greater, lessOrEqual, greaterOrEqual

    init?(_ op: BinaryOperator) {
        switch op {
        case .equal: self = .equal
        case .notEqual: self = .notEqual
        case .less: self = .less
        case .greater: self = .greater
        case .lessOrEqual: self = .lessOrEqual
        case .greaterOrEqual: self = .greaterOrEqual
        default: return nil
        }
    }

    /// `a cmp b` by the operator's kernel (see `ArithmeticOperator.apply`).
    @inline(__always)
    func holds(_ a: Int, _ b: Int) -> Bool {
        switch self {
        case .equal: Equal.holds(a, b)
        case .notEqual: NotEqual.holds(a, b)
        case .less: Less.holds(a, b)
        case .greater: Greater.holds(a, b)
        case .lessOrEqual: LessOrEqual.holds(a, b)
        case .greaterOrEqual: GreaterOrEqual.holds(a, b)
        }
    }
}

extension Frame {
    /// The Int a local variable holds, read without retaining its cell; nil for anything else.
    @inline(__always)
    func integer(at slot: Int) -> Int? {
        withUnsafeMutablePointers { header, slots in
            precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
            if case .int(let value)? = slots[slot]?.value { return value }
            return nil
        }
    }

    /// Replaces the Int a local variable holds by `change(old)`; false when it holds no Int.
    @inline(__always)
    func updateInteger(at slot: Int, _ change: (Int) throws -> Int) rethrows -> Bool {
        try withUnsafeMutablePointers { header, slots in
            precondition(slot >= 0 && slot < header.pointee.slotCount, "frame slot out of range")
            guard let cell = slots[slot], case .int(let old) = cell.value else { return false }
            cell.value = .int(try change(old))
            return true
        }
    }

    // A library scalar in a local variable (`demand`, a `UInt8`) with an Int beside it: what
    // the general path computes once it has read both sides (`OperatorApplication.apply`
    // asks the scalar's type first), without its closures and copies. A custom
    // subscription's `demand -= 1` and `demand > 0`, on every value, were a sixth of its
    // time on that path. Whatever the type leaves to `applyBinary` is left to the general
    // path, which asks again.

    /// `x op= b` on a local variable holding a library scalar: the type's operator applied to
    /// the scalar and the Int, stored back; false when the variable holds no scalar or the
    /// type has no such operator.
    @inline(__always)
    func updateScalar(
        at slot: Int, by op: BinaryOperator, _ b: Int, in interpreter: Interpreter, at location: SourceLocation
    ) throws -> Bool {
        // The cell borrowed: unwrapping the slot's optional retained and released it.
        try withLocalCell(slot) { cell in
            guard case .scalar(let old) = cell.value else { return false }
            if case .bits(let bits)? = old.operated(op, .int(b)) {
                interpreter.store(.scalar(old.withBits(bits)), intoVariable: cell)
                return true
            }
            guard
                let new = try interpreter.locating(
                    location, { try old.withType { try $0.applyOperator(op, .scalar(old), .int(b)) } })
            else { return false }
            interpreter.store(new, intoVariable: cell)
            return true
        } ?? false
    }

    /// `x op b` for a comparison of a local variable holding a library scalar with an
    /// integer literal, which takes the scalar's type as in the general path
    /// (`Interpreter.integerLiteral(_:besides:at:)`); nil when the variable holds no scalar,
    /// or when the general path would say more than true or false (an error, with its
    /// location, or another operator).
    @inline(__always)
    func scalarComparison(at slot: Int, _ op: BinaryOperator, literal b: Int) -> Bool? {
        withLocalCell(slot) { cell -> Bool? in
            guard case .scalar(let scalar) = cell.value else { return nil }
            if case .truth(let holds)? = scalar.operated(op, .int(b)) { return holds }
            let left = Value.scalar(scalar)
            guard let right = try? Interpreter.integerLiteral(b, besides: left, at: .unknown),
                case .bool(let holds)? = try? scalar.withType({ try $0.applyOperator(op, left, right) })
            else { return nil }
            return holds
        } ?? nil
    }
}

// MARK: - Comparison kernels

/// One comparison on two Ints, a type per operator as the arithmetic kernels
/// (`IntegerKernels.swift`) are.
protocol ComparisonKernel {
    static func holds(_ a: Int, _ b: Int) -> Bool
    /// The operator, for a library scalar beside a literal (`demand > 0`), which the scalar's
    /// type compares as the general path does (`Frame.scalarComparison`).
    static var binaryOperator: BinaryOperator { get }
}

enum Equal: ComparisonKernel {
    @inline(__always) static func holds(_ a: Int, _ b: Int) -> Bool { a == b }
    static let binaryOperator = BinaryOperator.equal
}
enum NotEqual: ComparisonKernel {
    @inline(__always) static func holds(_ a: Int, _ b: Int) -> Bool { a != b }
    static let binaryOperator = BinaryOperator.notEqual
}
enum Less: ComparisonKernel {
    @inline(__always) static func holds(_ a: Int, _ b: Int) -> Bool { a < b }
    static let binaryOperator = BinaryOperator.less
}
enum Greater: ComparisonKernel {
    @inline(__always) static func holds(_ a: Int, _ b: Int) -> Bool { a > b }
    static let binaryOperator = BinaryOperator.greater
}
enum LessOrEqual: ComparisonKernel {
    @inline(__always) static func holds(_ a: Int, _ b: Int) -> Bool { a <= b }
    static let binaryOperator = BinaryOperator.lessOrEqual
}
enum GreaterOrEqual: ComparisonKernel {
    @inline(__always) static func holds(_ a: Int, _ b: Int) -> Bool { a >= b }
    static let binaryOperator = BinaryOperator.greaterOrEqual
}

// MARK: - Builders

extension BodyCompiler {
    /// The operand as Int arithmetic; nil from the compiled code when a variable does not
    /// hold an Int.
    func integer(_ operand: IntegerOperand) -> CompiledInteger {
        switch operand {
        case .literal(let value):
            return { _, _ in value }
        case .slot(let slot):
            return { _, frame in frame.integer(at: slot) }
        case .field(let siteIndex, let access):
            let site = tables.memberSite(siteIndex)
            // Only a plain stored property is read here: a computed one runs code, which
            // the general path runs once.
            return { interpreter, frame in
                // A class instance's field read in place; a struct's through its copy.
                if let value = frame.withObject(
                    access, { site.integerRead(ofObject: $0, generation: interpreter.memberGeneration) })
                {
                    return value
                }
                guard
                    case .int(let value)? = frame.directRead(
                        site, ofSelf: access,
                        generation: interpreter.memberGeneration)
                else { return nil }
                return value
            }
        case .arithmetic(let op, let lhs, let rhs, let location):
            switch op {
            case .plus: return arithmetic(Plus.self, lhs, rhs, at: location)
            case .minus: return arithmetic(Minus.self, lhs, rhs, at: location)
            case .times: return arithmetic(Times.self, lhs, rhs, at: location)
            case .divide: return arithmetic(Divide.self, lhs, rhs, at: location)
            case .remainder: return arithmetic(Remainder.self, lhs, rhs, at: location)
            }
        }
    }

    /// `x op= operand` or `x = operand` on an Int variable `x`, when the expression is one.
    func integerStore(_ expr: Expr) -> CompiledIntegerStore? {
        guard FastPaths.enabled else { return nil }
        switch expr {
        case .compoundAssign(let op, .name(.local(let slot), _, _), let valueExpr, let location):
            guard let op = ArithmeticOperator(op), let rhs = IntegerOperand(valueExpr) else { return nil }
            switch op {
            case .plus: return update(Plus.self, slot, rhs, at: location)
            case .minus: return update(Minus.self, slot, rhs, at: location)
            case .times: return update(Times.self, slot, rhs, at: location)
            case .divide: return update(Divide.self, slot, rhs, at: location)
            case .remainder: return update(Remainder.self, slot, rhs, at: location)
            }
        case .compoundAssign(let op, .member(let baseExpr, _, let siteIndex, _), let valueExpr, let location):
            guard let access = SelfAccess(baseExpr), let op = ArithmeticOperator(op),
                let rhs = IntegerOperand(valueExpr)
            else { return nil }
            let site = tables.memberSite(siteIndex)
            switch op {
            case .plus: return fieldUpdate(Plus.self, site, of: access, rhs, at: location)
            case .minus: return fieldUpdate(Minus.self, site, of: access, rhs, at: location)
            case .times: return fieldUpdate(Times.self, site, of: access, rhs, at: location)
            case .divide: return fieldUpdate(Divide.self, site, of: access, rhs, at: location)
            case .remainder: return fieldUpdate(Remainder.self, site, of: access, rhs, at: location)
            }
        case .compoundAssign(let op, .name(.dynamic, let name, _), let valueExpr, let location):
            guard let op = ArithmeticOperator(op), let rhs = IntegerOperand(valueExpr) else { return nil }
            switch op {
            case .plus: return globalUpdate(Plus.self, name, rhs, at: location)
            case .minus: return globalUpdate(Minus.self, name, rhs, at: location)
            case .times: return globalUpdate(Times.self, name, rhs, at: location)
            case .divide: return globalUpdate(Divide.self, name, rhs, at: location)
            case .remainder: return globalUpdate(Remainder.self, name, rhs, at: location)
            }
        case .compoundAssign(
            let op, .subscriptCall(.name(let reference, let name, _), let arguments, _), let valueExpr,
            let location):
            guard arguments.count == 1, arguments[0].label == nil, let index = IntegerOperand(arguments[0].value),
                let op = ArithmeticOperator(op), let rhs = IntegerOperand(valueExpr)
            else { return nil }
            let array = ArrayVariable(reference, name)
            switch op {
            case .plus: return elementUpdate(Plus.self, of: array, index, rhs, at: location)
            case .minus: return elementUpdate(Minus.self, of: array, index, rhs, at: location)
            case .times: return elementUpdate(Times.self, of: array, index, rhs, at: location)
            case .divide: return elementUpdate(Divide.self, of: array, index, rhs, at: location)
            case .remainder: return elementUpdate(Remainder.self, of: array, index, rhs, at: location)
            }
        case .assign(.name(.local(let slot), _, _), let valueExpr, _):
            guard let operand = IntegerOperand(valueExpr), operand.readsVariable else { return nil }
            let compiled = integer(operand)
            return { interpreter, frame in
                guard let newValue = try compiled(interpreter, frame) else { return false }
                return frame.updateInteger(at: slot) { _ in newValue }
            }
        default:
            return nil
        }
    }

    /// `lhs op rhs` on two Int operands; nil when either is not an Int.
    func comparison(_ op: ComparisonOperator, _ lhs: IntegerOperand, _ rhs: IntegerOperand) -> CompiledComparison {
        switch op {
        case .equal: return comparison(Equal.self, lhs, rhs)
        case .notEqual: return comparison(NotEqual.self, lhs, rhs)
        case .less: return comparison(Less.self, lhs, rhs)
        case .greater: return comparison(Greater.self, lhs, rhs)
        case .lessOrEqual: return comparison(LessOrEqual.self, lhs, rhs)
        case .greaterOrEqual: return comparison(GreaterOrEqual.self, lhs, rhs)
        }
    }

    // A variable against a literal is the common shape (`value % 2`, `i < 100`); it reads the
    // slot in place rather than through another closure.
    private func arithmetic<Kernel: IntegerKernel>(
        _: Kernel.Type, _ lhs: IntegerOperand, _ rhs: IntegerOperand,
        at location: SourceLocation
    ) -> CompiledInteger {
        switch (lhs, rhs) {
        case (.slot(let slot), .literal(let b)):
            return { interpreter, frame in
                guard let a = frame.integer(at: slot) else { return nil }
                return try Kernel.apply(a, b, at: location)
            }
        case (.literal(let a), .slot(let slot)):
            return { interpreter, frame in
                guard let b = frame.integer(at: slot) else { return nil }
                return try Kernel.apply(a, b, at: location)
            }
        case (_, .literal(let b)):
            let left = integer(lhs)
            return { interpreter, frame in
                guard let a = try left(interpreter, frame) else { return nil }
                return try Kernel.apply(a, b, at: location)
            }
        default:
            let left = integer(lhs)
            let right = integer(rhs)
            return { interpreter, frame in
                guard let a = try left(interpreter, frame), let b = try right(interpreter, frame) else { return nil }
                return try Kernel.apply(a, b, at: location)
            }
        }
    }

    // The right side is evaluated before the variable is read, as Swift does.
    private func update<Kernel: IntegerKernel>(
        _: Kernel.Type, _ slot: Int, _ rhs: IntegerOperand,
        at location: SourceLocation
    ) -> CompiledIntegerStore {
        if case .literal(let b) = rhs {
            return { interpreter, frame in
                if try frame.updateInteger(at: slot, { try Kernel.apply($0, b, at: location) }) { return true }
                return try frame.updateScalar(at: slot, by: Kernel.binaryOperator, b, in: interpreter, at: location)
            }
        }
        let right = integer(rhs)
        return { interpreter, frame in
            guard let b = try right(interpreter, frame) else { return false }
            if try frame.updateInteger(at: slot, { try Kernel.apply($0, b, at: location) }) { return true }
            return try frame.updateScalar(at: slot, by: Kernel.binaryOperator, b, in: interpreter, at: location)
        }
    }

    /// `total op= rhs` on a global variable holding an Int, at the top level.
    private func globalUpdate<Kernel: IntegerKernel>(
        _: Kernel.Type, _ name: String, _ rhs: IntegerOperand,
        at location: SourceLocation
    ) -> CompiledIntegerStore {
        let right = integer(rhs)
        let site = GlobalSiteCache()
        return { interpreter, frame in
            // Inside a type a name that was not resolved may be a member: the general path finds it.
            guard frame.selfCell == nil, let global = site.global(name, in: interpreter), !global.isConstant,
                case .int(let a) = global.cell.value, let b = try right(interpreter, frame)
            else { return false }
            global.cell.value = .int(try Kernel.apply(a, b, at: location))
            return true
        }
    }

    /// `counts[i] op= rhs` on an array variable whose element there is an Int, changed in
    /// place. An index out of range, or anything not an Int, is left to the general path,
    /// which evaluates the operands again (they only read variables) and reports it.
    private func elementUpdate<Kernel: IntegerKernel>(
        _: Kernel.Type, of array: ArrayVariable, _ index: IntegerOperand, _ rhs: IntegerOperand,
        at location: SourceLocation
    ) -> CompiledIntegerStore {
        let position = integer(index)
        let right = integer(rhs)
        return { interpreter, frame in
            guard let cell = array.cell(interpreter, frame), let i = try position(interpreter, frame),
                let b = try right(interpreter, frame)
            else { return false }
            return try cell.value.updateIntegerElement(at: i) { try Kernel.apply($0, b, at: location) }
        }
    }

    /// `self.field op= rhs` on an object's plain Int field (`total += input`).
    private func fieldUpdate<Kernel: IntegerKernel>(
        _: Kernel.Type, _ site: MemberSiteCache, of access: SelfAccess,
        _ rhs: IntegerOperand,
        at location: SourceLocation
    ) -> CompiledIntegerStore {
        let right = integer(rhs)
        return { interpreter, frame in
            guard let b = try right(interpreter, frame) else { return false }
            return try frame.withObject(access) { object in
                guard let index = site.writableField(of: object.type, generation: interpreter.memberGeneration),
                    case .int(let a) = object.fields[index]
                else { return false }
                object.fields[index] = .int(try Kernel.apply(a, b, at: location))
                return true
            } ?? false
        }
    }

    private func comparison<Kernel: ComparisonKernel>(
        _: Kernel.Type, _ lhs: IntegerOperand,
        _ rhs: IntegerOperand
    ) -> CompiledComparison {
        switch (lhs, rhs) {
        case (.slot(let slot), .literal(let b)):
            return { interpreter, frame in
                guard let a = frame.integer(at: slot) else {
                    return frame.scalarComparison(at: slot, Kernel.binaryOperator, literal: b)
                }
                return Kernel.holds(a, b)
            }
        case (.slot(let left), .slot(let right)):
            return { interpreter, frame in
                guard let a = frame.integer(at: left), let b = frame.integer(at: right) else { return nil }
                return Kernel.holds(a, b)
            }
        case (_, .literal(let b)):
            let left = integer(lhs)
            return { interpreter, frame in
                guard let a = try left(interpreter, frame) else { return nil }
                return Kernel.holds(a, b)
            }
        default:
            let left = integer(lhs)
            let right = integer(rhs)
            return { interpreter, frame in
                guard let a = try left(interpreter, frame), let b = try right(interpreter, frame) else { return nil }
                return Kernel.holds(a, b)
            }
        }
    }
}
