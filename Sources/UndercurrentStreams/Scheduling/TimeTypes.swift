import OpenCombine
import UndercurrentInterpreter

/// The types of time a script can name, and the scheduler values it shares (there is one
/// `RunLoop.main`, so `RunLoop.main === RunLoop.main`).
final class TimeTypes {
    let dispatchQueue = TypeInfo(name: "DispatchQueue", kind: .builtin)
    let runLoop = TypeInfo(name: "RunLoop", kind: .builtin)
    let operationQueue = TypeInfo(name: "OperationQueue", kind: .builtin)
    let immediate = TypeInfo(name: "ImmediateScheduler", kind: .builtin)
    let dispatchTime = TypeInfo(name: "DispatchTime", kind: .builtin)
    let dispatchTimeInterval = TypeInfo(name: "DispatchTimeInterval", kind: .builtin)
    let qos = TypeInfo(name: "DispatchQoS", kind: .builtin)
    let qosClass = TypeInfo(name: "DispatchQoS.QoSClass", kind: .builtin)
    let attributes = TypeInfo(name: "DispatchQueue.Attributes", kind: .builtin)
    let runLoopMode = TypeInfo(name: "RunLoop.Mode", kind: .builtin)
    let timer = TypeInfo(name: "Timer", kind: .builtin)
    let date = TypeInfo(name: "Date", kind: .builtin)
    let timeGrouping = TypeInfo(name: "Publishers.TimeGroupingStrategy", kind: .builtin)
    /// `SchedulerTimeType` and its `Stride`, per scheduler type.
    private(set) var time: [SchedulerFamily: TypeInfo] = [:]
    private(set) var stride: [SchedulerFamily: TypeInfo] = [:]

    var mainRunLoop: SchedulerValue?
    var mainOperationQueue: SchedulerValue?
    var immediateScheduler: SchedulerValue?
    var nextQueueID = 0

    init() {
        let owners: [(SchedulerFamily, TypeInfo)] = [
            (.dispatchQueue, dispatchQueue), (.runLoop, runLoop),
            (.operationQueue, operationQueue), (.immediate, immediate),
        ]
        for (family, owner) in owners {
            // Full names, so that `stride + .milliseconds(5)` finds `.milliseconds` on the
            // stride's own type (an implicit member takes the other operand's type name).
            let timeType = TypeInfo(name: "\(owner.name).SchedulerTimeType", kind: .builtin)
            let strideType = TypeInfo(name: "\(owner.name).SchedulerTimeType.Stride", kind: .builtin)
            timeType.conformances = ["Equatable", "Hashable", "Comparable", "Strideable"]
            strideType.conformances = ["Equatable", "Hashable", "Comparable", "Numeric"]
            timeType.nestedTypes["Stride"] = strideType
            owner.nestedTypes["SchedulerTimeType"] = timeType
            owner.conformances = ["Scheduler"]
            time[family] = timeType
            stride[family] = strideType
        }
        qos.nestedTypes["QoSClass"] = qosClass
        dispatchQueue.nestedTypes["Attributes"] = attributes
        runLoop.nestedTypes["Mode"] = runLoopMode
        dispatchTime.conformances = ["Equatable", "Hashable", "Comparable"]
        dispatchTimeInterval.conformances = ["Equatable", "Hashable"]
        date.conformances = ["Equatable", "Hashable", "Comparable", "CustomStringConvertible"]
    }

    /// How a parameter names a stride, so that `.milliseconds(100)` finds its type.
    static let strideParameter = TypeRef.named(["DispatchQueue", "SchedulerTimeType", "Stride"], [])
    static let closureParameter = TypeRef.function([], .simple("Void"))
}

extension StreamBridge {
    // MARK: - Making values

    func strideValue(_ amount: StrideAmount) -> Value {
        .native(StrideValue(amount, type: timeTypes.stride[amount.family]!))
    }

    func timeValue(_ kind: TimeValue.Kind, nanoseconds: Int64) -> Value {
        let type: TypeInfo
        switch kind {
        case .dispatchTime: type = timeTypes.dispatchTime
        case .schedulerTime(let family): type = timeTypes.time[family]!
        }
        return .native(TimeValue(kind, nanoseconds: nanoseconds, epoch: clock.epochSecondsSince1970, type: type))
    }

