import SwiftSyntax

// What the declarations tell about an operator's operands. Swift refuses an operator on a
// value declared `Any`, and a change to a local `let` constant; the interpreter's values
// know what they hold but not how they were declared, and its variables are all cells it
// can write, so without these checks it computed answers Swift does not compile.

/// Operators on a value declared `Any` or `AnyObject` (`let y: Any = 2; y + 1`, which gave
/// 3). The operands' declared types are read from the declarations the lowerer has seen:
/// variables of the function being lowered, globals (this input's so far and earlier
/// inputs'), and elements of collections of them. Where no declaration tells, nothing is
/// refused.
extension Lowerer {
    /// Throws Swift's error when an operand of `op` is declared `Any` or `AnyObject`.
    /// `spelling` is the operator as written (`+` or `+=`).
    func refuseOperatorOnAny(
        _ op: BinaryOperator, spelling: String, _ lhs: Expr, _ rhs: Expr, at location: SourceLocation
    ) throws {
        guard !Self.operatorsTakingAny.contains(op) else { return }
        let left = declaredType(of: lhs)
        let right = declaredType(of: rhs)
        guard let refused = [left, right].compactMap({ $0 }).first(where: Self.isUntyped) else { return }
        let message: String
        switch (left, right) {
        case (let left?, let right?) where left == right:
            message = "binary operator '\(spelling)' cannot be applied to two '\(left)' operands"
        case (let left?, let right?):
            message =
                "binary operator '\(spelling)' cannot be applied to operands of type '\(left)' and '\(right)'"
        default:
            message = "binary operator '\(spelling)' cannot be applied to an operand of type '\(refused)'"
        }
        throw ScriptError(
            .syntax, message, at: location,
            notes: ["cast the value to the type it holds first (`y as! Int`), or declare it with that type"])
    }

    /// Operators Swift applies to `Any` or `AnyObject` operands: identity, `??`, `&&`/`||`
    /// (whose own error differs) and pattern matching.
    private static let operatorsTakingAny: Set<BinaryOperator> = [
        .identical, .notIdentical, .nilCoalescing, .and, .or, .patternMatch,
    ]

    private static func isUntyped(_ type: TypeRef) -> Bool {
        type == .simple("Any") || type == .simple("AnyObject")
    }

    /// The type `expr` was declared with, as far as the declarations seen so far tell.
    private func declaredType(of expr: Expr) -> TypeRef? {
        switch expr {
        case .integerLiteral: return .simple("Int")
        case .floatLiteral: return .simple("Double")
        case .stringLiteral: return .simple("String")
        case .name(.dynamic(let name), _, _): return globalDeclaredTypes[name] ?? nil
        case .name(let reference, _, _): return scope.declaredType(reference)
        case .subscriptCall(let base, let arguments, _) where arguments.count == 1 && arguments[0].label == nil:
            return declaredType(of: base)?.subscriptResult
        case .forceUnwrap(let wrapped, _, _): return declaredType(of: wrapped)?.optionalWrapped
        default: return nil
        }
    }
}

