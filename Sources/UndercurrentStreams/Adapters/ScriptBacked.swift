import OpenCombine
import UndercurrentInterpreter

/// An engine-side stand-in for a script object; the tracer names it after the script type.
public protocol ScriptBacked {
    var scriptValue: Value { get }
}

extension ScriptBacked {
    /// The script object's identity, when it is a class instance.
    public var scriptObject: ScriptObject? {
        if case .object(let object) = scriptValue { return object }
        return nil
    }

    /// The script value of `thing`, an instance of this very type: called on the type a
    /// caller found once (`type(of: thing) as? ScriptBacked.Type`), it casts to the concrete
    /// type rather than looking the conformance up again.
    public static func scriptValue(of thing: Any) -> Value {
        (thing as! Self).scriptValue
    }
}

func combineIdentifier(for value: Value) -> CombineIdentifier {
    if case .object(let object) = value { return CombineIdentifier(object) }
    return CombineIdentifier()
}