    func intervalValue(_ unit: String, _ count: Int) -> Value {
        .native(IntervalValue(unit: unit, count: count, type: timeTypes.dispatchTimeInterval))
    }

    /// A date `nanoseconds` of virtual time after the clock started.
    func dateValue(atVirtual nanoseconds: Int64) -> Value {
        dateValue(secondsSince1970: Double(clock.epochSecondsSince1970) + Double(nanoseconds) / 1_000_000_000)
    }

    func dateValue(secondsSince1970: Double) -> Value {
        .native(DateValue(secondsSince1970: secondsSince1970, type: timeTypes.date))
    }

    /// The scheduler value of a kind. The main run loop and the main operation queue exist
    /// once (`RunLoop.main === RunLoop.main`); `DispatchQueue.main` and the global queues
    /// are new wrappers at each use, as swift-corelibs-libdispatch's are
    /// (`DispatchQueue.main === DispatchQueue.main` is false in the compiled program).
    func schedulerValue(_ kind: VirtualScheduler.Kind) -> SchedulerValue {
        let types = timeTypes
        func make(_ type: TypeInfo, _ label: String) -> SchedulerValue {
            let scheduler = VirtualScheduler(kind, clock: clock)
            return SchedulerValue(scheduler, family: kind.family, label: label, type: type)
        }
        switch kind {
        case .dispatchMain:
            return make(types.dispatchQueue, "com.apple.main-thread")
        case .dispatchGlobal(let qos):
            return make(types.dispatchQueue, "com.apple.root.\(qos)-qos")
        case .dispatchQueue(let label, _):
            return make(types.dispatchQueue, label)
        case .runLoopMain:
            if let existing = types.mainRunLoop { return existing }
            let value = make(types.runLoop, "")
            types.mainRunLoop = value
            return value
        case .operationQueueMain:
            if let existing = types.mainOperationQueue { return existing }
            let value = make(types.operationQueue, "NSOperationQueue Main Queue")
            types.mainOperationQueue = value
            return value
        case .operationQueue(let id):
            return make(types.operationQueue, "NSOperationQueue \(id)")
        }
    }

    var immediateSchedulerValue: SchedulerValue {
        if let existing = timeTypes.immediateScheduler { return existing }
        let value = SchedulerValue(
            ImmediateScheduler.shared, family: .immediate, label: "",
            type: timeTypes.immediate)
        timeTypes.immediateScheduler = value
        return value
    }

    // MARK: - Reading arguments

    /// A scheduler argument (`scheduler: DispatchQueue.main`).
    func schedulerArgument(_ value: Value, at location: SourceLocation) throws -> SchedulerValue {
        if case .native(let scheduler as SchedulerValue) = value.loaded { return scheduler }
        throw ScriptError.runtime(
            "\(Formatter.typeName(of: value)) is not a scheduler this interpreter can run", at: location,
            notes: [
                "Use DispatchQueue.main, DispatchQueue.global(), DispatchQueue(label:), RunLoop.main, "
                    + "OperationQueue.main, OperationQueue() or ImmediateScheduler.shared; all run on one virtual clock."
            ])
    }

    /// A stride argument in nanoseconds: `.milliseconds(100)`, `.seconds(1)`, a number of
    /// seconds (`0.5`, `1`), or a `DispatchTimeInterval`.
    func strideNanoseconds(_ value: Value, _ what: String, at location: SourceLocation) throws -> Int64 {
        switch value.loaded {
        case .int(let seconds): return VirtualTime.Stride.seconds(seconds).nanoseconds
        case .double(let seconds): return VirtualTime.Stride.nanoseconds(fromSeconds: seconds)
        case .native(let stride as StrideValue): return stride.amount.nanoseconds
        case .native(let interval as IntervalValue): return interval.nanoseconds
        default:
            throw ScriptError.runtime(
                "\(what) must be a stride such as .milliseconds(100), .seconds(1) or 0.5, "
                    + "not \(Formatter.typeName(of: value))", at: location)
        }
    }