/// Changes to a local `let` constant or parameter (`let total = 1; total += 1` in a function
/// gave 2).
extension Lowerer {
    /// Throws Swift's error for `=` or `op=` (`compound`) whose target is a local constant,
    /// or an element of one holding a collection. `let late: Int` may still be assigned its
    /// value once.
    func refuseChangingAConstant(
        _ target: Expr, compound: Bool, operatorAt location: SourceLocation,
        memberNameAt memberLocation: SourceLocation?
    ) throws {
        switch target {
        case .member(.name(let reference, "self", _), _, _, let implicitMemberLocation)
        where scope.isImmutableSelf(reference):
            // `count += 1` in a struct's method that is not `mutating`.
            if compound {
                throw ScriptError(
                    .syntax, "left side of mutating operator isn't mutable: 'self' is immutable", at: location,
                    notes: ["mark the method 'mutating' to make 'self' mutable"])
            }
            throw ScriptError(
                .syntax, "cannot assign to property: 'self' is immutable",
                at: memberLocation ?? implicitMemberLocation,
                notes: ["mark the method 'mutating' to make 'self' mutable"])
        case .member(.name(let reference, let name, _), _, _, _):
            // `p.x = 1` on `let p` holding a struct: its properties are part of its value.
            // Only a property of the variable itself: `p.box.x = 1` is allowed when `box`
            // holds an object, which the lowerer cannot tell.
            guard let constant = scope.constant(reference), constant.holdsStruct else { return }
            if compound {
                throw ScriptError(
                    .syntax, "left side of mutating operator isn't mutable: '\(name)' is a 'let' constant",
                    at: location, notes: [constant.fix])
            }
            throw ScriptError(
                .syntax, "cannot assign to property: '\(name)' is a 'let' constant", at: memberLocation ?? location,
                notes: [constant.fix])
        case .name(let reference, let name, let targetLocation):
            guard let constant = scope.constant(reference) else { return }
            if compound {
                throw ScriptError(
                    .syntax, "left side of mutating operator isn't mutable: '\(name)' is a 'let' constant",
                    at: location, notes: [constant.fix])
            }
            guard constant.isInitialized else { return }
            throw ScriptError(
                .syntax, "cannot assign to value: '\(name)' is a 'let' constant", at: targetLocation,
                notes: [constant.fix])
        case .subscriptCall(.name(let reference, let name, let nameLocation), _, _):
            guard let constant = scope.constant(reference), constant.isCollection else { return }
            // Swift points at the subscript's `[`, just after the name.
            let subscriptLocation = SourceLocation(line: nameLocation.line, column: nameLocation.column + name.count)
            if compound {
                throw ScriptError(
                    .syntax, "left side of mutating operator isn't mutable: '\(name)' is a 'let' constant",
                    at: location, notes: [constant.fix])
            }
            throw ScriptError(
                .syntax, "cannot assign through subscript: '\(name)' is a 'let' constant", at: subscriptLocation,
                notes: [constant.fix])
        default:
            return
        }
    }

    /// Whether a variable declared with `type` or made by `initializer` holds one of the
    /// structs this input or an earlier one declared.
    func holdsStruct(_ type: TypeRef?, _ initializer: Expr?) -> Bool {
        if let type {
            guard case .named(let parts, _) = type else { return false }
            return structTypeNames.contains(parts.joined(separator: "."))
        }
        guard case .call(.name(.dynamic(let callee), _, _), _, _, _)? = initializer else { return false }
        return structTypeNames.contains(callee)
    }

    /// Whether a variable declared with `type` or made by `initializer` is an Array or a
    /// Dictionary.
    static func isCollection(_ type: TypeRef?, _ initializer: Expr?) -> Bool {
        switch type {
        case .array?, .dictionary?: return true
        case .some: return false
        case nil: break
        }
        switch initializer {
        case .arrayLiteral?, .dictionaryLiteral?: return true
        case .call(.name(_, let callee, _), _, _, _)?: return callee == "Array" || callee == "Dictionary"
        default: return false
        }
    }
}

/// Values of the basic types (`Int`, the fixed-width integers, `Double`, `String`, `Bool`)
/// mixed where Swift converts nothing: an operator between two number types
/// (`let total = 0; total + price` with `price` a Double, `count * 1.5`, `n + m` with `m` an
/// `Int64`), a value stored, passed or returned as another type (`let d: Double = n`,
/// `name = count`, `area(2.5, k)`, `return price` from a `-> Int` function), an Optional
/// stored or passed as its value. Swift refuses to compile them; the interpreter's values
/// would have mixed them. A type is known where a declaration says it (`let price: Double`, a parameter
/// `_ n: Int`, a property in its type's methods) or a literal alone gives it
/// (`var total = 0` is an `Int`, `let rate = 0.5` a `Double`, `var name = ""` a `String`);
/// where none does (a closure's `$0`, a call, another value's property), nothing is refused.
/// Integers of different types may be compared (`BinaryInteger`'s heterogeneous
/// comparisons) and shifted by each other.
extension Lowerer {
    func refuseMixedNumberTypes(
        _ op: BinaryOperator, spelling: String, compound: Bool, _ lhs: Expr, _ rhs: Expr,
        at location: SourceLocation
    ) throws {
        guard let left = basicType(of: lhs), let right = basicType(of: rhs), left != right,
            Self.isNumber(left), Self.isNumber(right)
        else { return }
        switch op {
        case .plus, .minus, .times, .divide, .remainder, .wrappingPlus, .wrappingMinus, .wrappingTimes,
            .bitAnd, .bitOr, .bitXor, .closedRange, .halfOpenRange:
            break
        case .equal, .notEqual, .less, .greater, .lessOrEqual, .greaterOrEqual:
            if Self.isInteger(left) && Self.isInteger(right) { return }
        default:
            return
        }
        let message =
            compound
            ? "cannot convert value of type '\(right)' to expected argument type '\(left)'"
            : "binary operator '\(spelling)' cannot be applied to operands of type '\(left)' and '\(right)'"
        let conversion = compound || Self.isInteger(left) == Self.isInteger(right) ? left : "Double"
        // Swift points at the value it cannot convert; at the operator otherwise.
        throw ScriptError(
            .syntax, message, at: compound ? rhs.location : location,
            notes: ["Swift converts neither side: convert one, as in `\(conversion)(value)`"])
    }

