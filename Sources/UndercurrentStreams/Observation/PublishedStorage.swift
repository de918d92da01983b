import OpenCombine
import UndercurrentInterpreter

/// The storage of one `@Published` property of a script object: OpenCombine's own
/// `Published`, so reading, writing and `$property` behave exactly as in compiled code.
///
/// Writing publishes in `willSet` fashion: `objectWillChange` fires first (when the owner
/// is an `ObservableObject` whose publisher was asked for), then every subscriber of
/// `$property` receives the new value, and only then is it stored — so a subscriber that
/// reads the property still sees the old value.
final class PublishedStorage: NativeValue {
    @OpenCombine.Published var value: Value

    init(_ value: Value, type: TypeInfo) {
        _value = OpenCombine.Published(initialValue: value)
        super.init(typeInfo: type)
    }

    /// `$property`: Combine's `Published<Value>.Publisher`, which gives every new
    /// subscriber the current value and then each new one.
    var publisher: OpenCombine.Published<Value>.Publisher { $value }

    /// The wrapper itself; copies share its storage, which is how an `ObservableObject`'s
    /// `objectWillChange` is installed into it.
    var wrapper: OpenCombine.Published<Value> { _value }

    override var description: String { value.description }
}