    /// An instant argument in virtual nanoseconds: `.now() + 0.2`, `scheduler.now.advanced(by:)`, a `Date`.
    func instantNanoseconds(_ value: Value, at location: SourceLocation) throws -> Int64 {
        switch value.loaded {
        case .native(let time as TimeValue): return time.nanoseconds
        case .native(let date as DateValue):
            return VirtualTime.Stride.nanoseconds(
                fromSeconds: date.secondsSince1970 - Double(clock.epochSecondsSince1970))
        default:
            throw ScriptError.runtime(
                "expected a time such as .now() + 0.5, got \(Formatter.typeName(of: value))",
                at: location)
        }
    }

    /// Seconds as a number (`TimeInterval`).
    func secondsArgument(_ value: Value, _ what: String, at location: SourceLocation) throws -> Double {
        switch value.loaded {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: throw ScriptError.runtime("\(what) must be a number of seconds", at: location)
        }
    }

    /// Runs a script closure that scheduled work calls; errors wait for the interpreter.
    func scheduledAction(_ function: Value, at location: SourceLocation) throws -> () -> Void {
        if case .native(let item as WorkItemValue) = function.loaded {
            return { [unowned self] in
                guard !item.isCancelled else { return }
                self.fromEngine(()) { _ = try self.interpreter.call(item.block, [], at: location) }
            }
        }
        guard case .function = function.loaded else {
            throw ScriptError.runtime(
                "expected a closure to run, got \(Formatter.typeName(of: function))", at: location)
        }
        return { [unowned self] in
            self.fromEngine(()) { _ = try self.interpreter.call(function, [], at: location) }
        }
    }

    // MARK: - Registering the types

    func installSchedulerTypes() {
        let types = timeTypes
        for type in [
            types.dispatchQueue, types.runLoop, types.operationQueue, types.immediate, types.dispatchTime,
            types.dispatchTimeInterval, types.qos, types.timer,
        ] {
            interpreter.registerType(type)
        }
        self.types.publishers.nestedTypes["TimeGroupingStrategy"] = types.timeGrouping
        installDispatchQueue()
        installRunLoopAndOperationQueue()
        for family in [SchedulerFamily.dispatchQueue, .runLoop, .operationQueue, .immediate] {
            installStrideType(family)
            installSchedulerTimeType(family)
        }
        installDispatchTime()
        installNamedValues()
    }

