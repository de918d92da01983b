/// Names visible while one function (or closure, or the script's top level) is lowered.
///
/// Every local gets a slot in its function's frame. A closure that names a local of an
/// enclosing function records it as a capture, so at run time it holds exactly the
/// cells it uses: nothing keeps other variables alive, and `deinit` runs when Swift's would.
final class FunctionScope {
    let parent: FunctionScope?
    /// The type whose members are reachable through implicit `self`, if any.
    let memberContext: MemberContext?
    /// True for the script's top level: names declared in its outermost block are globals.
    let isTopLevel: Bool
    private var blocks: [[String: Int]] = [[:]]
    /// Every slot each block declared, in declaration order (a name declared again in the
    /// same block shadows the first in `blocks`, but both variables must end).
    private var blockSlots: [[Int]] = [[]]
    /// The names of `blockSlots`, in the same order.
    private var blockSlotNames: [[String]] = [[]]
    private(set) var slotCount = 0
    /// The type written for each variable declared with one, by slot.
    private(set) var declaredTypes: [Int: TypeRef] = [:]
    private(set) var captures: [CaptureSource] = []
    private var captureIndex: [String: Int] = [:]
    /// Highest `$n` used in a closure body, when it uses shorthand arguments.
    var shorthandSlots: [Int: Int] = [:]
    /// True in an `async` function or closure, where `await` may be written (the top level
    /// allows it too, `isTopLevel`).
    var isAsync = false
    /// How many `await`s enclose the expression being lowered, in this function's body.
    var awaitNesting = 0
    /// The body of an actor's instance method (not `nonisolated`): `FunctionDecl.isolation`.
    var isIsolatedMethod = false
    /// The basic type a function's written return type names (`-> Int`), for its `return`s.
    var returnBasicType: String?
    /// The basic type a closure's result is wanted as where the call it is passed to tells
    /// (`reduce(0.0) { … }` returns a Double): for the wording of an operator's error only,
    /// as Swift words a closure's own result errors differently.
    var resultBasicType: String?

    init(parent: FunctionScope?, memberContext: MemberContext?, isTopLevel: Bool = false) {
        self.parent = parent
        self.memberContext = memberContext
        self.isTopLevel = isTopLevel
    }

    /// True while declarations at this point are globals.
    var declaresGlobals: Bool { isTopLevel && blocks.count == 1 }

    func pushBlock() {
        blocks.append([:])
        blockSlots.append([])
        blockSlotNames.append([])
    }

    /// Pops the innermost block and returns the slots it declared, last declared first: the
    /// order in which Swift ends a scope's variables (so `deinit`s run in that order), and
    /// their names in the same order.
    func popBlock() -> (slots: [Int], names: [String]) {
        blocks.removeLast()
        return (blockSlots.removeLast().reversed(), blockSlotNames.removeLast().reversed())
    }

    func declare(_ name: String) -> Int {
        if let shared = sharedBindings, shared.depth == blocks.count, let slot = shared.slots[name] {
            blocks[blocks.count - 1][name] = slot
            return slot
        }
        let slot = slotCount
        slotCount += 1
        blocks[blocks.count - 1][name] = slot
        blockSlots[blockSlots.count - 1].append(slot)
        blockSlotNames[blockSlotNames.count - 1].append(name)
        return slot
    }

    /// The variables of the innermost block, by name.
    var innermostBlockNames: [String: Int] { blocks[blocks.count - 1] }

    /// Names that `declare` gives the slots they already have, in the innermost block: the
    /// patterns of a `case` with several bind the same variables (`case .one(let x), .two(let x)`).
    private var sharedBindings: (slots: [String: Int], depth: Int)?

    /// Runs `body` (lowering a `case`'s second or later pattern) with `slots` shared.
    func sharingBindings<T>(_ slots: [String: Int], _ body: () throws -> T) rethrows -> T {
        let saved = sharedBindings
        sharedBindings = (slots, blocks.count)
        defer { sharedBindings = saved }
        return try body()
    }

    /// The `let` constants declared in this function, by slot (`OperandTypes.swift`).
    private(set) var constants: [Int: Constant] = [:]
    /// `self`'s slot in a struct's method that is not `mutating`, whose properties it
    /// cannot set.
    var immutableSelfSlot: Int?

    /// Whether `reference` is an immutable `self`, in this function or, captured, in an
    /// enclosing one.
    func isImmutableSelf(_ reference: NameReference) -> Bool {
        guard let home = home(of: reference) else { return false }
        return home.slot == home.scope.immutableSelfSlot
    }

    struct Constant {
        /// Declared with a value (`let x = 1`), so that no assignment may follow.
        var isInitialized: Bool
        /// Known to hold an Array or a Dictionary, which is changed through a subscript only
        /// when it is a variable.
        let isCollection: Bool
        /// Known to hold a struct, whose properties are set only through a variable.
        var holdsStruct = false
        var isParameter = false

        /// What to do instead, as the error's note.
        var fix: String {
            isParameter
                ? "a parameter is a constant: copy it into a `var` to change it, or make it `inout`"
                : "change 'let' to 'var' to make it mutable"
        }
    }