    /// A value of one basic type given to a variable of another (`let d: Double = n`,
    /// `name = n` with `n` an `Int`): Swift converts it no more than an operator's operand.
    /// `target` is the variable's basic type, if it has one.
    func refuseConversion(of value: Expr, to target: String?, assigning: Bool) throws {
        guard let target else { return }
        try refuseOptional(value, as: target)
        guard let given = givenType(of: value, for: target), given != target else { return }
        let message: String
        if assigning {
            message = "cannot assign value of type '\(given)' to type '\(target)'"
        } else if target == "Bool", case .integerLiteral(let number, _) = value {
            message = "integer literal value '\(number)' cannot be used as a boolean; did you mean '\(number != 0)'?"
        } else if target == "Bool", given == "Int" {
            message = "type 'Int' cannot be used as a boolean; test for '!= 0' instead"
        } else {
            message = "cannot convert value of type '\(given)' to specified type '\(target)'"
        }
        throw ScriptError(
            .syntax, message, at: value.location, notes: ["Swift converts nothing here: write `\(target)(value)`"])
    }

    /// A `return` of a value of one basic type from a function declared to return another
    /// (`func g() -> Int { return price }` with `price` a Double).
    func refuseReturning(_ value: Expr) throws {
        guard let target = scope.returnBasicType, let given = givenType(of: value, for: target), given != target
        else { return }
        throw ScriptError(
            .syntax, "cannot convert return expression of type '\(given)' to return type '\(target)'",
            at: value.location, notes: ["Swift converts nothing here: write `\(target)(value)`"])
    }

    /// `value`, declared an Optional of `target`, given where a `target` is wanted
    /// (`let v: Int = counts["a"]`): storing or passing it does not unwrap it (a `T!` it does).
    private func refuseOptional(_ value: Expr, as target: String) throws {
        guard let declared = declaredType(of: value), Self.isPlainOptional(declared),
            let wrapped = declared.optionalWrapped, Self.basicType(declared: wrapped) == target
        else { return }
        throw ScriptError(
            .syntax, "value of optional type '\(target)?' must be unwrapped to a value of type '\(target)'",
            at: value.location,
            notes: ["unwrap it: `if let`, `guard let`, `?? defaultValue`, or `!` when it cannot be nil"])
    }

    /// `T?` or `Optional<T>`, not `T!`, which Swift unwraps where a `T` is wanted.
    private static func isPlainOptional(_ type: TypeRef) -> Bool {
        switch type {
        case .optional: true
        case .named(let parts, let arguments): parts == ["Optional"] && arguments.count == 1
        default: false
        }
    }