    /// Members every scheduler has: `now`, `minimumTolerance`, `schedule`.
    private func installSchedulerMembers(on type: TypeInfo, family: SchedulerFamily) {
        let timeRef = TypeRef.named([type.name, "SchedulerTimeType"], [])
        let strideRef = TypeRef.named([type.name, "SchedulerTimeType", "Stride"], [])
        let closure = TimeTypes.closureParameter
        type.addNativeProperty(
            "now",
            NativeProperty { [unowned self] _, value in
                let nanoseconds = family == .immediate ? 0 : self.clock.nowNanoseconds
                return self.timeValue(.schedulerTime(family), nanoseconds: nanoseconds)
            })
        type.addNativeProperty(
            "minimumTolerance",
            NativeProperty { [unowned self] _, _ in
                self.strideValue(StrideAmount(family: family, nanoseconds: 0))
            })
        type.addNativeMethod(
            NativeFunction("schedule(options:_:)", defaults: ["options"], types: [nil, closure]) {
                [unowned self] arguments in
                let scheduler = try self.schedulerArgument(arguments.receiver ?? .void, at: arguments.location)
                let action = try self.scheduledAction(arguments[1], at: arguments.location)
                scheduleNow(scheduler.scheduler, action)
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
        type.addNativeMethod(
            NativeFunction(
                "schedule(after:tolerance:options:_:)", defaults: ["tolerance", "options"],
                types: [timeRef, strideRef, nil, closure]
            ) { [unowned self] arguments in
                let scheduler = try self.schedulerArgument(arguments.receiver ?? .void, at: arguments.location)
                let date = try self.instantNanoseconds(arguments[0], at: arguments.location)
                let action = try self.scheduledAction(arguments[3], at: arguments.location)
                scheduleAfter(scheduler.scheduler, date, action)
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
        type.addNativeMethod(
            NativeFunction(
                "schedule(after:interval:tolerance:options:_:)",
                defaults: ["tolerance", "options"],
                types: [timeRef, strideRef, strideRef, nil, closure]
            ) {
                [unowned self] arguments in
                let scheduler = try self.schedulerArgument(arguments.receiver ?? .void, at: arguments.location)
                let date = try self.instantNanoseconds(arguments[0], at: arguments.location)
                let interval = try self.strideNanoseconds(arguments[1], "the interval", at: arguments.location)
                let action = try self.scheduledAction(arguments[4], at: arguments.location)
                let cancellable = scheduleRepeating(scheduler.scheduler, date, interval, action)
                try self.interpreter.throwPendingError(at: arguments.location)
                return self.cancellableValue(AnyCancellable(cancellable))
            })
    }

    private func installDispatchQueue() {
        let types = timeTypes
        let queue = types.dispatchQueue
        installSchedulerMembers(on: queue, family: .dispatchQueue)
        queue.addNativeProperty(
            "main", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                .native(self.schedulerValue(.dispatchMain))
            })
        let qosRef = TypeRef.named(["DispatchQoS", "QoSClass"], [])
        queue.addNativeMethod(
            NativeFunction("global(qos:)", defaults: ["qos"], types: [qosRef]) {
                [unowned self] arguments in
                var qos = "default"
                if case .native(let named as NamedValue)? = arguments.optional(0) { qos = named.name }
                return .native(self.schedulerValue(.dispatchGlobal(qos: qos)))
            }, isStatic: true)
        queue.initializers = [
            .native(
                NativeFunction(
                    "init(label:qos:attributes:autoreleaseFrequency:target:)",
                    defaults: ["qos", "attributes", "autoreleaseFrequency", "target"],
                    types: [
                        .simple("String"), .named(["DispatchQoS"], []), .named(["DispatchQueue", "Attributes"], []),
                    ]
                ) {
                    [unowned self] arguments in
                    guard case .string(let label) = arguments[0] else {
                        throw ScriptError.runtime("a queue's label is a String", at: arguments.location)
                    }
                    self.timeTypes.nextQueueID += 1
                    return .native(self.schedulerValue(.dispatchQueue(label: label, id: self.timeTypes.nextQueueID)))
                })
        ]
        queue.addNativeProperty(
            "label",
            NativeProperty { _, value in
                guard case .native(let scheduler as SchedulerValue) = value else { return .string("") }
                return .string(scheduler.label)
            })
        let closure = TimeTypes.closureParameter
        queue.addNativeMethod(
            NativeFunction(
                "async(group:qos:flags:execute:)", defaults: ["group", "qos", "flags"],
                types: [nil, .named(["DispatchQoS"], []), nil, closure]
            ) {
                [unowned self] arguments in
                let scheduler = try self.schedulerArgument(arguments.receiver ?? .void, at: arguments.location)
                let action = try self.scheduledAction(arguments[3], at: arguments.location)
                scheduleNow(scheduler.scheduler, action)
                return .void
            })
        queue.addNativeMethod(
            NativeFunction(
                "asyncAfter(deadline:qos:flags:execute:)", defaults: ["qos", "flags"],
                types: [
                    .named(["DispatchTime"], []), .named(["DispatchQoS"], []), nil,
                    closure,
                ]
            ) { [unowned self] arguments in
                let scheduler = try self.schedulerArgument(arguments.receiver ?? .void, at: arguments.location)
                let deadline = try self.instantNanoseconds(arguments[0], at: arguments.location)
                let action = try self.scheduledAction(arguments[3], at: arguments.location)
                scheduleAfter(scheduler.scheduler, deadline, action)
                return .void
            })
        queue.addNativeMethod(
            NativeFunction("sync(execute:)", types: [closure]) { [unowned self] arguments in
                let scheduler = try self.schedulerArgument(arguments.receiver ?? .void, at: arguments.location)
                if scheduler.virtual?.kind == .dispatchMain {
                    throw ScriptError.runtime(
                        "DispatchQueue.main.sync from the main thread never returns", at: arguments.location,
                        notes: [
                            "The script runs on the main queue: sync would wait for itself (a deadlock).",
                            "Use DispatchQueue.main.async instead.",
                        ])
                }
                // One thread: the queue is idle whenever the script runs, so the block runs now.
                return try self.interpreter.call(arguments[0], [], at: arguments.location)
            })
    }

    private func installRunLoopAndOperationQueue() {
        let types = timeTypes
        let runLoop = types.runLoop
        installSchedulerMembers(on: runLoop, family: .runLoop)
        for name in ["main", "current"] {
            runLoop.addNativeProperty(
                name, isStatic: true,
                NativeProperty { [unowned self] _, _ in
                    .native(self.schedulerValue(.runLoopMain))
                })
        }
        runLoop.addNativeMethod(
            NativeFunction("perform(_:)", types: [TimeTypes.closureParameter]) {
                [unowned self] arguments in
                let action = try self.scheduledAction(arguments[0], at: arguments.location)
                self.clock.schedule(at: self.clock.nowNanoseconds, lane: .runLoop, action)
                return .void
            })
        runLoop.addNativeMethod(
            NativeFunction("run(until:)", types: [.named(["Date"], [])]) { [unowned self] arguments in
                // The playground idiom `RunLoop.main.run(until: Date(timeIntervalSinceNow: 2))`: time passes here.
                let target = try self.instantNanoseconds(arguments[0], at: arguments.location)
                self.clock.advance(to: max(target, self.clock.nowNanoseconds))
                try self.interpreter.throwPendingError(at: arguments.location)
                return .void
            })
        runLoop.addNativeMethod(
            NativeFunction("run()") { arguments in
                throw ScriptError.runtime(
                    "RunLoop.run() never returns", at: arguments.location,
                    notes: [
                        "Use run(until: Date(timeIntervalSinceNow: seconds)) to let time pass; "
                            + "after the script, scheduled work runs anyway."
                    ])
            })

        let operationQueue = types.operationQueue
        installSchedulerMembers(on: operationQueue, family: .operationQueue)
        operationQueue.addNativeProperty(
            "main", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                .native(self.schedulerValue(.operationQueueMain))
            })
        operationQueue.initializers = [
            .native(
                NativeFunction("init()") { [unowned self] _ in
                    self.timeTypes.nextQueueID += 1
                    return .native(self.schedulerValue(.operationQueue(id: self.timeTypes.nextQueueID)))
                })
        ]
        operationQueue.addNativeMethod(
            NativeFunction("addOperation(_:)", types: [TimeTypes.closureParameter]) {
                [unowned self] arguments in
                let scheduler = try self.schedulerArgument(arguments.receiver ?? .void, at: arguments.location)
                scheduleNow(scheduler.scheduler, try self.scheduledAction(arguments[0], at: arguments.location))
                return .void
            })
        operationQueue.addNativeProperty(
            "maxConcurrentOperationCount",
            NativeProperty { _, value in
                guard case .native(let scheduler as SchedulerValue) = value else { return .int(-1) }
                return .int(scheduler.virtual?.kind == .operationQueueMain ? 1 : -1)
            })

        let immediate = types.immediate
        installSchedulerMembers(on: immediate, family: .immediate)
        immediate.addNativeProperty(
            "shared", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                .native(self.immediateSchedulerValue)
            })
    }

    /// `DispatchQueue.SchedulerTimeType.Stride` and its siblings.
    private func installStrideType(_ family: SchedulerFamily) {
        let type = timeTypes.stride[family]!
        func amount(seconds: Double) -> StrideAmount {
            // ImmediateScheduler's `.seconds(_:)` and friends are all zero.
            family == .immediate
                ? StrideAmount(family: family, count: 0) : StrideAmount(family: family, seconds: seconds)
        }
        func amount(nanoseconds: Int64) -> StrideAmount {
            family == .immediate
                ? StrideAmount(family: family, count: 0) : StrideAmount(family: family, nanoseconds: nanoseconds)
        }
        type.addNativeMethod(
            NativeFunction("seconds(_:)") { [unowned self] arguments in
                switch arguments[0] {
                case .int(let seconds):
                    return self.strideValue(amount(nanoseconds: VirtualTime.Stride.seconds(seconds).nanoseconds))
                case .double(let seconds): return self.strideValue(amount(seconds: seconds))
                default: throw ScriptError.runtime(".seconds takes a number", at: arguments.location)
                }
            }, isStatic: true)
        let units: [(String, (Int) -> VirtualTime.Stride)] = [
            ("milliseconds", VirtualTime.Stride.milliseconds), ("microseconds", VirtualTime.Stride.microseconds),
            ("nanoseconds", VirtualTime.Stride.nanoseconds),
        ]
        for (unit, make) in units {
            type.addNativeMethod(
                NativeFunction("\(unit)(_:)", types: [.simple("Int")]) { [unowned self] arguments in
                    guard case .int(let count) = arguments[0] else {
                        throw ScriptError.runtime(".\(unit) takes an Int", at: arguments.location)
                    }
                    return self.strideValue(amount(nanoseconds: make(count).nanoseconds))
                }, isStatic: true)
        }
        type.addNativeProperty(
            "zero", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                self.strideValue(StrideAmount(family: family, nanoseconds: 0))
            })
        type.initializers = [
            .native(
                NativeFunction("init(_:)") { [unowned self] arguments in
                    switch arguments[0].loaded {
                    case .int(let number) where family == .immediate:
                        return self.strideValue(StrideAmount(family: family, count: number))
                    case .double(let number) where family == .immediate:
                        return self.strideValue(StrideAmount(family: family, count: clampedInt(number)))
                    default:
                        let nanoseconds = try self.strideNanoseconds(arguments[0], "a stride", at: arguments.location)
                        return self.strideValue(StrideAmount(family: family, nanoseconds: nanoseconds))
                    }
                })
        ]
        type.addNativeProperty(
            "magnitude",
            NativeProperty { _, value in
                guard case .native(let stride as StrideValue) = value else { return .void }
                return stride.amount.magnitudeValue
            })
        type.addNativeProperty(
            "timeInterval",
            NativeProperty { [unowned self] _, value in
                guard case .native(let stride as StrideValue) = value else { return .void }
                if case .nanoseconds(let nanoseconds) = stride.amount.magnitude {
                    return self.intervalValue("nanoseconds", Int(nanoseconds))
                }
                return stride.amount.magnitudeValue
            })
        type.addNativeProperty("description", NativeProperty { _, value in .string(value.description) })
        /// Either side may be a number (seconds, or a plain count for ImmediateScheduler).
        func operand(_ value: Value, _ location: SourceLocation) throws -> StrideAmount {
            switch value.loaded {
            case .native(let stride as StrideValue): return stride.amount
            case .int(let number) where family == .immediate: return StrideAmount(family: family, count: number)
            default:
                return StrideAmount(
                    family: family, nanoseconds: try self.strideNanoseconds(value, "a stride", at: location))
            }
        }
        let arithmetic: [(String, (Int64, Int64) -> Int64)] = [
            ("+", { $0.addingSaturated($1) }), ("-", { $0.addingSaturated($1 == .min ? .max : -$1) }),
        ]
        for (op, apply) in arithmetic {
            type.addNativeMethod(
                NativeFunction("\(op)(_:_:)") { [unowned self] arguments in
                    let lhs = try operand(arguments[0], arguments.location)
                    let rhs = try operand(arguments[1], arguments.location)
                    if case .count(let left) = lhs.magnitude, case .count(let right) = rhs.magnitude {
                        return self.strideValue(
                            StrideAmount(family: .immediate, count: op == "+" ? left + right : left - right))
                    }
                    if case .seconds(let left) = lhs.magnitude, case .seconds(let right) = rhs.magnitude {
                        return self.strideValue(
                            StrideAmount(family: lhs.family, seconds: op == "+" ? left + right : left - right))
                    }
                    return self.strideValue(lhs.with(nanoseconds: apply(lhs.nanoseconds, rhs.nanoseconds)))
                }, isStatic: true)
        }
        let comparisons: [(String, (Int64, Int64) -> Bool)] = [("<", { $0 < $1 }), ("==", { $0 == $1 })]
        for (op, compare) in comparisons {
            type.addNativeMethod(
                NativeFunction("\(op)(_:_:)") { arguments in
                    let lhs = try operand(arguments[0], arguments.location)
                    let rhs = try operand(arguments[1], arguments.location)
                    return .bool(compare(lhs.nanoseconds, rhs.nanoseconds))
                }, isStatic: true)
        }
    }