    func noteConstant(_ pattern: Pattern, _ constant: Constant) {
        if case .binding(let slot, _) = pattern { constants[slot] = constant }
    }

    /// The constant a name refers to, in this function or, captured, in an enclosing one.
    /// A captured constant is always initialized: a closure cannot give a `let` its value.
    func constant(_ reference: NameReference) -> Constant? {
        guard let home = home(of: reference), var constant = home.scope.constants[home.slot] else { return nil }
        if home.scope !== self { constant.isInitialized = true }
        return constant
    }

    /// The type a name's variable was declared with, in this function or, captured, in an
    /// enclosing one.
    func declaredType(_ reference: NameReference) -> TypeRef? {
        guard let home = home(of: reference) else { return nil }
        return home.scope.declaredTypes[home.slot]
    }

    /// The function a local or captured variable is declared in, and its slot there.
    private func home(of reference: NameReference) -> (scope: FunctionScope, slot: Int)? {
        switch reference {
        case .local(let slot):
            return (self, slot)
        case .captured(let index):
            switch captures[index] {
            case .local(let slot): return parent.map { ($0, slot) }
            case .captured(let outer): return parent?.home(of: .captured(outer))
            }
        case .dynamic:
            return nil
        }
    }

    /// Notes the type a variable was declared with (`let g: Greeter`).
    func noteDeclaredType(_ type: TypeRef, of pattern: Pattern) {
        if case .binding(let slot, _) = pattern { declaredTypes[slot] = type }
    }

    /// What the operand checks (`OperandTypes.swift`) know of each variable's type, by slot.
    private(set) var typeFacts: [Int: TypeFacts] = [:]

    /// Notes what is known of the type of the variable in `slot`.
    func noteTypeFacts(of slot: Int, _ note: (inout TypeFacts) -> Void) {
        note(&typeFacts[slot, default: TypeFacts()])
    }

    /// What is known of the type of a name's variable, in this function or, captured, in an
    /// enclosing one.
    func typeFacts(_ reference: NameReference) -> TypeFacts? {
        guard let home = home(of: reference) else { return nil }
        return home.scope.typeFacts[home.slot]
    }

    /// True in the body of a type's member, or of a closure or function inside one: a name
    /// not declared locally may be one of its properties.
    var isInsideType: Bool { memberContext != nil || parent?.isInsideType == true }

    /// The type whose instance member's body (or a closure in one) this is.
    var instanceMemberTypeName: String? {
        if let memberContext { return memberContext.isStatic ? nil : memberContext.typeName }
        return parent?.instanceMemberTypeName
    }

    /// The basic type of the enclosing type's instance property `name`, in an instance
    /// member's body (or a closure in one).
    func propertyBasicType(_ name: String) -> String? {
        if let memberContext { return memberContext.isStatic ? nil : memberContext.basicTypes[name] }
        return parent?.propertyBasicType(name)
    }

    /// A slot with no name (a temporary, such as an `if` expression's result).
    func temporarySlot() -> Int {
        let slot = slotCount
        slotCount += 1
        return slot
    }

    func resolve(_ name: String) -> NameReference? {
        for block in blocks.reversed() {
            if let slot = block[name] { return .local(slot) }
        }
        if let index = captureIndex[name] { return .captured(index) }
        guard let parent, let outer = parent.resolve(name) else { return nil }
        let source: CaptureSource
        switch outer {
        case .local(let slot): source = .local(slot)
        case .captured(let index): source = .captured(index)
        case .dynamic: return outer
        }
        let index = captures.count
        captures.append(source)
        captureIndex[name] = index
        return .captured(index)
    }
}

/// The members a type declares, for resolving `x` to `self.x` inside its methods.
final class MemberContext {
    let typeName: String
    let memberNames: Set<String>
    let isStatic: Bool
    /// The basic type of each instance property that has one (`var total = 0.0`).
    let basicTypes: [String: String]

    init(typeName: String, memberNames: Set<String>, isStatic: Bool, basicTypes: [String: String] = [:]) {
        self.typeName = typeName
        self.memberNames = memberNames
        self.isStatic = isStatic
        self.basicTypes = basicTypes
    }
}

/// What the operand checks know of a variable's type (`OperandTypes.swift`), each where a
/// declaration, a literal or a rule tells it.
struct TypeFacts {
    /// Its basic type: written (`let d: Double`, a parameter `_ n: Int`) or given by its
    /// initializer (`var total = 0`, `var names = ["a"]`, a loop over a known array).
    var basicType: String?
    /// The type declared in this input it holds an instance of (`let cart: Cart`,
    /// `var cart = Cart()`), for the basic types of its properties.
    var instanceType: String?
    /// The basic type it holds an Optional of, where its initializer gave it one
    /// (`let n = Int("5")`, `let first = prices.first`).
    var optionalType: String?
    /// The basic type of the values of the subject it holds
    /// (`let subject = PassthroughSubject<Int, Never>()`), for the closures its operators take.
    var publisherOutput: String?
    /// The function type it was declared with (`let half: (Double) -> Double`, a parameter
    /// `_ f: (Int) -> Int`): what a call of it passes its arguments as.
    var functionType: TypeRef?
}