    /// Arguments of one basic type passed to parameters of another, in a call of one of this
    /// input's top-level functions (`average(total, count)` with `count` an `Int` where a
    /// `Double` is declared), and Optionals passed where their wrapped type is. Only a call by
    /// the function's name, outside a type (where the name might be a method's), of a function
    /// no other shares a name with, whose parameters have no defaults and are not variadic.
    func refuseArguments(_ arguments: [Argument], to callee: Expr) throws {
        guard case .name(.dynamic(let name), _, _) = callee, !scope.isInsideType,
            let signatures = topLevelFunctionSignatures[name], signatures.count == 1, signatures[0].isJudged,
            case let parameters = signatures[0].parameters, parameters.count == arguments.count,
            zip(parameters, arguments).allSatisfy({ $0.label == $1.label })
        else { return }
        for (parameter, argument) in zip(parameters, arguments) where !argument.isInout {
            guard let target = parameter.basicType else { continue }
            try refuseArgument(argument.value, as: target)
        }
    }

    /// An element of another basic type appended to, or inserted into, an array declared with
    /// one (`names.append(5)` for a `[String]`, `prices.insert(count, at: 0)` for a `[Double]`).
    func refuseElement(_ arguments: [Argument], to callee: Expr) throws {
        guard case .member(let base, let method, _, _) = callee,
            (method == "append" && arguments.count == 1)
                || (method == "insert" && arguments.count == 2 && arguments[1].label == "at"),
            arguments[0].label == nil
        else { return }
        // In a type's member, a name not declared in it may be a property, not the global.
        if case .name(.dynamic, _, _) = base, scope.isInsideType { return }
        guard case .array(let element)? = declaredType(of: base), let target = Self.basicType(declared: element) else {
            return
        }
        try refuseArgument(arguments[0].value, as: target)
    }

    /// `value` passed where a `target` is declared: an Optional of it, or another basic type.
    private func refuseArgument(_ value: Expr, as target: String) throws {
        try refuseOptional(value, as: target)
        guard let given = givenType(of: value, for: target), given != target else { return }
        throw ScriptError(
            .syntax, "cannot convert value of type '\(given)' to expected argument type '\(target)'",
            at: value.location, notes: ["Swift converts nothing here: write `\(target)(value)`"])
    }

    /// The basic type `value` has where a `target` is wanted: an integer literal takes a
    /// number type, but is an `Int` where a `String` or a `Bool` is wanted.
    private func givenType(of value: Expr, for target: String) -> String? {
        if let known = basicType(of: value) { return known }
        return !Self.isNumber(target) && Self.isIntegerLiteralArithmetic(value) ? "Int" : nil
    }

    /// Notes the parameters of the top-level functions in `items`, before any is lowered: a
    /// call may come before the function it calls.
    func noteTopLevelFunctionSignatures(_ items: CodeBlockItemListSyntax) {
        for item in items {
            guard let function = item.item.as(DeclSyntax.self)?.as(FunctionDeclSyntax.self) else { continue }
            var signature = BasicSignature(parameters: [], isJudged: true)
            for parameter in function.signature.parameterClause.parameters {
                // A call may leave a defaulted parameter out, or pass a variadic one many values.
                if parameter.defaultValue != nil || parameter.ellipsis != nil { signature.isJudged = false }
                let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
                signature.parameters.append(
                    BasicParameter(label: label, basicType: Self.basicType(written: parameter.type)))
            }
            topLevelFunctionSignatures[function.name.text, default: []].append(signature)
        }
    }

    /// A float literal's type when nothing else gives it one: what Swift names in its error.
    private static let floatLiteralType = "Double"

    /// The basic type `expr` has, as far as declarations and literals tell: an integer
    /// literal has none (it takes the other side's), nor has arithmetic on two types.
    func basicType(of expr: Expr) -> String? {
        switch expr {
        case .floatLiteral: return Self.floatLiteralType
        case .stringLiteral, .interpolatedString: return "String"
        case .literal(.bool, _): return "Bool"
        case .prefix(.negate, let operand, _), .prefix(.plus, let operand, _): return basicType(of: operand)
        case .name(.dynamic(let name), _, _):
            // In a type's member, a name not declared in it is a property or a global: only a
            // property's type is taken.
            return scope.isInsideType ? scope.propertyBasicType(name) : globalBasicTypes[name]
        case .name(let reference, _, _): return scope.basicType(reference)
        case .member(.selfReference, let name, _, _), .member(.name(_, "self", _), let name, _, _):
            // `self.total`, or `total` in a method (read through `self`).
            return scope.propertyBasicType(name)
        case .binary(let op, let lhs, let rhs, _) where op.givesItsOperandsType:
            // `total + 1`, `price * 2`: the type both sides have, or the one a literal takes.
            let left = basicType(of: lhs)
            let right = basicType(of: rhs)
            if left == right { return left }
            if case .integerLiteral = lhs { return right }
            if case .integerLiteral = rhs { return left }
            return nil
        default: return nil
        }
    }