    /// `DispatchQueue.SchedulerTimeType` and its siblings: what `scheduler.now` returns.
    private func installSchedulerTimeType(_ family: SchedulerFamily) {
        let type = timeTypes.time[family]!
        let strideRef = TypeRef.named(["DispatchQueue", "SchedulerTimeType", "Stride"], [])
        type.addNativeMethod(
            NativeFunction("advanced(by:)", types: [strideRef]) { [unowned self] arguments in
                guard case .native(let time as TimeValue)? = arguments.receiver else { return .void }
                if family == .immediate { return arguments.receiver ?? .void }
                let offset = try self.strideNanoseconds(arguments[0], "advanced(by:)'s stride", at: arguments.location)
                return self.timeValue(time.kind, nanoseconds: time.nanoseconds.addingSaturated(offset))
            })
        type.addNativeMethod(
            NativeFunction("distance(to:)") { [unowned self] arguments in
                guard case .native(let time as TimeValue)? = arguments.receiver,
                    case .native(let other as TimeValue) = arguments[0].loaded
                else {
                    throw ScriptError.runtime(
                        "distance(to:) takes another time of the same scheduler", at: arguments.location)
                }
                if family == .immediate { return self.strideValue(StrideAmount(family: family, count: 0)) }
                return self.strideValue(StrideAmount(family: family, nanoseconds: other.nanoseconds - time.nanoseconds))
            })
        if family == .dispatchQueue {
            type.addNativeProperty(
                "dispatchTime",
                NativeProperty { [unowned self] _, value in
                    guard case .native(let time as TimeValue) = value else { return .void }
                    return self.timeValue(.dispatchTime, nanoseconds: time.nanoseconds)
                })
            type.initializers = [
                .native(
                    NativeFunction("init(_:)") { [unowned self] arguments in
                        self.timeValue(
                            .schedulerTime(.dispatchQueue),
                            nanoseconds: try self.instantNanoseconds(arguments[0], at: arguments.location))
                    })
            ]
        }
        if family == .runLoop || family == .operationQueue {
            type.addNativeProperty(
                "date",
                NativeProperty { [unowned self] _, value in
                    guard case .native(let time as TimeValue) = value else { return .void }
                    return self.dateValue(atVirtual: time.nanoseconds)
                })
            type.initializers = [
                .native(
                    NativeFunction("init(_:)") { [unowned self] arguments in
                        self.timeValue(
                            .schedulerTime(family),
                            nanoseconds: try self.instantNanoseconds(arguments[0], at: arguments.location))
                    })
            ]
        }
        installInstantComparisons(on: type)
    }

