/// A call of one script method with an argument for each of its parameters, prepared for
/// the receiver's type and the declarations it was resolved against: the function's state
/// and the compiled arguments, with each argument's parameter slot and type.
///
/// Immutable, so that a call reads them where they are, where it retained the resolution,
/// the function's state and each argument's code one by one. The site keeps its plan
/// (`CompiledArguments.plan(for:on:_:_:_:)`) and calls it unretained; it does not replace
/// the plan while a call of it runs, so a call that meets another receiver type meanwhile
/// (the same site reached again by recursion) uses a plan of its own.
final class ScriptCallPlan {
    let state: FunctionState
    let stamp: ResolutionStamp
    /// The first argument's code, its parameter's slot in the callee's frame and its type; a
    /// closure kept in a `let` of the plan is called without a retain of its context, which
    /// one read out of an array is not.
    private let first: CompiledExpression
    private let firstSlot: Int
    private let firstType: TypeRef?
    /// The others, in source order, with their parameters' slots.
    private let others: [CompiledArgument]
    private let otherSlots: [Int]
    private let argumentCount: Int
    /// The parameters' types are not sure to keep every value: each argument and the result
    /// are coerced (`Interpreter.typesKeepValues`).
    private let coerces: Bool

    init(state: FunctionState, arguments: [CompiledArgument], stamp: ResolutionStamp, coerces: Bool) {
        self.state = state
        let parameters = state.decl.parameters
        argumentCount = arguments.count
        // Not through an Optional of the closure, which would call it through a thunk.
        if let argument = arguments.first {
            first = argument.evaluate
            firstSlot = parameters[argument.parameter].slot
            firstType = argument.type
        } else {
            first = { _, _ in .void }
            firstSlot = 0
            firstType = nil
        }
        others = Array(arguments.dropFirst())
        otherSlots = others.map { parameters[$0.parameter].slot }
        self.stamp = stamp
        self.coerces = coerces
    }

    /// Evaluates the arguments in source order in the caller's `frame`, each into its
    /// parameter's cell, puts `selfValue` in `self`'s, and runs the body.
    func call(
        selfValue: consuming Value, _ interpreter: Interpreter, _ frame: Frame, at location: SourceLocation
    ) throws -> Value {
        let callee = Frame.forCall(of: state)
        try bindArguments(from: frame, into: callee, interpreter, location)
        if let slot = state.selfSlot { callee.fill(slot, with: selfValue) }
        let result = try interpreter.run(state, in: callee, coercingResult: coerces, at: location)
        Frame.retire(callee, to: state)
        return result
    }

    /// `call(selfValue:_:_:at:)` with `self` the object in the caller's cell `lender`, lent:
    /// the callee's cell holds it without a count of its own (a retain and a release a call
    /// less) until the call ends. The caller's local cannot change meanwhile: only its frame
    /// holds the cell (`Frame.lendableObject`), and the arguments make no closure.
    func call(
        lendingSelf lender: Unmanaged<Cell>, _ interpreter: Interpreter, _ frame: Frame, at location: SourceLocation
    ) throws -> Value {
        let callee = Frame.forCall(of: state)
        try bindArguments(from: frame, into: callee, interpreter, location)
        guard let slot = state.selfSlot else {
            let result = try interpreter.run(state, in: callee, coercingResult: coerces, at: location)
            Frame.retire(callee, to: state)
            return result
        }
        callee.lend(lender, toSlot: slot)
        let result: Value
        do {
            result = try interpreter.run(state, in: callee, coercingResult: coerces, at: location)
        } catch {
            callee.endLoan(inSlot: slot)
            throw error
        }
        callee.endLoan(inSlot: slot)
        Frame.retire(callee, to: state)
        return result
    }

    @inline(__always)
    private func bindArguments(
        from frame: Frame, into callee: Frame, _ interpreter: Interpreter, _ location: SourceLocation
    ) throws {
        guard argumentCount > 0 else { return }
        try bind(first(interpreter, frame), type: firstType, slot: firstSlot, in: callee, interpreter, location)
        for index in others.indices {
            try bind(
                others[index].evaluate(interpreter, frame), type: others[index].type, slot: otherSlots[index],
                in: callee, interpreter, location)
        }
    }

    @inline(__always)
    private func bind(
        _ value: consuming Value, type: TypeRef?, slot: Int, in callee: Frame, _ interpreter: Interpreter,
        _ location: SourceLocation
    ) throws {
        if coerces, let type {
            callee.fill(slot, with: try interpreter.coerce(value, to: type, at: location))
        } else {
            callee.fill(slot, with: value)
        }
    }
}
