/// Told of the calls of chosen methods on one object (`ScriptObject.callObserver`), or on
/// every value of a struct type (`TypeInfo.callObserver`), for the layer above to report them.
///
/// The stream bridge uses it for a script subscriber or subscription the Combine engine
/// handed to script code while a tracer listens. OpenCombine reports such calls only when
/// they are made through its own wrappers (a `SubscriberTap` around the subscriber); the
/// script is given the object itself instead, as compiled code is, and its protocol calls
/// are reported from here, as the wrapper would report them.
public protocol ScriptCallObserver: AnyObject {
    /// Before the body of method `method` (an index into `Interpreter.observedMethodNames`)
    /// runs on `receiver` (the object, or the struct value); true to be told when it returns.
    func willCall(_ method: Int, on receiver: Value, arguments: ScriptCallArguments) -> Bool
    /// After it returned `result`, or threw (`result` nil).
    func didCall(_ method: Int, on receiver: Value, arguments: ScriptCallArguments, result: Value?)
}

/// The arguments of an observed call, read from its frame.
public struct ScriptCallArguments {
    let frame: Frame
    let function: FunctionDecl

    public subscript(index: Int) -> Value {
        frame.slots[function.parameters[index].slot]?.load() ?? .void
    }
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
    /// The observer of a call of `state` on the object or struct value in `frame`'s `self`, if
    /// it has one.
    @inline(__always)
    func callObserver(of state: FunctionState, in frame: Frame) -> (
        method: Int, receiver: Value, observer: ScriptCallObserver
    )? {
        guard hasObservedObjects, let method = state.observedMethod(in: self), let slot = state.selfSlot,
            let receiver = frame.slots[slot]?.load()
        else { return nil }
        switch receiver {
        case .object(let object):
            guard let observer = object.callObserver else { return nil }
            return (method, receiver, observer)
        case .structValue(let value):
            guard let observer = value.type.callObserver else { return nil }
            return (method, receiver, observer)
        default:
            return nil
        }
    }

    /// Runs an observed call's body between its observer's two calls.
    func runObserved(
        _ state: FunctionState, in frame: Frame, method: Int, receiver: Value, observer: ScriptCallObserver
    ) throws -> Flow {
        let arguments = ScriptCallArguments(frame: frame, function: state.decl)
        guard observer.willCall(method, on: receiver, arguments: arguments) else {
            return try state.runBody(self, in: frame)
        }
        let flow: Flow
        do {
            flow = try state.runBody(self, in: frame)
        } catch {
            observer.didCall(method, on: receiver, arguments: arguments, result: nil)
            throw error
        }
        if case .returned(let value) = flow {
            observer.didCall(method, on: receiver, arguments: arguments, result: value)
        } else {
            observer.didCall(method, on: receiver, arguments: arguments, result: .void)
        }
        return flow
    }
}
