/// Told of the calls of chosen methods on one object (`ScriptObject.callObserver`), or on
/// every value of a struct type (`TypeInfo.callObserver`), for the layer above to report them.
///
/// The stream bridge uses it for a script subscriber or subscription the Combine engine
/// handed to script code while a tracer listens. OpenCombine reports such calls only when
/// they are made through its own wrappers (a `SubscriberTap` around the subscriber); the
/// script is given the object itself instead, as compiled code is, and its protocol calls
/// are reported from here, as the wrapper would report them.
///
/// Every observed method takes one argument or none (`Interpreter.observedMethodNames`), so
/// the observer is given that argument, `.void` for none: a view of the call's frame, made for
/// every traced value, retained the frame and the function.
///
/// A class to subclass rather than a protocol: a call in progress borrows its object's
/// observer without counting (`ScriptObject.unretainedCallObserver`), which needs a class.
open class ScriptCallObserver {
    public init() {}

    /// Before the body of method `method` (an index into `Interpreter.observedMethodNames`)
    /// runs on `receiver` (the object, or the struct value) with `argument`; true to be told
    /// when it returns.
    open func willCall(_ method: Int, on receiver: Value, argument: Value) -> Bool { false }
    /// After it returned `result`, or threw (`result` nil).
    open func didCall(_ method: Int, on receiver: Value, argument: Value, result: Value?) {}
}

extension FunctionState {
    /// The index of this function's name in `observedMethodNames` when it is a method that
    /// may be observed; nil for any other function (found once).
    @inline(__always)
    func observedMethod(in interpreter: Interpreter) -> Int? {
        if observedMethodIndex == Self.unchecked {
            observedMethodIndex =
                decl.selfSlot == nil || decl.isStatic
                ? Self.notObserved : interpreter.observedMethodNames.firstIndex(of: decl.fullName) ?? Self.notObserved
        }
        return observedMethodIndex >= 0 ? observedMethodIndex : nil
    }

    static let unchecked = -2
    static let notObserved = -1
}

extension Interpreter {
    /// Runs the body of a call of `state` whose `self` in `frame` has an observer between
    /// the observer's two calls; nil, having run nothing, when it has none.
    ///
    /// The receiver is handed to the observer as an uncounted copy of `self`'s cell
    /// (`Cell.withUncountedValue`): the frame holds the cell, and nothing assigns a method's
    /// `self`, while the call runs. Copying it, and the cell, cost two retains a traced value.
    @inline(__always)
    func runIfObserved(_ state: FunctionState, in frame: Frame) throws -> Flow? {
        guard hasObservedObjects, let method = state.observedMethod(in: self), let slot = state.selfSlot else {
            return nil
        }
        return try frame.withLocalCell(slot) { cell -> Flow? in
            try cell.withObserverOfValue { observer in
                try cell.withUncountedValue { receiver in
                    try runObserved(state, in: frame, method: method, receiver: receiver, observer: observer)
                }
            }
        } ?? nil
    }

    /// Runs an observed call's body between its observer's two calls.
    func runObserved(
        _ state: FunctionState, in frame: Frame, method: Int, receiver: Value, observer: ScriptCallObserver
    ) throws -> Flow {
        // Read before the body runs; a parameter cannot be assigned, so it is the same after.
        let parameters = state.decl.parameters
        let argument = parameters.isEmpty ? .void : frame.slots[parameters[0].slot]?.load() ?? .void
        guard observer.willCall(method, on: receiver, argument: argument) else {
            return try state.runBody(self, in: frame)
        }
        let flow: Flow
        do {
            flow = try state.runBody(self, in: frame)
        } catch {
            observer.didCall(method, on: receiver, argument: argument, result: nil)
            throw error
        }
        if case .returned(let value) = flow {
            observer.didCall(method, on: receiver, argument: argument, result: value)
        } else {
            observer.didCall(method, on: receiver, argument: argument, result: .void)
        }
        return flow
    }
}

extension Cell {
    /// Runs `body` with the call observer of the object or struct value this cell holds; nil,
    /// without running it, when there is none. An object's observer is lent without
    /// counting: the object keeps it (`ScriptObject.observeCalls(by:)`), and the cell the
    /// object, while the call runs.
    @inline(__always)
    fileprivate func withObserverOfValue<Result>(_ body: (ScriptCallObserver) throws -> Result) rethrows -> Result? {
        if let object = unretainedObject {
            guard let observer = object._withUnsafeGuaranteedRef({ $0.unretainedCallObserver }) else { return nil }
            return try observer._withUnsafeGuaranteedRef(body)
        }
        if case .structValue(let value) = value, let observer = value.type.callObserver { return try body(observer) }
        return nil
    }
}
