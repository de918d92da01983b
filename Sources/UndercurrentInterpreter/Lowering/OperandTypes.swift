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

/// Values of the basic types (`Int`, the fixed-width integers, `Double`, `String`, `Bool`,
/// and arrays and dictionaries of them) mixed where Swift converts nothing: an operator between two
/// types (`let total = 0; total + price` with `price` a Double, `count * 1.5`, `n + m` with
/// `m` an `Int64`, `"count: " + n`, `ints + doubles`), a value or an array literal's element
/// stored, passed or returned as another type (`let d: Double = n`, `name = count`,
/// `area(2.5, k)`, `return price` from a `-> Int` function, `let xs: [Int] = [1.5]`), an
/// Optional stored or passed as its value. Swift refuses to compile them; the interpreter's
/// values would have mixed them. A type is known where a declaration says it
/// (`let price: Double`, a parameter `_ n: Int`, a property in its type's methods, a function's
/// return type) or a literal alone gives it (`var total = 0` is an `Int`, `let rate = 0.5` a
/// `Double`, `var names = ["a"]` a `[String]`), and from those, an element, a `count`, a loop's
/// variable, a conversion, a call of a top-level function, an instance's property, the
/// parameters of a closure given an array's elements; where none does (a closure's `$0`
/// elsewhere, a method's result), nothing is refused. Integers of
/// different types may be compared (`BinaryInteger`'s heterogeneous comparisons) and
/// shifted by each other.
extension Lowerer {
    /// `context` is the basic type the operation's result is wanted as, where it is the
    /// value of a declaration, a `return` or an assignment (`lowerExpr(_:wantedAs:)`).
    func refuseMixedBasicTypes(
        _ op: BinaryOperator, spelling: String, compound: Bool, _ lhs: Expr, _ rhs: Expr,
        context: String? = nil, at location: SourceLocation
    ) throws {
        guard let left = basicType(of: lhs), let right = basicType(of: rhs), left != right else { return }
        if Self.isCollection(left) || Self.isCollection(right) {
            // `prices + counts`, `a == b` between a `[Double]` and an `[Int]`; `==` between
            // two dictionaries.
            let arrays = Self.elementType(ofArray: left) != nil && Self.elementType(ofArray: right) != nil
            let dictionaries = Self.dictionaryTypes(of: left) != nil && Self.dictionaryTypes(of: right) != nil
            guard
                (arrays && [.plus, .equal, .notEqual].contains(op))
                    || (dictionaries && [.equal, .notEqual].contains(op))
            else { return }
            throw ScriptError(
                .syntax,
                "binary operator '\(spelling)' cannot be applied to operands of type '\(left)' and '\(right)'",
                at: location, notes: [Self.conversionNote(to: left)])
        }
        if !compound, op.givesItsOperandsType, let context, left == context || right == context {
            // `let x: Double = n * d`: Swift takes the operator of the wanted type, and names
            // the operand that is not of it.
            let (other, operand) = left == context ? (right, rhs) : (left, lhs)
            throw ScriptError(
                .syntax, "cannot convert value of type '\(other)' to expected argument type '\(context)'",
                at: diagnosticLocation(of: operand), notes: [Self.conversionNote(to: context)])
        }
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
        // Swift points at the value it cannot convert; at the operator otherwise.
        throw ScriptError(
            .syntax, message, at: compound ? diagnosticLocation(of: rhs) : location,
            notes: [Self.mixedTypesNote(left, right, compound: compound)])
    }

    /// How to make one type of two: convert a number, or put a value in a string.
    private static func mixedTypesNote(_ left: String, _ right: String, compound: Bool) -> String {
        if left == "String" || right == "String" {
            return "Swift adds no number to a string: write it into the string, as in `\"count: \\(n)\"`"
        }
        guard isNumber(left), isNumber(right) else { return "Swift converts neither side" }
        let conversion = compound || isInteger(left) == isInteger(right) ? left : "Double"
        return "Swift converts neither side: convert one, as in `\(conversion)(value)`"
    }

    /// A value of one basic type given to a variable of another (`let d: Double = n`,
    /// `name = n` with `n` an `Int`): Swift converts it no more than an operator's operand.
    /// `target` is the variable's basic type, if it has one.
    /// An assignment's error is at its `=` (`operatorAt`) where the value is a collection.
    func refuseConversion(
        of value: Expr, to target: String?, assigning: Bool, operatorAt: SourceLocation? = nil
    ) throws {
        guard let target else { return }
        try refuseChoosingByResult(value, wanted: target)
        try refuseOptional(value, as: target)
        try refuseElements(of: value, as: target)
        guard let given = givenType(of: value, for: target), given != target else { return }
        let message: String
        var location = diagnosticLocation(of: value)
        if Self.isCollection(given) {
            // Swift words a collection's mismatch as an assignment, declared or assigned; an
            // assignment's is at its `=`.
            message = "cannot assign value of type '\(given)' to type '\(target)'"
            if assigning, let operatorAt { location = operatorAt }
        } else if assigning {
            message = "cannot assign value of type '\(given)' to type '\(target)'"
        } else if target == "Bool", case .integerLiteral(let number, _) = value {
            message = "integer literal value '\(number)' cannot be used as a boolean; did you mean '\(number != 0)'?"
        } else if target == "Bool", given == "Int" {
            message = "type 'Int' cannot be used as a boolean; test for '!= 0' instead"
        } else {
            message = "cannot convert value of type '\(given)' to specified type '\(target)'"
        }
        throw ScriptError(.syntax, message, at: location, notes: [Self.conversionNote(to: target)])
    }

    /// A `return` of a value of one basic type from a function declared to return another
    /// (`func g() -> Int { return price }` with `price` a Double).
    func refuseReturning(_ value: Expr) throws {
        guard let target = scope.returnBasicType else { return }
        try refuseChoosingByResult(value, wanted: target)
        try refuseElements(of: value, as: target)
        guard let given = givenType(of: value, for: target), given != target else { return }
        throw ScriptError(
            .syntax, "cannot convert return expression of type '\(given)' to return type '\(target)'",
            at: diagnosticLocation(of: value), notes: [Self.conversionNote(to: target)])
    }

