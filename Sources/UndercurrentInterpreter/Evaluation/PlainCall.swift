/// A call of a script function whose arguments map one to one onto its parameters
/// (`CallSiteCache.Resolution.isPlain`), set up argument by argument: `bind` puts each in
/// its parameter's cell, `run` fills in defaults and `self` and runs the body.
///
/// Compiled call sites bind their arguments in a loop of their own: passing them through a
/// closure cost a retain and a release per captured value on every call.
struct PlainCall {
    private let state: FunctionState
    private(set) var frame: Frame
    private let coerces: Bool
    private let argumentCount: Int

    var decl: FunctionDecl { state.decl }

    init(_ decl: FunctionDecl, argumentCount: Int, in interpreter: borrowing Interpreter) {
        self.init(interpreter.tables.state(of: decl), argumentCount: argumentCount, in: interpreter)
    }

    /// A call of the function whose state is `state` (a call site keeps it, rather than
    /// finding it by its declaration on every call). Consumed: the caller's reference becomes
    /// the call's, where a borrowed one would be retained again to be kept.
    init(_ state: consuming FunctionState, argumentCount: Int, in interpreter: borrowing Interpreter) {
        self.argumentCount = argumentCount
        coerces = !interpreter.typesKeepValues(of: state)
        // Defaults are found by the parameter slots left empty, which a spare frame's are not.
        frame =
            argumentCount == state.parameterCount
            ? Frame.forCall(of: state) : Frame.make(function: state.decl, captures: [])
        // Its last use, so that the reference is moved in.
        self.state = state
    }

    /// The type of parameter `index`, which the argument for it may be evaluated against.
    func parameterType(_ index: Int) -> TypeRef? { decl.parameters[index].type }

    /// Puts an argument in parameter `index`, coerced to the parameter's type.
    @inline(__always)
    func bind(
        _ value: Value, toParameter index: Int, in interpreter: Interpreter,
        at location: SourceLocation
    ) throws {
        // Fields read one by one: copying the whole `Parameter` cost a retain per string in it.
        let parameters = decl.parameters
        if coerces, let type = parameters[index].type {
            frame.fill(parameters[index].slot, with: try interpreter.coerce(value, to: type, at: location))
        } else {
            frame.fill(parameters[index].slot, with: value)
        }
    }

    /// Runs the call once every argument is bound. `self` is `selfCell` itself (a mutating
    /// method's variable) or else a cell holding `selfValue`.
    mutating func run(
        selfCell: Cell? = nil, selfValue: consuming Value? = nil, in interpreter: Interpreter,
        at location: SourceLocation
    ) throws -> Value {
        if argumentCount < state.parameterCount {
            for parameter in decl.parameters where frame.slots[parameter.slot] == nil {
                var value = try interpreter.missingArgument(parameter, of: decl, at: location)
                if let type = parameter.type { value = try interpreter.coerce(value, to: type, at: location) }
                frame.slots[parameter.slot] = Cell(value)
            }
        }
        if let slot = state.selfSlot {
            if let selfCell {
                frame.slots[slot] = selfCell
            } else {
                // Moved in: the caller's copy of the receiver becomes the frame's (`??` would
                // copy it).
                switch consume selfValue {
                case .some(let value): frame.fill(slot, with: value)
                case nil: frame.fill(slot, with: .void)
                }
            }
        }
        let result = try interpreter.run(state, in: frame, coercingResult: coerces, at: location)
        Frame.retire(&frame, to: state)
        return result
    }
}
