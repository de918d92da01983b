import OpenCombine
import UndercurrentInterpreter

/// `AnyCancellable` as a script value. When the last reference goes, the engine's
/// `AnyCancellable` deinitializes and cancels, exactly as in compiled code.
public final class CancellableValue: NativeValue {
    public let cancellable: AnyCancellable

    init(_ cancellable: AnyCancellable, type: TypeInfo) {
        self.cancellable = cancellable
        super.init(typeInfo: type)
    }

    // A class without a description of its own prints as its qualified name.
    public override var description: String { "Combine.AnyCancellable" }
    public override var identity: AnyObject { cancellable }
}

/// A `Cancellable` that is not an `AnyCancellable`, such as the connection `connect()`
/// returns: releasing it cancels nothing (only `AnyCancellable` cancels when it goes), so a
/// connected publisher keeps running until `cancel()` is called, as in compiled code.
public final class ConnectionValue: NativeValue {
    public let connection: Cancellable

    init(_ connection: Cancellable, type: TypeInfo) {
        self.connection = connection
        super.init(typeInfo: type)
    }

    public override var description: String { String(describing: connection) }
}

extension StreamBridge {
    public func cancellableValue(_ cancellable: AnyCancellable) -> Value {
        .native(CancellableValue(cancellable, type: types.anyCancellable))
    }

    /// The `Cancellable` a `connect()` returns.
    func connectionValue(_ connection: Cancellable) -> Value {
        .native(ConnectionValue(connection, type: types.connection))
    }

    func installCancellables() {
        let type = types.anyCancellable
        type.initializers = [
            .native(
                NativeFunction("init(_:)") { [unowned self] arguments in
                    let target = arguments[0]
                    if case .function = target {
                        return self.cancellableValue(
                            AnyCancellable { [unowned self] in
                                self.fromEngine(()) { _ = try self.interpreter.call(target, []) }
                            })
                    }
                    if case .native(let existing as CancellableValue) = target {
                        return self.cancellableValue(AnyCancellable(existing.cancellable))
                    }
                    return self.cancellableValue(
                        AnyCancellable { [unowned self] in
                            self.fromEngine(()) {
                                _ = try self.interpreter.callMethod(target, "cancel", labels: [], [], at: .unknown)
                            }
                        })
                })
        ]
        type.addNativeMethod(
            NativeFunction("cancel()") { [unowned self] arguments in
                guard case .native(let native as CancellableValue)? = arguments.receiver else { return .void }
                native.cancellable.cancel()
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
        type.addNativeMethod(
            NativeFunction("store(in:)") { [unowned self] arguments in
                guard let receiver = arguments.receiver else { return .void }
                try self.store(receiver, into: arguments.inoutCells[0], at: arguments.location)
                return .void
            })
        types.connection.addNativeMethod(
            NativeFunction("cancel()") { [unowned self] arguments in
                guard case .native(let native as ConnectionValue)? = arguments.receiver?.loaded else { return .void }
                native.connection.cancel()
                try self.interpreter.throwPendingError()
                return .void
            })
        // `Cancellable` script types: `cancel()` comes from the script; store(in:) from here.
        types.cancellable.addNativeMethod(
            NativeFunction("store(in:)") { [unowned self] arguments in
                guard let receiver = arguments.receiver else { return .void }
                let wrapped = self.cancellableValue(
                    AnyCancellable { [unowned self] in
                        self.fromEngine(()) {
                            _ = try self.interpreter.callMethod(receiver, "cancel", labels: [], [], at: .unknown)
                        }
                    })
                try self.store(wrapped, into: arguments.inoutCells[0], at: arguments.location)
                return .void
            })
    }

    /// `store(in: &set)`: adds a cancellable to a `Set<AnyCancellable>` or an array.
    func store(_ cancellable: Value, into cell: Cell?, at location: SourceLocation) throws {
        guard let cell else {
            throw ScriptError.runtime("store(in:) needs `&` before its collection", at: location)
        }
        switch cell.value {
        case .set(var set):
            cell.value = .void
            set.insert(cancellable)
            cell.value = .set(set)
        case .array(var array):
            cell.value = .void
            array.append(cancellable)
            cell.value = .array(array)
        default:
            throw ScriptError.runtime("store(in:) needs a Set<AnyCancellable> or an [AnyCancellable]", at: location)
        }
    }
}