    /// An array literal given where an array of one basic type is wanted
    /// (`let xs: [Int] = [1.5]`), one of whose elements is of another.
    private func refuseElements(of value: Expr, as target: String) throws {
        switch value {
        case .arrayLiteral(let elements, _):
            guard let element = Self.elementType(ofArray: target) else { return }
            for item in elements { try refuse(item, as: element, "element") }
        case .dictionaryLiteral(let pairs, _):
            // `let counts: [String: Int] = ["a": 1.5]`
            guard let (keyType, valueType) = Self.dictionaryTypes(of: target) else { return }
            for (key, value) in pairs {
                try refuse(key, as: keyType, "dictionary key")
                try refuse(value, as: valueType, "dictionary value")
            }
        default:
            return
        }
        func refuse(_ item: Expr, as wanted: String, _ role: String) throws {
            guard let given = givenType(of: item, for: wanted), given != wanted else { return }
            throw ScriptError(
                .syntax, "cannot convert value of type '\(given)' to expected \(role) type '\(wanted)'",
                at: diagnosticLocation(of: item), notes: [Self.conversionNote(to: wanted)])
        }
    }

    /// How to convert a value to `target`: by its initializer, or element by element.
    private static func conversionNote(to target: String) -> String {
        if let element = elementType(ofArray: target) {
            return "Swift converts no array's elements: map them, as in `values.map(\(element).init)`"
        }
        if let (_, value) = dictionaryTypes(of: target) {
            return "Swift converts no dictionary's values: map them, as in `values.mapValues(\(value).init)`"
        }
        return "Swift converts nothing here: write `\(target)(value)`"
    }

    /// `value`, declared an Optional of `target`, given where a `target` is wanted
    /// (`let v: Int = counts["a"]`): storing or passing it does not unwrap it (a `T!` it does).
    private func refuseOptional(_ value: Expr, as target: String) throws {
        guard isOptional(value, of: target) else { return }
        throw ScriptError(
            .syntax, "value of optional type '\(target)?' must be unwrapped to a value of type '\(target)'",
            at: diagnosticLocation(of: value),
            notes: ["unwrap it: `if let`, `guard let`, `?? defaultValue`, or `!` when it cannot be nil"])
    }

    /// Whether `value` is an Optional of `target` (`optionalBasicType(of:)`).
    private func isOptional(_ value: Expr, of target: String) -> Bool {
        optionalBasicType(of: value) == target
    }

    /// The basic type `expr` is an Optional of, where that is known: a variable declared
    /// `Int?` or made from an Optional (`let n = Int("5")`), a dictionary's value
    /// (`counts["a"]`), an array's `first`, `last`, `min()`, `max()`, a number read from a
    /// string (`Int(text)`).
    func optionalBasicType(of expr: Expr) -> String? {
        switch expr {
        case .name:
            if let wrapped = typeFacts(of: expr)?.optionalType { return wrapped }
        case .subscriptCall(let base, let arguments, _) where arguments.count == 1 && arguments[0].label == nil:
            if let (_, valueType) = Self.dictionaryTypes(of: basicType(of: base)) { return valueType }
        case .member(let base, "first", _, _), .member(let base, "last", _, _):
            return Self.elementType(ofArray: basicType(of: base))
        case .call(.member(let base, let method, _, _), let arguments, _, _)
        where arguments.isEmpty && ["min", "max", "randomElement"].contains(method):
            return Self.elementType(ofArray: basicType(of: base))
        case .call(.name(.dynamic(let name), _, _), let arguments, _, _):
            // `Int("5")`; a number from a number is none (`basicType(ofCallTo:_:)`).
            guard let number = Self.basicTypeNames[name], Self.isNumber(number), arguments.count == 1,
                arguments[0].label == nil, basicType(of: arguments[0].value) == "String"
            else { return nil }
            return number
        default:
            break
        }
        guard let declared = declaredType(of: expr), Self.isPlainOptional(declared),
            let wrapped = declared.optionalWrapped
        else { return nil }
        return Self.basicType(declared: wrapped)
    }

