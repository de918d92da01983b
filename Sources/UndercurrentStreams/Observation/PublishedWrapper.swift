import OpenCombine
import UndercurrentInterpreter

/// `@Published` for script classes, on OpenCombine's `Published` (see `PublishedStorage`).
struct PublishedWrapper: PropertyWrapperProvider {
    unowned let bridge: StreamBridge
    let storageType: TypeInfo

    func makeStorage(initialValue: Value, owner: ScriptObject?, interpreter: Interpreter) throws -> Value {
        guard owner != nil else {
            throw ScriptError.runtime(
                "@Published is only available on properties of classes",
                notes: ["a struct is copied, so there is no one property to observe"])
        }
        return .native(PublishedStorage(initialValue, type: storageType))
    }

    func read(_ storage: Value, interpreter: Interpreter) throws -> Value {
        guard case .native(let published as PublishedStorage) = storage else { return storage.loaded }
        return published.value
    }

    func write(_ storage: Value, newValue: Value, owner: ScriptObject?, interpreter: Interpreter) throws {
        guard case .native(let published as PublishedStorage) = storage else { return }
        // Subscribers (script closures) run inside this assignment; an error in one is
        // reported once the assignment returns.
        published.value = newValue
        try interpreter.throwPendingError()
    }

    func projectedValue(_ storage: Value, interpreter: Interpreter) throws -> Value {
        guard case .native(let published as PublishedStorage) = storage else {
            throw ScriptError.runtime("this @Published property has no value yet")
        }
        return bridge.publisherValue(.never(AnyValuePublisher(published.publisher)), family: "Published.Publisher")
    }
}