    private func installInstantComparisons(on type: TypeInfo) {
        let comparisons: [(String, (Int64, Int64) -> Bool)] = [("<", { $0 < $1 }), ("==", { $0 == $1 })]
        for (op, compare) in comparisons {
            type.addNativeMethod(
                NativeFunction("\(op)(_:_:)") { [unowned self] arguments in
                    let lhs = try self.instantNanoseconds(arguments[0], at: arguments.location)
                    let rhs = try self.instantNanoseconds(arguments[1], at: arguments.location)
                    return .bool(compare(lhs, rhs))
                }, isStatic: true)
        }
    }

    /// `DispatchTime` (`.now() + 0.2`) and `DispatchTimeInterval` (`.milliseconds(200)`).
    private func installDispatchTime() {
        let types = timeTypes
        let time = types.dispatchTime
        time.addNativeMethod(
            NativeFunction("now()") { [unowned self] _ in
                self.timeValue(.dispatchTime, nanoseconds: self.clock.nowNanoseconds)
            }, isStatic: true)
        time.addNativeProperty(
            "distantFuture", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                self.timeValue(.dispatchTime, nanoseconds: .max)
            })
        time.addNativeProperty(
            "uptimeNanoseconds",
            NativeProperty { _, value in
                guard case .native(let time as TimeValue) = value else { return .void }
                return .int(Int(time.nanoseconds))
            })
        time.addNativeProperty(
            "rawValue",
            NativeProperty { _, value in
                guard case .native(let time as TimeValue) = value else { return .void }
                return .int(Int(time.nanoseconds))
            })
        for (op, sign) in [("+", Int64(1)), ("-", Int64(-1))] {
            time.addNativeMethod(
                NativeFunction("\(op)(_:_:)") { [unowned self] arguments in
                    guard case .native(let base as TimeValue) = arguments[0].loaded else {
                        throw ScriptError.runtime("a DispatchTime goes on the left of \(op)", at: arguments.location)
                    }
                    let offset = try self.strideNanoseconds(arguments[1], "the time added", at: arguments.location)
                    if offset == .max && sign > 0 { return self.timeValue(.dispatchTime, nanoseconds: .max) }
                    let delta = sign > 0 ? offset : (offset == .min ? .max : -offset)
                    return self.timeValue(.dispatchTime, nanoseconds: base.nanoseconds.addingSaturated(delta))
                }, isStatic: true)
        }
        installInstantComparisons(on: time)