    /// An Optional of a basic type as an operand of an operator that takes none
    /// (`count + 1` with `count` an `Int?`, `counts["a"] * 2`, `prices.first < 3`): Swift
    /// refuses it until it is unwrapped. `==`, `!=` and `??` take Optionals.
    func refuseOptionalOperands(_ op: BinaryOperator, _ operands: [Expr]) throws {
        switch op {
        case .plus, .minus, .times, .divide, .remainder, .wrappingPlus, .wrappingMinus, .wrappingTimes, .bitAnd,
            .bitOr, .bitXor, .less, .greater, .lessOrEqual, .greaterOrEqual:
            break
        default:
            return
        }
        for operand in operands {
            guard let wrapped = optionalBasicType(of: operand), !Self.isCollection(wrapped) else { continue }
            throw ScriptError(
                .syntax, "value of optional type '\(wrapped)?' must be unwrapped to a value of type '\(wrapped)'",
                at: diagnosticLocation(of: operand),
                notes: ["unwrap it: `if let`, `guard let`, `?? defaultValue`, or `!` when it cannot be nil"])
        }
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
    /// input's top-level functions or of a method of one of its types (`average(total, count)`
    /// with `count` an `Int` where a `Double` is declared, `cart.add(2.5)` to an
    /// `add(_ n: Int)`), and Optionals passed where their wrapped type is: only where it is
    /// known what is called (`judgedParameterTypes`).
    func refuseArguments(_ arguments: [Argument], to callee: Expr) throws {
        guard let parameterTypes = judgedParameterTypes(of: callee, labels: arguments.map(\.label)) else { return }
        for (target, argument) in zip(parameterTypes, arguments) where !argument.isInout {
            guard let target else { continue }
            try refuseArgument(argument.value, as: target)
        }
    }

    /// The basic types of the parameters of what `callee` calls with arguments of these
    /// labels, where the arguments are judged: one of the input's top-level functions, called
    /// by its name outside a type (where the name might be a method's), no other sharing its
    /// name, its parameters without defaults and not variadic; or a method of a type the input
    /// declares (`methodParameterTypes`).
    private func judgedParameterTypes(of callee: Expr, labels: [String?]) -> [String?]? {
        if case .name(.dynamic(let name), _, _) = callee, !scope.isInsideType {
            guard let signatures = topLevelFunctionSignatures[name], signatures.count == 1, signatures[0].isJudged,
                case let parameters = signatures[0].parameters, parameters.map(\.label) == labels
            else { return nil }
            return parameters.map(\.basicType)
        }
        return methodParameterTypes(of: callee, labels: labels)
    }

    /// The arguments of a call of a variable declared with a function type (`f(3)`, `f` a
    /// `(Double) -> Double`): one of another basic type than its parameter's is refused, and
    /// an integer literal is made of its parameter's type, as Swift types it (`f(3)` passes
    /// 3.0, whatever closure `f` holds).
    func typedArguments(_ arguments: [Argument], to callee: Expr) throws -> [Argument] {
        guard case .function(let parameters, _)? = functionType(of: callee), parameters.count == arguments.count else {
            return arguments
        }
        var typed = arguments
        for (index, parameter) in parameters.enumerated() {
            let argument = arguments[index]
            guard argument.label == nil, !argument.isInout, let target = Self.basicType(declared: parameter),
                !Self.isCollection(target)
            else { continue }
            try refuseArgument(argument.value, as: target)
            if target != "Int", Self.isIntegerLiteralArithmetic(argument.value) {
                typed[index].value = .cast(argument.value, .coerce, parameter, argument.value.location)
            }
        }
        return typed
    }

    /// The value given to a subject of Doubles, or to the initializer of a `Just` or a
    /// `CurrentValueSubject` written with its types: integer-literal arithmetic there is
    /// Double arithmetic, as Swift types it (`subject.send(1 / 4)` sends 0.25, not the 0
    /// of an Int division made a Double afterwards).
    func publisherValueArguments(_ arguments: [Argument], to callee: Expr) -> [Argument] {
        guard arguments.count == 1, arguments[0].label == nil, !arguments[0].isInout,
            Self.isIntegerLiteralArithmetic(arguments[0].value)
        else { return arguments }
        let output: TypeRef
        switch callee {
        case .member(let base, "send", _, _):
            guard let basic = publisherOutput(of: base) else { return arguments }
            output = .named([basic], [])
        case .specialize(.name(.dynamic(let name), _, _), let written, _)
        where ["Just", "CurrentValueSubject"].contains(name) && !written.isEmpty:
            output = written[0]
        default:
            return arguments
        }
        guard let basic = Self.basicType(declared: output), basic != "Int", Self.isNumber(basic) else {
            return arguments
        }
        var typed = arguments
        typed[0].value = .cast(arguments[0].value, .coerce, output, arguments[0].value.location)
        return typed
    }

    /// The function type the variable `callee` names was declared with, if any.
    private func functionType(of callee: Expr) -> TypeRef? {
        typeFacts(of: callee)?.functionType
    }

    /// The basic types the arguments of `call` are passed as, by their syntax, where the
    /// callee is one of the input's top-level functions (as `refuseArguments` judges them):
    /// an operator in an argument is then worded as Swift words it (`area(n * d)`).
    func argumentTypes(of call: FunctionCallExprSyntax, callee: Expr) -> [SyntaxIdentifier: String] {
        guard
            let parameterTypes = judgedParameterTypes(
                of: callee, labels: call.arguments.map { $0.label?.text })
        else { return [:] }
        var wanted: [SyntaxIdentifier: String] = [:]
        for (type, argument) in zip(parameterTypes, call.arguments) {
            if let type { wanted[argument.expression.id] = type }
        }
        return wanted
    }

    /// An element of another basic type appended to, or inserted into, an array declared with
    /// one (`names.append(5)` for a `[String]`, `prices.insert(count, at: 0)` for a `[Double]`).
    func refuseElement(_ arguments: [Argument], to callee: Expr) throws {
        if case .member(let base, "append", _, _) = callee, arguments.count == 1, arguments[0].label == "contentsOf",
            let target = basicType(of: base), Self.elementType(ofArray: target) != nil
        {
            // `xs.append(contentsOf: [0.5])` on an `[Int]`.
            try refuseElements(of: arguments[0].value, as: target)
            return
        }
        guard case .member(let base, let method, _, _) = callee,
            (method == "append" && arguments.count == 1)
                || (method == "insert" && arguments.count == 2 && arguments[1].label == "at"),
            arguments[0].label == nil
        else { return }
        guard let target = Self.elementType(ofArray: basicType(of: base)) else { return }
        try refuseArgument(arguments[0].value, as: target)
    }

    /// `value` passed where a `target` is declared: an Optional of it, or another basic type.
    private func refuseArgument(_ value: Expr, as target: String) throws {
        try refuseChoosingByResult(value, wanted: target)
        try refuseOptional(value, as: target)
        try refuseElements(of: value, as: target)
        guard let given = givenType(of: value, for: target), given != target else { return }
        throw ScriptError(
            .syntax, "cannot convert value of type '\(given)' to expected argument type '\(target)'",
            at: diagnosticLocation(of: value), notes: [Self.conversionNote(to: target)])
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
            var signature = BasicSignature(
                parameters: [], isJudged: true,
                returnType: function.signature.returnClause.flatMap { Self.basicType(written: $0.type) })
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
        // `cart.total()`, `self.total()`, or `total()` in an instance member (the type's
        // method, which Swift calls rather than a global function of the name).
        if case .call(let callee, let arguments, _, _) = expr, let (type, name, _) = method(calledBy: callee) {
            return methodReturnType(name, arguments.map(\.label), ofInstanceOf: type)
        }
        switch expr {
        case .floatLiteral: return Self.floatLiteralType
        case .stringLiteral, .interpolatedString: return "String"
        case .literal(.bool, _): return "Bool"
        case .prefix(.negate, let operand, _), .prefix(.plus, let operand, _): return basicType(of: operand)
        case .name(.dynamic(let name), _, _):
            // In a type's member, a name not declared in it is a property or a global: only a
            // property's type is taken.
            return scope.isInsideType ? scope.propertyBasicType(name) : globalTypeFacts[name]?.basicType
        case .name(let reference, _, _): return scope.typeFacts(reference)?.basicType
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
        case .subscriptCall(let base, let arguments, _) where arguments.count == 1 && arguments[0].label == nil:
            // `prices[0]`: an element, where the index is an Int (a range gives a slice).
            guard let element = Self.elementType(ofArray: basicType(of: base)),
                Self.isIntegerLiteralArithmetic(arguments[0].value) || basicType(of: arguments[0].value) == "Int"
            else { return nil }
            return element
        case .member(let base, let name, _, _):
            // `prices.count`, `name.isEmpty`, of an array or a string.
            if let type = basicType(of: base) {
                guard type == "String" || Self.isCollection(type) else { return nil }
                return name == "count" ? "Int" : name == "isEmpty" ? "Bool" : nil
            }
            // `cart.total`, a property of an instance of a type this input declares.
            return instanceType(of: base).flatMap { propertyBasicType(name, ofInstanceOf: $0) }
        case .tryExpr(.plain, let inner, _), .tryExpr(.forced, let inner, _), .awaitExpr(let inner, _):
            return basicType(of: inner)
        case .call(.name(.dynamic(let name), _, _), let arguments, _, _):
            return basicType(ofCallTo: name, arguments)
        case .call(.member(let base, let method, _, _), let arguments, _, _):
            // `ints.map { $0 * 2 }` is an `[Int]`; `filter` and `sorted` keep the array's type.
            guard let type = basicType(of: base), Self.elementType(ofArray: type) != nil else { return nil }
            switch method {
            case "filter", "sorted", "shuffled": return type
            case "map": return closureResult(arguments).map { "[\($0)]" }
            default: return nil
            }
        case .call(.typeExpr(let type, _), let arguments, _, _) where arguments.isEmpty:
            // `[Int]()`, an empty array of that type.
            return Self.basicType(declared: type).flatMap { Self.elementType(ofArray: $0) != nil ? $0 : nil }
        default: return nil
        }
    }

    /// Lowers `expr` as the value of a place whose basic type is `type` (a declaration's
    /// written type, a function's return type, an assignment's target), so that an operator
    /// between two number types at its top is refused as Swift words it there.
    func lowerExpr(_ expr: ExprSyntax, wantedAs type: String?) throws -> Expr {
        let outer = contextualExpression
        contextualExpression = type.map { (expr.id, $0) }
        defer { contextualExpression = outer }
        return try lowerExpr(expr)
    }

    /// Notes the basic types the closures passed in `call` take, where its callee gives
    /// them: an array's methods (`prices.map { $0 * 2 }`, `reduce(0.0) { $0 + $1 }`) and the
    /// operators of its publisher (`prices.publisher.map { … }`, `.sink { … }`) pass its
    /// elements.
    func noteClosureTypes(of call: FunctionCallExprSyntax, callee: Expr) {
        guard case .member(let base, let method, _, _) = callee else { return }
        var closures: [(label: String?, closure: ClosureExprSyntax)] = call.arguments.compactMap { argument in
            argument.expression.as(ClosureExprSyntax.self).map { (argument.label?.text, $0) }
        }
        if let trailing = call.trailingClosure { closures.append((nil, trailing)) }
        guard !closures.isEmpty else { return }
        let element: String
        let isPublisher: Bool
        if let arrayElement = Self.elementType(ofArray: basicType(of: base)) {
            (element, isPublisher) = (arrayElement, false)
        } else if case .member(let array, "publisher", _, _) = base,
            let arrayElement = Self.elementType(ofArray: basicType(of: array))
        {
            (element, isPublisher) = (arrayElement, true)
        } else if let output = publisherOutput(of: base) {
            (element, isPublisher) = (output, true)
        } else {
            return
        }
        let types: [String?]
        var result: String?
        var accumulatesOntoALiteral = false
        switch method {
        case "map", "compactMap", "flatMap", "filter", "forEach", "contains", "first", "last", "allSatisfy",
            "firstIndex", "lastIndex", "drop", "prefix", "removeAll", "tryMap", "tryFilter", "tryCompactMap":
            types = [element]
        case "sorted", "sort", "min", "max", "removeDuplicates":
            types = [element, element]
        case "reduce", "scan":
            // `reduce(0.0) { $0 + $1 }`: the first is the initial value's type; an integer
            // literal's is the one Swift infers, not known here.
            guard let initial = call.arguments.first, initial.label == nil,
                !initial.expression.is(ClosureExprSyntax.self)
            else { return }
            types = [basicType(ofInitial: initial.expression), element]
            result = types[0]
            accumulatesOntoALiteral = method == "reduce" && initial.expression.is(IntegerLiteralExprSyntax.self)
        case "sink" where isPublisher:
            // `sink { value in }`, `sink(receiveValue:)`; not `receiveCompletion:`.
            guard let receiver = closures.last(where: { $0.label == "receiveValue" || $0.label == nil }) else { return }
            closures = [receiver]
            types = [element]
        default:
            return
        }
        for (_, closure) in closures {
            closureTypes[closure.id] = ClosureTypes(
                parameters: types, result: result, accumulatesOntoALiteral: accumulatesOntoALiteral)
        }
    }

    /// Notes the basic types a closure stored in a variable declared with a function type
    /// takes and returns (`let f: (Int) -> Int = { $0 * 2 }`).
    func noteClosureTypes(of closure: ClosureExprSyntax, declared: TypeRef) {
        guard case .function(let parameters, let result) = declared else { return }
        // Only basic types are written into the closure: another (an `inout`, a generic) may
        // need the rules its own declaration would bring.
        let basic = parameters.map { Self.basicType(declared: $0) }
        closureTypes[closure.id] = ClosureTypes(
            parameters: basic, result: Self.basicType(declared: result),
            writtenParameters: zip(parameters, basic).map { $1 != nil ? $0 : .named([], []) },
            writtenResult: Self.basicType(declared: result) != nil ? result : nil)
    }

    /// The basic type of the values of the subject a variable declared with `declared` or
    /// made by `initializer` holds: `PassthroughSubject<Int, Never>()`,
    /// `let prices: CurrentValueSubject<Double, Never>`.
    func publisherOutput(declared: TypeRef?, initializer: Expr?) -> String? {
        let subject: String
        let arguments: [TypeRef]
        if case .named(let parts, let written)? = declared {
            (subject, arguments) = (parts.joined(separator: "."), written)
        } else if declared == nil,
            case .call(.specialize(.name(.dynamic(let name), _, _), let written, _), _, _, _)? =
                initializer
        {
            (subject, arguments) = (name, written)
        } else {
            return nil
        }
        guard Self.subjectNames.contains(subject), arguments.count == 2, localTypeKey(subject) == nil,
            memberBasicTypes[subject] == nil, let output = Self.basicType(declared: arguments[0])
        else { return nil }
        return output
    }

    private static let subjectNames: Set<String> = [
        "PassthroughSubject", "CurrentValueSubject", "Combine.PassthroughSubject", "Combine.CurrentValueSubject",
    ]

    /// The type of the values of `$name`, the publisher of a `@Published` property of a
    /// type this input declares, read on an instance of it or on `self`.
    private func publishedOutput(of expr: Expr) -> String? {
        let owner: String?
        let projected: String
        switch expr {
        case .member(.selfReference, let name, _, _), .member(.name(_, "self", _), let name, _, _):
            (owner, projected) = (scope.instanceMemberTypeName, name)
        case .member(let base, let name, _, _):
            (owner, projected) = (instanceType(of: base), name)
        case .name(.dynamic(let name), _, _) where scope.isInsideType:
            (owner, projected) = (scope.instanceMemberTypeName, name)
        default:
            return nil
        }
        guard let owner, projected.hasPrefix("$") else { return nil }
        let property = String(projected.dropFirst())
        guard publishedProperties[owner]?.contains(property) == true else { return nil }
        return propertyBasicType(property, ofInstanceOf: owner)
    }

    /// The output type of the publisher `expr` is, if it is known: a variable holding a
    /// subject, an array's `publisher`, a `@Published` property's `$name`, and what the
    /// operators after it make of them (`.map { $0 * 2 }` of Ints gives Ints, `.filter`
    /// keeps them).
    private func publisherOutput(of expr: Expr) -> String? {
        switch expr {
        case .name:
            return typeFacts(of: expr)?.publisherOutput ?? publishedOutput(of: expr)
        case .member(let array, "publisher", _, _):
            return Self.elementType(ofArray: basicType(of: array))
        case .member:
            return publishedOutput(of: expr)
        case .call(.member(let upstream, let method, _, _), let arguments, _, _):
            guard let output = publisherOutput(of: upstream) else { return nil }
            switch method {
            case "map", "tryMap": return closureResult(arguments)
            case "filter", "tryFilter", "removeDuplicates", "prefix", "dropFirst", "first", "last",
                "eraseToAnyPublisher",
                "share", "print", "handleEvents", "receive", "delay", "debounce", "throttle", "output":
                return output
            default: return nil
            }
        default:
            return nil
        }
    }

    /// What a `reduce` closure returns when its accumulator (the parameter in `slot`)
    /// started as an integer literal: in `$0 + $1.price` the accumulator takes the other
    /// side's type, as the literal does in `0 + price`.
    func accumulatedType(of value: Expr, accumulator slot: Int) -> String? {
        guard case .binary(let op, let lhs, let rhs, _) = value, op.givesItsOperandsType else {
            return basicType(of: value)
        }
        if case .name(.local(slot), _, _) = lhs { return basicType(of: rhs) }
        if case .name(.local(slot), _, _) = rhs { return basicType(of: lhs) }
        return basicType(of: value)
    }

    /// `prices.reduce(0, +)`, `items.reduce(0) { $0 + $1.price }` with Double prices: the
    /// initial integer literal is a Double, as Swift infers from what is accumulated, so
    /// that the sum of no items prints `0.0`. Other arguments are returned as they are.
    func reduceInitialLiteral(_ arguments: [Argument], callee: Expr) -> [Argument] {
        guard case .member(let base, "reduce", _, _) = callee, arguments.count == 2, arguments[0].label == nil,
            case .integerLiteral(let initial, let location) = arguments[0].value
        else { return arguments }
        let accumulated: String?
        switch arguments[1].value {
        case .closure(let closure, _):
            accumulated = closureResultTypes[closure.index]
        case .name(_, let op, _) where ["+", "-", "*", "/"].contains(op):
            accumulated = Self.elementType(ofArray: basicType(of: base))
        default:
            accumulated = nil
        }
        guard accumulated == Self.floatLiteralType else { return arguments }
        var arguments = arguments
        arguments[0].value = .floatLiteral(Double(initial), location)
        return arguments
    }

    /// The basic type the one closure among `arguments` returns, if it is known.
    private func closureResult(_ arguments: [Argument]) -> String? {
        guard arguments.count == 1, case .closure(let closure, _) = arguments[0].value,
            let result = closureResultTypes[closure.index], !Self.isCollection(result)
        else { return nil }
        return result
    }

    /// The basic type of an initial value written as a float, string or Bool literal, or a
    /// name whose type is known; none for an integer literal, whose type Swift infers.
    private func basicType(ofInitial syntax: ExprSyntax) -> String? {
        if syntax.is(FloatLiteralExprSyntax.self) { return Self.floatLiteralType }
        if syntax.is(StringLiteralExprSyntax.self) { return "String" }
        if syntax.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        guard let reference = syntax.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        return typeFacts(of: .name(scope.resolve(name) ?? .dynamic(name), name, .unknown))?.basicType
    }

    /// The type declared in this input whose instance a variable declared with `declared`
    /// or made by `initializer` holds (`let cart: Cart`, `var cart = Cart()`), as its key in
    /// `memberBasicTypes`. None for a type declared in a function, whose members are not
    /// noted, nor for one no property of which is.
    func instanceType(declared: TypeRef?, initializer: Expr?) -> String? {
        let name: String
        if let declared {
            guard case .named(let parts, let arguments) = declared, arguments.isEmpty else { return nil }
            name = parts.joined(separator: ".")
        } else {
            guard case .call(.name(.dynamic(let callee), _, _), _, _, _)? = initializer else { return nil }
            name = callee
        }
        guard localTypeKey(name) == nil else { return nil }
        // Inside a type, `Item` may be a type nested in it.
        let key = nestedTypeName(name) ?? name
        return memberBasicTypes[key] != nil || memberMethodSignatures[key] != nil ? key : nil
    }

    /// The instance type of the variable `expr` names, if it is known.
    private func instanceType(of expr: Expr) -> String? {
        typeFacts(of: expr)?.instanceType
    }

    /// What is known of the type of the variable `expr` names: a local's, or a global's
    /// outside a type (in a type's member, a name not declared in it may be a property).
    private func typeFacts(of expr: Expr) -> TypeFacts? {
        switch expr {
        case .name(.dynamic(let name), _, _): scope.isInsideType ? nil : globalTypeFacts[name]
        case .name(let reference, _, _): scope.typeFacts(reference)
        default: nil
        }
    }

    /// What is known of the type of a variable declared with `declared` (or none) and
    /// `initializer` (or none).
    func typeFacts(declared: TypeRef?, initializer: Expr?) -> TypeFacts {
        var facts = TypeFacts(
            basicType: basicType(declared: declared, initializer: initializer),
            instanceType: instanceType(declared: declared, initializer: initializer),
            publisherOutput: publisherOutput(declared: declared, initializer: initializer))
        if declared == nil { facts.optionalType = initializer.flatMap { optionalBasicType(of: $0) } }
        if case .function? = declared { facts.functionType = declared }
        return facts
    }

    /// The basic type of the instance property `name` of `type` or of its superclasses.
    /// (`depth` stops at a cycle of classes, which Swift refuses and the lowerer may not.)
    private func propertyBasicType(_ name: String, ofInstanceOf type: String, depth: Int = 0) -> String? {
        if let own = memberBasicTypes[type]?[name] { return own }
        guard depth < 32 else { return nil }
        for (subclass, superclass) in superclassNames where subclass == type {
            if let inherited = propertyBasicType(name, ofInstanceOf: superclass, depth: depth + 1) { return inherited }
        }
        return nil
    }

    /// The basic type a call of the method `name` with these argument labels gives on an
    /// instance of `type`: the one every method of that name and those labels, in the type and
    /// its superclasses, is declared to return. None where a method of that name may leave an
    /// argument out or take several (the labels do not tell which is called), where none has
    /// those labels, or where another type of this input (a protocol, its extension) has one
    /// of that name and those labels: Swift may choose that one by the type the context wants.
    private func methodReturnType(_ name: String, _ labels: [String?], ofInstanceOf type: String) -> String? {
        let called = calledMethods(name, labels, ofInstanceOf: type)
        guard let first = called.first?.returnType, called.allSatisfy({ $0.returnType == first }) else { return nil }
        return first
    }

    /// The declarations of the method a call of `name` with these labels calls on an instance
    /// of `type` (an override and what it overrides), when nothing else may be the one
    /// called (`methodReturnType`); empty otherwise.
    private func calledMethods(_ name: String, _ labels: [String?], ofInstanceOf type: String) -> [MethodSignature] {
        let chain = typeAndSuperclasses(type)
        var called: [MethodSignature] = []
        for (owner, signatures) in memberMethodSignatures {
            for signature in signatures where signature.name == name {
                guard chain.contains(owner) else {
                    if signature.labels == labels { return [] }
                    continue
                }
                guard signature.takesEveryArgument else { return [] }
                if signature.labels == labels { called.append(signature) }
            }
        }
        return called
    }

    /// The basic types of the parameters of the method `callee` calls with these labels, on
    /// an instance of a type this input declares (`cart.add(2.5)`, or `add(2.5)` in one of its
    /// instance members), when the declarations agree on them; nil when not known.
    private func methodParameterTypes(of callee: Expr, labels: [String?]) -> [String?]? {
        guard let (type, name, _) = method(calledBy: callee) else { return nil }
        let called = calledMethods(name, labels, ofInstanceOf: type)
        guard let first = called.first?.parameterTypes, called.allSatisfy({ $0.parameterTypes == first }) else {
            return nil
        }
        return first
    }

    /// A call of a method that a type declares and that another type of the input (a protocol
    /// the type conforms to, in an extension) declares too, with the same name and labels
    /// but the result type the context wants where the type's own returns another: Swift
    /// calls the other one there (`let n: Int = gauge.value()`), choosing by the result type,
    /// which the engine does not do; it would call the type's own. Refused rather than run.
    private func refuseChoosingByResult(_ value: Expr, wanted: String) throws {
        guard case .call(let callee, let arguments, _, _) = value,
            let (type, name, location) = method(calledBy: callee)
        else { return }
        let labels = arguments.map(\.label)
        let chain = typeAndSuperclasses(type)
        var own: [MethodSignature] = []
        var others: [MethodSignature] = []
        for (owner, signatures) in memberMethodSignatures {
            for signature in signatures where signature.name == name && signature.labels == labels {
                if chain.contains(owner) { own.append(signature) } else { others.append(signature) }
            }
        }
        guard !own.isEmpty, own.allSatisfy({ $0.returnType != nil && $0.returnType != wanted }),
            others.contains(where: { $0.returnType == wanted })
        else { return }
        throw ScriptError(
            .unsupported,
            "choosing between methods by the result type wanted: `\(name)` of \(type) returns "
                + "'\(own[0].returnType ?? "")', and Swift calls the one declared elsewhere that returns '\(wanted)' here",
            at: location)
    }

    /// The type and name of the method `callee` names, where it is one of a type this input
    /// declares: on an instance of it (`cart.add`), on `self`, or by its name in one of the
    /// type's instance members (`add`); and where swiftc points at the call (the name).
    private func method(calledBy callee: Expr) -> (type: String, name: String, location: SourceLocation)? {
        switch callee {
        case .member(.selfReference, let method, let site, let location),
            .member(.name(_, "self", _), let method, let site, let location):
            guard let own = scope.instanceMemberTypeName else { return nil }
            return (own, method, memberNameLocations[site] ?? location)
        case .member(let base, let method, let site, let location):
            guard let instance = instanceType(of: base) else { return nil }
            return (instance, method, memberNameLocations[site] ?? location)
        case .name(.dynamic(let method), _, let location):
            guard let own = scope.instanceMemberTypeName, hasMethod(method, type: own) else { return nil }
            return (own, method, location)
        default:
            return nil
        }
    }

    /// Whether `type` or one of its superclasses declares an instance method named `name`.
    private func hasMethod(_ name: String, type: String) -> Bool {
        typeAndSuperclasses(type).contains { memberMethodSignatures[$0]?.contains { $0.name == name } == true }
    }

    /// `type` and its superclasses, as far as this input declares them.
    private func typeAndSuperclasses(_ type: String) -> Set<String> {
        var chain: Set<String> = []
        var types = [type]
        while let next = types.popLast(), chain.insert(next).inserted {
            for (subclass, superclass) in superclassNames where subclass == next { types.append(superclass) }
        }
        return chain
    }

    /// The basic type a call of `name` gives: a conversion (`Double(count)`, `String(n)`), or
    /// one of this input's top-level functions declared to return one, called by its name
    /// outside a type (where the name might be a method's) and sharing it with no other.
    private func basicType(ofCallTo name: String, _ arguments: [Argument]) -> String? {
        if let converted = Self.basicTypeNames[name] {
            // `Int("5")` is an Optional; `Double(count)` is not.
            guard arguments.count == 1, arguments[0].label == nil, let given = basicType(of: arguments[0].value),
                Self.isNumber(given) || (converted == "String" && !Self.isCollection(given))
            else { return nil }
            return Self.isNumber(converted) || converted == "String" ? converted : nil
        }
        guard !scope.isInsideType, let signatures = topLevelFunctionSignatures[name], signatures.count == 1 else {
            return nil
        }
        return signatures[0].returnType
    }

    /// An array literal of integer literals beside an array declared with another number
    /// type (`prices + [4]`, `prices == [1, 2]` with `prices` a `[Double]`), written as of
    /// that type, as Swift infers it; `operand` as it is otherwise. (An array that has
    /// elements gives them its type when it runs; this one may be empty.)
    func arrayLiteral(_ operand: Expr, besides other: Expr, of op: BinaryOperator) -> Expr {
        guard [.plus, .equal, .notEqual].contains(op), case .arrayLiteral(let elements, let location) = operand,
            !elements.isEmpty, elements.allSatisfy(Self.isIntegerLiteralArithmetic),
            let element = Self.elementType(ofArray: basicType(of: other)), element != "Int"
        else { return operand }
        return .cast(operand, .coerce, .array(.simple(element)), location)
    }

    /// Where swiftc points at `expr` in an error about its value: a member access, or a
    /// method's call, at its name.
    private func diagnosticLocation(of expr: Expr) -> SourceLocation {
        switch expr {
        case .member(_, _, let site, let location), .call(.member(_, _, let site, let location), _, _, _):
            return memberNameLocations[site] ?? location
        default:
            return expr.location
        }
    }

    /// The basic type of each value a `for` loop over `sequence` binds: an array's element
    /// (`for price in prices`), an integer range's bounds' (`for i in 0..<count`), an index.
    func elementType(ofSequence sequence: Expr) -> String? {
        switch sequence {
        case .binary(.halfOpenRange, let lower, let upper, let location),
            .binary(.closedRange, let lower, let upper, let location):
            if Self.isIntegerLiteralArithmetic(lower) && Self.isIntegerLiteralArithmetic(upper) { return "Int" }
            guard let bound = basicType(of: .binary(.plus, lower, upper, location)), Self.isInteger(bound) else {
                return nil
            }
            return bound
        case .member(let base, "indices", _, _):
            return Self.elementType(ofArray: basicType(of: base)) != nil ? "Int" : nil
        default:
            return Self.elementType(ofArray: basicType(of: sequence))
        }
    }

    /// The basic types of the two parts of each pair a `for` loop over `sequence` binds: a
    /// dictionary's key and value (`for (name, score) in scores`), an array's index and
    /// element (`for (i, price) in prices.enumerated()`).
    func pairTypes(ofSequence sequence: Expr) -> (String, String)? {
        if case .call(.member(let base, "enumerated", _, _), let arguments, _, _) = sequence, arguments.isEmpty {
            return Self.elementType(ofArray: basicType(of: base)).map { ("Int", $0) }
        }
        return Self.dictionaryTypes(of: basicType(of: sequence))
    }

    /// The basic type of a variable declared with `declared` (`Double`, `TimeInterval`) or,
    /// with none written, given by its initializer: a literal (`0` is an `Int`, `""` a
    /// `String`), or a value whose type is known (`var x = total`, `let due = price * 2`).
    func basicType(declared: TypeRef?, initializer: Expr?) -> String? {
        if let declared { return Self.basicType(declared: declared) }
        guard let initializer else { return nil }
        if case .arrayLiteral(let elements, _) = initializer { return arrayLiteralType(elements) }
        if case .dictionaryLiteral(let pairs, _) = initializer, !pairs.isEmpty {
            // `["a": 1]` is a `[String : Int]`: its keys' type and its values'.
            guard let keys = arrayLiteralType(pairs.map(\.0)), let values = arrayLiteralType(pairs.map(\.1)) else {
                return nil
            }
            return "[\(Self.elementType(ofArray: keys) ?? keys) : \(Self.elementType(ofArray: values) ?? values)]"
        }
        // Integer literals alone (`0`, `-1`, `60 * 60`) make an `Int` where nothing else gives a type.
        return basicType(of: initializer) ?? (Self.isIntegerLiteralArithmetic(initializer) ? "Int" : nil)
    }

    /// The type of an array literal where nothing else gives it one (`[1, 2]` is an `[Int]`,
    /// `[0.5, 1]` a `[Double]`, `["a"]` a `[String]`): its elements' one basic type, which
    /// integer literals take; none where they have several, or one is not known.
    private func arrayLiteralType(_ elements: [Expr]) -> String? {
        guard !elements.isEmpty else { return nil }
        var known: String?
        var hasIntegerLiterals = false
        for element in elements {
            if Self.isIntegerLiteralArithmetic(element) {
                hasIntegerLiterals = true
                continue
            }
            guard let type = basicType(of: element), Self.elementType(ofArray: type) == nil,
                known == nil || known == type
            else { return nil }
            known = type
        }
        guard let known else { return "[Int]" }
        return !hasIntegerLiterals || Self.isNumber(known) ? "[\(known)]" : nil
    }

    /// The basic type of a variable an earlier input declared with `initializer` and no
    /// written type, where literals alone give it (`var total = 0`, `var names = ["a"]`):
    /// the earlier input's names mean nothing in this one's scopes.
    static func literalType(of initializer: Expr) -> String? {
        switch initializer {
        case .floatLiteral: return floatLiteralType
        case .stringLiteral, .interpolatedString: return "String"
        case .literal(.bool, _): return "Bool"
        case .prefix(.negate, let operand, _), .prefix(.plus, let operand, _): return literalType(of: operand)
        case .arrayLiteral(let elements, _):
            return arrayType(
                ofLiteralElements: elements.map { isIntegerLiteralArithmetic($0) ? "Int" : literalType(of: $0) })
        case .dictionaryLiteral(let pairs, _):
            guard let keys = literalType(of: .arrayLiteral(pairs.map(\.0), .unknown)).flatMap(elementType(ofArray:)),
                let values = literalType(of: .arrayLiteral(pairs.map(\.1), .unknown)).flatMap(elementType(ofArray:))
            else { return nil }
            return "[\(keys) : \(values)]"
        default:
            return isIntegerLiteralArithmetic(initializer) ? "Int" : nil
        }
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
            if let function = member.decl.as(FunctionDeclSyntax.self),
                !function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            {
                let parameters = function.signature.parameterClause.parameters
                memberMethodSignatures[typeName, default: []].append(
                    MethodSignature(
                        name: function.name.text,
                        labels: parameters.map { $0.firstName.text == "_" ? nil : $0.firstName.text },
                        parameterTypes: parameters.map { Self.basicType(written: $0.type) },
                        takesEveryArgument: parameters.allSatisfy { $0.defaultValue == nil && $0.ellipsis == nil },
                        returnType: function.signature.returnClause.flatMap { Self.basicType(written: $0.type) }))
                continue
            }
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
                if variable.attributes.contains(where: {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Published"
                }) {
                    publishedProperties[typeName, default: []].insert(name)
                }
            }
        }
    }

    /// The type of an array literal whose elements are literals of these types (`Int` for
    /// integer literals): `[Int]`, `[Double]` where any is a float literal, `[String]`.
    private static func arrayType(ofLiteralElements types: [String?]) -> String? {
        let types = Set(types)
        if types == ["Int"] { return "[Int]" }
        if types == ["Int", floatLiteralType] || types == [floatLiteralType] { return "[\(floatLiteralType)]" }
        guard types.count == 1, let only = types.first, let only, elementType(ofArray: only) == nil else {
            return nil
        }
        return "[\(only)]"
    }

    /// `Int` for an integer literal, `Double` for a float literal (either negated), `String`
    /// and `Bool` for theirs, and the array type of an array literal of them.
    private static func literalBasicType(_ syntax: ExprSyntax) -> String? {
        if let array = syntax.as(ArrayExprSyntax.self) {
            return arrayType(ofLiteralElements: array.elements.map { literalBasicType($0.expression) })
        }
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
        if let dictionary = written.as(DictionaryTypeSyntax.self) {
            guard let key = basicType(written: dictionary.key), let value = basicType(written: dictionary.value),
                !isCollection(key), !isCollection(value)
            else { return nil }
            return "[\(key) : \(value)]"
        }
        if let array = written.as(ArrayTypeSyntax.self) {
            guard let element = basicType(written: array.element), elementType(ofArray: element) == nil else {
                return nil
            }
            return "[\(element)]"
        }
        guard let identifier = written.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else {
            return nil
        }
        return basicTypeNames[identifier.name.text]
    }

    /// The basic type a written type names, if it names one.
    static func basicType(declared: TypeRef) -> String? {
        switch declared {
        case .array(let element):
            // `[Double]`, an array of one basic type (not of arrays).
            guard let element = basicType(declared: element), elementType(ofArray: element) == nil else { return nil }
            return "[\(element)]"
        case .named(let parts, let arguments) where parts == ["Array"] && arguments.count == 1:
            return basicType(declared: .array(arguments[0]))
        case .dictionary(let key, let value):
            // `[String: Int]`, of basic keys and values.
            guard let key = basicType(declared: key), let value = basicType(declared: value), !isCollection(key),
                !isCollection(value)
            else { return nil }
            return "[\(key) : \(value)]"
        case .named(let parts, let arguments) where parts == ["Dictionary"] && arguments.count == 2:
            return basicType(declared: .dictionary(arguments[0], arguments[1]))
        case .named(let parts, let arguments) where parts.count == 1 && arguments.isEmpty:
            return basicTypeNames[parts[0]]
        default:
            return nil
        }
    }

    /// `Double` for `[Double]`; nil for a type that is no array.
    static func elementType(ofArray type: String?) -> String? {
        guard let type, type.hasPrefix("["), dictionaryTypes(of: type) == nil else { return nil }
        return String(type.dropFirst().dropLast())
    }

    /// `String` and `Int` for `[String : Int]` (as Swift spells it); nil for a type that is
    /// no dictionary.
    static func dictionaryTypes(of type: String?) -> (key: String, value: String)? {
        guard let type, type.hasPrefix("["), let colon = type.range(of: " : ") else { return nil }
        let key = type[type.index(after: type.startIndex)..<colon.lowerBound]
        return (String(key), String(type[colon.upperBound...].dropLast()))
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
    private static func isNumber(_ type: String) -> Bool {
        type != "String" && type != "Bool" && !isCollection(type)
    }

    /// An array or a dictionary type (`[Int]`, `[String : Int]`).
    private static func isCollection(_ type: String) -> Bool { type.hasPrefix("[") }
}

