import OpenCombine
import UndercurrentInterpreter

/// An engine-side stand-in for a script object; the tracer names it after the script type.
public protocol ScriptBacked: NamedOtherwiseInTraces {
    var scriptValue: Value { get }
}

extension ScriptBacked {
    /// The script object's identity, when it is a class instance.
    public var scriptObject: ScriptObject? {
        if case .object(let object) = scriptValue { return object }
        return nil
    }

    /// The script value of `thing`, an instance of this very type: called on the type a
    /// caller found once (`type(of: thing) as? ScriptBacked.Type`), it reads `thing` in place
    /// when it is statically of this type, and otherwise (an `any Subscription` holding one)
    /// casts to the concrete type rather than looking the conformance up again. Boxing every
    /// traced subscriber into an `Any` and casting it back was most of the cost of naming it.
    public static func scriptValue<Thing>(of thing: Thing) -> Value {
        if Thing.self == Self.self { return unsafeBitCast(thing, to: Self.self).scriptValue }
        return (thing as! Self).scriptValue
    }
}

/// A class instance is identified by itself; a struct by the `combineIdentifier` it stores
/// (`let combineIdentifier = CombineIdentifier()`, which Swift requires of a struct
/// subscriber), so that copies of it are one subscriber, as in compiled code.
func combineIdentifier(for value: Value) -> CombineIdentifier {
    switch value {
    case .object(let object):
        return CombineIdentifier(object)
    case .structValue(let structValue):
        if let index = structValue.type.storedProperties.firstIndex(where: { $0.name == "combineIdentifier" }),
            index < structValue.fields.count,
            case .native(let stored as CombineIdentifierValue) = structValue.fields[index].loaded
        {
            return stored.identifier
        }
        return CombineIdentifier()
    default:
        return CombineIdentifier()
    }
}