        // `.now() + .milliseconds(200)` looks `.milliseconds` up on DispatchTime (the other
        // operand's type), so DispatchTime answers with the DispatchTimeInterval.
        let interval = types.dispatchTimeInterval
        for owner in [interval, time] {
            for unit in ["seconds", "milliseconds", "microseconds", "nanoseconds"] {
                owner.addNativeMethod(
                    NativeFunction("\(unit)(_:)", types: [.simple("Int")]) { [unowned self] arguments in
                        guard case .int(let count) = arguments[0] else {
                            throw ScriptError.runtime(
                                "DispatchTimeInterval.\(unit) takes an Int", at: arguments.location)
                        }
                        return self.intervalValue(unit, count)
                    }, isStatic: true)
            }
        }
        interval.addNativeProperty(
            "never", isStatic: true,
            NativeProperty { [unowned self] _, _ in
                self.intervalValue("never", 0)
            })
        interval.addNativeMethod(
            NativeFunction("==(_:_:)") { arguments in
                guard case .native(let lhs as IntervalValue) = arguments[0].loaded,
                    case .native(let rhs as IntervalValue) = arguments[1].loaded
                else { return .bool(false) }
                return .bool(lhs.nanoseconds == rhs.nanoseconds)
            }, isStatic: true)
    }

    /// `DispatchQoS`, `DispatchQueue.Attributes`, `RunLoop.Mode`.
    private func installNamedValues() {
        let types = timeTypes
        let qosNames = ["background", "utility", "default", "userInitiated", "userInteractive", "unspecified"]
        for name in qosNames {
            types.qos.addNativeProperty(
                name, isStatic: true,
                NativeProperty { _, _ in
                    .native(
                        NamedValue(
                            name: name,
                            text: "DispatchQoS(qosClass: Dispatch.DispatchQoS.QoSClass.\(name), relativePriority: 0)",
                            type: types.qos))
                })
            types.qosClass.addNativeProperty(
                name, isStatic: true,
                NativeProperty { _, _ in
                    .native(NamedValue(name: name, text: name, type: types.qosClass))
                })
        }
        for name in ["concurrent", "initiallyInactive"] {
            types.attributes.addNativeProperty(
                name, isStatic: true,
                NativeProperty { _, _ in
                    .native(
                        NamedValue(
                            name: name, text: "Attributes(rawValue: \(name == "concurrent" ? 2 : 4))",
                            type: types.attributes))
                })
        }
        let modes = [
            ("common", "kCFRunLoopCommonModes"), ("default", "kCFRunLoopDefaultMode"),
            ("tracking", "NSEventTrackingRunLoopMode"),
        ]
        for (name, raw) in modes {
            types.runLoopMode.addNativeProperty(
                name, isStatic: true,
                NativeProperty { _, _ in
                    .native(NamedValue(name: name, text: "Mode(rawValue: \"\(raw)\")", type: types.runLoopMode))
                })
        }
    }
}

// MARK: - Scheduling through any scheduler (opened generically)

private func scheduleNow<S: ScriptScheduler>(_ scheduler: S, _ action: @escaping () -> Void) {
    scheduler.schedule(action)
}

private func scheduleAfter<S: ScriptScheduler>(_ scheduler: S, _ nanoseconds: Int64, _ action: @escaping () -> Void) {
    scheduler.schedule(after: scheduler.time(nanoseconds: nanoseconds), action)
}

private func scheduleRepeating<S: ScriptScheduler>(
    _ scheduler: S, _ nanoseconds: Int64, _ interval: Int64,
    _ action: @escaping () -> Void
) -> Cancellable {
    scheduler.schedule(
        after: scheduler.time(nanoseconds: nanoseconds),
        interval: scheduler.stride(nanoseconds: interval), action)
}