/// The basic types a closure's parameters take, and its result, from the call it is passed
/// to (`Lowerer.noteClosureTypes(of:callee:)`); nil where the call does not tell.
struct ClosureTypes {
    let parameters: [String?]
    let result: String?
    /// The types a declaration's function type writes for the closure's parameters and its
    /// result (`let half: (Double) -> Double = { $0 / 2 }`), which a call converts to, as
    /// Swift's do: `half(3)` is 1.5.
    var writtenParameters: [TypeRef] = []
    var writtenResult: TypeRef?
    /// A `reduce` closure whose accumulator starts as an integer literal (`reduce(0) { $0 + $1.price }`):
    /// the accumulator takes the type of what is added to it, as a literal would.
    var accumulatesOntoALiteral = false
}

/// A top-level function's parameters as the argument check sees them (`refuseArguments`):
/// each one's label and basic type, if any; not judged when a call may leave one out.
struct BasicSignature {
    var parameters: [BasicParameter]
    var isJudged: Bool
    /// The basic type the function is declared to return, if it is one.
    var returnType: String?
}

/// An instance method as a call's result type is read from it (`methodReturnType`).
struct MethodSignature {
    let name: String
    /// Each parameter's argument label (nil for `_`).
    let labels: [String?]
    /// Each parameter's basic type, if it has one.
    let parameterTypes: [String?]
    /// No parameter has a default or is variadic: a call gives each one argument.
    let takesEveryArgument: Bool
    /// The basic type the method is declared to return, if it is one.
    let returnType: String?
}

struct BasicParameter {
    let label: String?
    let basicType: String?
}
