import OpenCombine
import UndercurrentInterpreter

/// `Timer.publish(every:on:in:)` on the virtual clock. It follows OpenCombineFoundation's
/// `Timer.TimerPublisher`: a `ConnectablePublisher` whose `connect()` starts a repeating
/// run loop timer (first fire one interval after connecting; tolerance ignored, as Combine
/// ignores it), and whose subscriptions each hold their own demand and drop ticks they were
/// not asked for. Subscribers are sent to in the order they subscribed (OpenCombine keeps
/// them in a dictionary, in no particular order).
enum Timer {
    final class TimerPublisher: ConnectablePublisher, CustomStringConvertible {
        typealias Output = Value
        typealias Failure = Never

        let interval: Double
        let mode: String
        private weak var clock: VirtualClock?
        /// The date a tick publishes: the virtual now.
        private let makeDate: () -> Value
        private var sides: [(id: CombineIdentifier, send: (Value) -> Void)] = []

        init(interval: Double, mode: String, clock: VirtualClock, makeDate: @escaping () -> Value) {
            self.interval = interval
            self.mode = mode
            self.clock = clock
            self.makeDate = makeDate
        }

        var description: String { "Timer.TimerPublisher" }

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Value, Downstream.Failure == Never {
            let inner = Inner(parent: self, downstream: subscriber)
            sides.append((inner.combineIdentifier, inner.send))
            subscriber.receive(subscription: inner)
        }

        /// Starts a timer; every call starts another one, as in OpenCombine.
        func connect() -> Cancellable {
            guard let clock else { return AnyCancellable {} }
            let nanoseconds = VirtualTime.Stride.nanoseconds(fromSeconds: interval)
            // A run loop timer of interval 0 or less fires once, at once.
            let token = clock.schedule(
                at: clock.nowNanoseconds.addingSaturated(Swift.max(nanoseconds, 0)),
                interval: nanoseconds > 0 ? nanoseconds : nil, lane: .timer
            ) { self.fire() }
            return Connection(publisher: self, clock: clock, token: token)
        }

        private func fire() {
            let date = makeDate()
            for side in sides {
                side.send(date)
            }
        }

        fileprivate func disconnectAll() {
            sides = []
        }

        fileprivate func disconnect(_ id: CombineIdentifier) {
            sides.removeAll { $0.id == id }
        }

        private struct Connection: Cancellable {
            let publisher: TimerPublisher
            weak var clock: VirtualClock?
            let token: VirtualClock.Token

            func cancel() {
                publisher.disconnectAll()
                clock?.cancel(token)
            }
        }

        private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible
        where Downstream.Input == Value, Downstream.Failure == Never {
            private var downstream: Downstream?
            private var pending = Subscribers.Demand.none
            private weak var parent: TimerPublisher?

            init(parent: TimerPublisher, downstream: Downstream) {
                self.parent = parent
                self.downstream = downstream
            }

            var description: String { "TimerPublisher.Inner" }

            func send(_ date: Value) {
                guard let downstream, pending != .none else { return }
                pending -= 1
                let newDemand = downstream.receive(date)
                if newDemand == .none { return }
                pending += newDemand
            }

            func request(_ demand: Subscribers.Demand) {
                guard downstream != nil else { return }
                pending += demand
            }

            func cancel() {
                guard downstream != nil else { return }
                downstream = nil
                parent?.disconnect(combineIdentifier)
            }
        }
    }
}

/// `Timer.scheduledTimer(withTimeInterval:repeats:block:)` as a script value.
final class TimerValue: NativeValue {
    var token: VirtualClock.Token?
    weak var clock: VirtualClock?

    override var description: String { "<Timer>" }

    var isValid: Bool { token != nil }

    func invalidate() {
        if let token { clock?.cancel(token) }
        token = nil
    }
}

