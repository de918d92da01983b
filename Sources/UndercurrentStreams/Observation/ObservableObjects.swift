import OpenCombine
import UndercurrentInterpreter

/// `@Published`, `ObservableObject.objectWillChange`, `ObservableObjectPublisher` and
/// `assign(to: &$property)` for scripts, on OpenCombine's own types.
extension StreamBridge {
    func installObservation() {
        let storageType = TypeInfo(name: "Published", kind: .builtin)
        interpreter.registerPropertyWrapper("Published", PublishedWrapper(bridge: self, storageType: storageType))
        _ = types.family("Published.Publisher")

        // `objectWillChange` of a class conforming to `ObservableObject` that does not
        // declare its own: OpenCombine's default implementation, which finds the class's
        // @Published properties and installs one `ObservableObjectPublisher` into all of
        // them (each fires it before publishing a change). For a class without @Published
        // properties OpenCombine makes a new publisher on every read, so a `send()` from a
        // `willSet` reaches no one; Apple's is one publisher per instance (a published
        // observation: forums.swift.org/t/58223, "How is the Published property wrapper
        // implemented?", shows `ObjectIdentifier(testObject.objectWillChange)` the same on
        // each read of `class Test: ObservableObject {}`). Here it is kept per object,
        // and let go when the object goes.
        types.observableObject.addNativeProperty(
            "objectWillChange",
            NativeProperty(get: { [unowned self] _, value in
                guard case .object(let object) = value.loaded else {
                    throw ScriptError.runtime("ObservableObject is only available to classes")
                }
                let fields = object.fields.compactMap { field -> OpenCombine.Published<Value>? in
                    guard case .native(let storage as PublishedStorage) = field else { return nil }
                    return storage.wrapper
                }
                guard fields.isEmpty else {
                    return self.observableObjectPublisherValue(PublishedFields(fields).objectWillChange)
                }
                let identity = object.identity
                if let existing = self.willChangePublishers.byObject[identity] {
                    return self.observableObjectPublisherValue(existing)
                }
                let publisher = ObservableObjectPublisher()
                self.willChangePublishers.byObject[identity] = publisher
                return self.observableObjectPublisherValue(publisher)
            }))
        // The registry, not the bridge: objects may outlive the bridge while the environment
        // is torn down, and a weak reference to the bridge would put every retain and
        // release of it (one per value through a script closure) on the runtime's slow path.
        interpreter.deinitObservers.append { [registry = willChangePublishers] identity, _ in
            guard !registry.byObject.isEmpty else { return }
            registry.byObject[identity] = nil
        }

        let observablePublisher = types.family("ObservableObjectPublisher")
        observablePublisher.initializers = [
            .native(
                NativeFunction("init()") { [unowned self] _ in
                    self.observableObjectPublisherValue(ObservableObjectPublisher())
                })
        ]
        observablePublisher.addNativeMethod(
            NativeFunction("send()") { [unowned self] arguments in
                guard case .native(let native as PublisherValue)? = arguments.receiver?.loaded,
                    let adapter = OwnConformances(of: native.publisher.base).stagelessAdapter,
                    let publisher = adapter.adaptedPublisher as? ObservableObjectPublisher
                else {
                    throw ScriptError.runtime("send() needs an ObservableObjectPublisher", at: arguments.location)
                }
                publisher.send()
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })

        // `publisher.assign(to: &$property)`: republishes into a @Published property. The
        // subscription lives as long as the property does, so nothing is returned.
        addOperator("assign(to:)") { [unowned self] upstream, arguments in
            guard case .native(let target as PublisherValue) = arguments[0].loaded,
                var published = target.publisher.base as? OpenCombine.Published<Value>.Publisher
            else {
                throw ScriptError.runtime(
                    "assign(to:) takes a @Published property's publisher, written &$property",
                    at: arguments.location)
            }
            guard case .never(let source) = upstream else {
                throw ScriptError.runtime(
                    "assign(to:) needs a publisher whose Failure is Never",
                    at: arguments.location,
                    notes: ["handle the failure first, e.g. with replaceError(with:) or catch"])
            }
            source.assign(to: &published)
            try self.interpreter.throwPendingError(at: arguments.location)
            return .void
        }
    }

    /// An `ObservableObjectPublisher` (Output `Void`) as a script publisher of `()`.
    func observableObjectPublisherValue(_ publisher: ObservableObjectPublisher) -> Value {
        publisherValue(
            erase(ConvertingPublisher(upstream: publisher) { _ in Value.void }),
            family: "ObservableObjectPublisher")
    }
}

/// Presents a script object's @Published properties to OpenCombine's default
/// `objectWillChange`, which looks for them by reflection.
private final class PublishedFields: ObservableObject, CustomReflectable {
    let fields: [OpenCombine.Published<Value>]

    init(_ fields: [OpenCombine.Published<Value>]) {
        self.fields = fields
    }

    var customMirror: Mirror { Mirror(self, unlabeledChildren: fields) }
}

/// The `objectWillChange` publisher of each `ObservableObject` script object, by identity.
final class WillChangePublishers {
    var byObject: [ObjectIdentifier: ObservableObjectPublisher] = [:]
}
