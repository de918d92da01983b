import UndercurrentInterpreter

/// `DispatchWorkItem { ... }`: a block a queue runs unless it was cancelled first.
final class WorkItemValue: NativeValue {
    let block: Value
    var isCancelled = false

    init(block: Value, type: TypeInfo) {
        self.block = block
        super.init(typeInfo: type)
    }

    override var description: String { "Dispatch.DispatchWorkItem" }
}

/// `Thread.current`: the main thread, or a background queue's while its work runs.
final class ThreadValue: NativeValue {
    let isMain: Bool

    init(isMain: Bool, type: TypeInfo) {
        self.isMain = isMain
        super.init(typeInfo: type)
    }

    override var description: String {
        let digits = String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16)
        return "<Thread: 0x" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits + ">"
    }
}

extension StreamBridge {
    /// `DispatchWorkItem`, and `Thread.isMainThread`: false while work of a background
    /// queue (`DispatchQueue.global()`, `DispatchQueue(label:)`, `OperationQueue()`) runs,
    /// as on the compiled program's worker threads; everything really runs on one thread.
    func installThreadsAndWorkItems() {
        let workItem = TypeInfo(name: "DispatchWorkItem", kind: .builtin)
        interpreter.registerType(workItem)
        workItem.initializers = [
            .native(
                NativeFunction(
                    "init(qos:flags:block:)", defaults: ["qos", "flags"],
                    types: [
                        .named(["DispatchQoS"], []), nil,
                        TimeTypes.closureParameter,
                    ]
                ) { arguments in
                    guard case .function = arguments[2].loaded else {
                        throw ScriptError.runtime("a DispatchWorkItem needs a closure to run", at: arguments.location)
                    }
                    return .native(WorkItemValue(block: arguments[2], type: workItem))
                })
        ]
        workItem.addNativeMethod(
            NativeFunction("cancel()") { arguments in
                if case .native(let item as WorkItemValue)? = arguments.receiver?.loaded { item.isCancelled = true }
                return .void
            })
        workItem.addNativeProperty(
            "isCancelled",
            NativeProperty { _, value in
                guard case .native(let item as WorkItemValue) = value.loaded else { return .bool(false) }
                return .bool(item.isCancelled)
            })
        workItem.addNativeMethod(
            NativeFunction("perform()") { [unowned self] arguments in
                guard case .native(let item as WorkItemValue)? = arguments.receiver?.loaded else { return .void }
                _ = try self.interpreter.call(item.block, [], at: arguments.location)
                return .void
            })

        guard interpreter.typeNamed("Thread") == nil else { return }
        let thread = TypeInfo(name: "Thread", kind: .builtin)
        interpreter.registerType(thread)
        thread.addNativeProperty(
            "isMainThread", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                .bool(!self.clock.isRunningBackgroundWork)
            })
        thread.addNativeProperty(
            "current", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                .native(ThreadValue(isMain: !self.clock.isRunningBackgroundWork, type: thread))
            })
        thread.addNativeProperty(
            "main", isStatic: true,
            NativeProperty { _, _ in
                .native(ThreadValue(isMain: true, type: thread))
            })
        thread.addNativeProperty(
            "isMainThread",
            NativeProperty { _, value in
                guard case .native(let current as ThreadValue) = value.loaded else { return .bool(true) }
                return .bool(current.isMain)
            })
    }
}
