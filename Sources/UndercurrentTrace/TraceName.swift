/// An object's name in a trace (`MySubscription#2`, `Map.Inner#1`), kept as the number
/// `ObjectNames` gave it; `ObjectNames.text(of:)` spells it out.
///
/// A number rather than a String because a traced value passes its subscriber's and its
/// subscription's names through the tracer, the contract checker, the call stack and the
/// event recorded, a dozen copies and comparisons: as Strings longer than fifteen bytes,
/// each copy retained and released the text's storage, and each dictionary lookup hashed
/// it. Equal names are equal numbers, and the text of a name never changes.
struct TraceName: Hashable {
    let index: UInt32
}

/// What a name's type tells the tracer about the object.
enum TraceNameRole {
    case ordinary
    /// A `debounce` stage's subscriber (`Debounce.Inner#1`): it holds the newest value.
    case debounceInner
    /// A subject's subscription (`PassthroughSubject.Conduit#1`).
    case subjectConduit

    init(typeName: String) {
        switch typeName {
        case "Debounce.Inner": self = .debounceInner
        case "PassthroughSubject.Conduit", "CurrentValueSubject.Conduit": self = .subjectConduit
        default: self = .ordinary
        }
    }
}