extension StreamBridge {
    func installTimerAndDate() {
        let types = timeTypes
        let timer = types.timer
        let family = self.types.family("Timer.TimerPublisher", conformances: ["Publisher", "ConnectablePublisher"])
        timer.nestedTypes["TimerPublisher"] = family
        let interval = TypeRef.named(["TimeInterval"], [])
        timer.addNativeMethod(
            NativeFunction(
                "publish(every:tolerance:on:in:options:)",
                defaults: ["tolerance", "options"],
                types: [
                    interval, interval, .named(["RunLoop"], []),
                    .named(["RunLoop", "Mode"], []),
                ]
            ) { [unowned self] arguments in
                let seconds = try self.secondsArgument(arguments[0], "Timer.publish's interval", at: arguments.location)
                guard seconds.isFinite else {
                    throw ScriptError.runtime("Timer.publish needs a finite interval", at: arguments.location)
                }
                let runLoop = try self.schedulerArgument(arguments[2], at: arguments.location)
                guard runLoop.family == .runLoop else {
                    throw ScriptError.runtime("Timer.publish runs on a RunLoop (on: .main)", at: arguments.location)
                }
                var mode = "common"
                if case .native(let named as NamedValue) = arguments[3].loaded { mode = named.name }
                let publisher = Timer.TimerPublisher(interval: seconds, mode: mode, clock: self.clock) {
                    [unowned self] in
                    self.dateValue(atVirtual: self.clock.nowNanoseconds)
                }
                return self.publisherValue(.never(AnyValuePublisher(publisher)), family: "Timer.TimerPublisher")
            }, isStatic: true)
        family.addNativeMethod(
            NativeFunction("autoconnect()") { [unowned self] arguments in
                self.publisherValue(try self.timerPublisher(arguments).autoconnect())
            })
        family.addNativeMethod(
            NativeFunction("connect()") { [unowned self] arguments in
                let connection = try self.timerPublisher(arguments).connect()
                return self.connectionValue(connection)
            })

        timer.addNativeMethod(
            NativeFunction(
                "scheduledTimer(withTimeInterval:repeats:block:)",
                types: [
                    interval, .simple("Bool"),
                    .function([.simple("Timer")], .simple("Void")),
                ]
            ) {
                [unowned self] arguments in
                let seconds = try self.secondsArgument(arguments[0], "the timer's interval", at: arguments.location)
                guard case .bool(let repeats) = arguments[1] else {
                    throw ScriptError.runtime("repeats: takes a Bool", at: arguments.location)
                }
                let block = arguments[2]
                let location = arguments.location
                let value = TimerValue(typeInfo: self.timeTypes.timer)
                value.clock = self.clock
                let nanoseconds = max(VirtualTime.Stride.nanoseconds(fromSeconds: seconds), 0)
                // Foundation's scheduled timers fire no more often than every 0.1 ms.
                let period = max(nanoseconds, 100_000)
                value.token = self.clock.schedule(
                    at: self.clock.nowNanoseconds.addingSaturated(nanoseconds),
                    interval: repeats ? period : nil, lane: .timer
                ) { [unowned self, weak value] in
                    guard let value else { return }
                    if !repeats { value.token = nil }
                    self.fromEngine(()) { _ = try self.interpreter.call(block, [.native(value)], at: location) }
                }
                return .native(value)
            }, isStatic: true)
        timer.addNativeMethod(
            NativeFunction("invalidate()") { arguments in
                if case .native(let value as TimerValue)? = arguments.receiver { value.invalidate() }
                return .void
            })
        timer.addNativeProperty(
            "isValid",
            NativeProperty { _, value in
                guard case .native(let timer as TimerValue) = value else { return .bool(false) }
                return .bool(timer.isValid)
            })

        if interpreter.typeNamed("Date") == nil {
            interpreter.registerType(types.date)
            installDate()
        }
    }

    private func timerPublisher(_ arguments: NativeArguments) throws -> Timer.TimerPublisher {
        guard case .native(let value as PublisherValue)? = arguments.receiver?.loaded,
            let timer = value.publisher.base as? Timer.TimerPublisher
        else {
            throw ScriptError.runtime("this is not a Timer publisher", at: arguments.location)
        }
        return timer
    }

    /// Just enough of `Date` for timers and run loops: dates on the virtual clock.
    private func installDate() {
        let date = timeTypes.date
        let interval = TypeRef.named(["TimeInterval"], [])
        func seconds(_ value: Value?) -> Double {
            guard case .native(let date as DateValue)? = value?.loaded else { return 0 }
            return date.secondsSince1970
        }
        date.initializers = [
            .native(
                NativeFunction("init()") { [unowned self] _ in
                    self.dateValue(atVirtual: self.clock.nowNanoseconds)
                }),
            .native(
                NativeFunction("init(timeIntervalSinceNow:)", types: [interval]) { [unowned self] arguments in
                    let offset = try self.secondsArgument(arguments[0], "the interval", at: arguments.location)
                    return self.dateValue(
                        secondsSince1970: Double(self.clock.epochSecondsSince1970)
                            + Double(self.clock.nowNanoseconds) / 1_000_000_000 + offset)
                }),
            .native(
                NativeFunction("init(timeIntervalSince1970:)", types: [interval]) { [unowned self] arguments in
                    self.dateValue(
                        secondsSince1970: try self.secondsArgument(
                            arguments[0], "the interval",
                            at: arguments.location))
                }),
        ]
        date.addNativeProperty("timeIntervalSince1970", NativeProperty { _, value in .double(seconds(value)) })
        date.addNativeProperty(
            "timeIntervalSinceNow",
            NativeProperty { [unowned self] _, value in
                .double(
                    seconds(value)
                        - (Double(self.clock.epochSecondsSince1970)
                            + Double(self.clock.nowNanoseconds) / 1_000_000_000))
            })
        date.addNativeProperty("description", NativeProperty { _, value in .string(value.description) })
        date.addNativeMethod(
            NativeFunction("timeIntervalSince(_:)") { arguments in
                .double(seconds(arguments.receiver) - seconds(arguments[0]))
            })
        date.addNativeMethod(
            NativeFunction("distance(to:)") { arguments in
                .double(seconds(arguments[0]) - seconds(arguments.receiver))
            })
        date.addNativeMethod(
            NativeFunction("addingTimeInterval(_:)", types: [interval]) { [unowned self] arguments in
                let offset = try self.secondsArgument(arguments[0], "the interval", at: arguments.location)
                return self.dateValue(secondsSince1970: seconds(arguments.receiver) + offset)
            })
        for (op, sign) in [("+", 1.0), ("-", -1.0)] {
            date.addNativeMethod(
                NativeFunction("\(op)(_:_:)") { [unowned self] arguments in
                    let offset = try self.secondsArgument(arguments[1], "the interval", at: arguments.location)
                    return self.dateValue(secondsSince1970: seconds(arguments[0]) + sign * offset)
                }, isStatic: true)
        }
        let comparisons: [(String, (Double, Double) -> Bool)] = [("<", { $0 < $1 }), ("==", { $0 == $1 })]
        for (op, compare) in comparisons {
            date.addNativeMethod(
                NativeFunction("\(op)(_:_:)") { arguments in
                    .bool(compare(seconds(arguments[0]), seconds(arguments[1])))
                }, isStatic: true)
        }
    }
}