    /// The basic type of a variable declared with `declared` (`Double`, `TimeInterval`) or,
    /// with none written, given by its initializer: a literal (`0` is an `Int`, `""` a
    /// `String`), or a value whose type is known (`var x = total`, `let due = price * 2`).
    func basicType(declared: TypeRef?, initializer: Expr?) -> String? {
        if let declared { return Self.basicType(declared: declared) }
        guard let initializer else { return nil }
        // Integer literals alone (`0`, `-1`, `60 * 60`) make an `Int` where nothing else gives a type.
        return basicType(of: initializer) ?? (Self.isIntegerLiteralArithmetic(initializer) ? "Int" : nil)
    }

    private static func isIntegerLiteralArithmetic(_ expr: Expr) -> Bool {
        switch expr {
        case .integerLiteral: true
        case .prefix(.negate, let operand, _), .prefix(.plus, let operand, _): isIntegerLiteralArithmetic(operand)
        case .binary(let op, let lhs, let rhs, _) where op.givesItsOperandsType:
            isIntegerLiteralArithmetic(lhs) && isIntegerLiteralArithmetic(rhs)
        default: false
        }
    }

    /// Notes the basic type of each instance property of `typeName` declared with one, or
    /// with a literal alone (`var total = 0.0`).
    func noteMemberBasicTypes(_ members: MemberBlockItemListSyntax, of typeName: String) {
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let basicType: String?
                if let written = binding.typeAnnotation?.type {
                    basicType = Self.basicType(written: written)
                } else {
                    basicType = binding.initializer.flatMap { Self.literalBasicType($0.value) }
                }
                memberBasicTypes[typeName, default: [:]][name] = basicType
            }
        }
    }

    /// `Int` for an integer literal, `Double` for a float literal (either negated), `String`
    /// and `Bool` for theirs.
    private static func literalBasicType(_ syntax: ExprSyntax) -> String? {
        if syntax.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if syntax.is(FloatLiteralExprSyntax.self) { return floatLiteralType }
        if syntax.is(StringLiteralExprSyntax.self) { return "String" }
        if syntax.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let prefix = syntax.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return literalBasicType(prefix.expression)
        }
        return nil
    }

    /// The basic type a type written in the source names (`Double`), before it is lowered.
    private static func basicType(written: TypeSyntax) -> String? {
        guard let identifier = written.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else {
            return nil
        }
        return basicTypeNames[identifier.name.text]
    }

    /// The basic type a written type names, if it names one.
    static func basicType(declared: TypeRef) -> String? {
        guard case .named(let parts, let arguments) = declared, parts.count == 1, arguments.isEmpty else {
            return nil
        }
        return basicTypeNames[parts[0]]
    }

    /// Basic types by the names that spell them (`TimeInterval` is `Double`). `CGFloat` is
    /// left out: Swift converts between it and `Double` (SE-0307).
    private static let basicTypeNames: [String: String] = {
        let spelled =
            ["Int", "Double", "Float", "String", "Bool"] + FixedWidthIntegerType.Kind.allCases.map(\.rawValue)
        var names = Dictionary(uniqueKeysWithValues: spelled.map { ($0, $0) })
        names["TimeInterval"] = "Double"
        names["Float64"] = "Double"
        names["Float32"] = "Float"
        return names
    }()

    private static func isInteger(_ type: String) -> Bool { isNumber(type) && type != "Double" && type != "Float" }
    private static func isNumber(_ type: String) -> Bool { type != "String" && type != "Bool" }
}

/// A top-level function's parameters as the argument check sees them (`refuseArguments`):
/// each one's label and basic type, if any; not judged when a call may leave one out.
struct BasicSignature {
    var parameters: [BasicParameter]
    var isJudged: Bool
}

struct BasicParameter {
    let label: String?
    let basicType: String?
}
