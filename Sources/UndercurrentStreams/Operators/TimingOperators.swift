import OpenCombine
import UndercurrentInterpreter

/// `delay`, `debounce`, `throttle`, `timeout`, `receive(on:)`, `subscribe(on:)` and
/// `measureInterval`: OpenCombine's own operators (`throttle` in Apple's order,
/// Publishers.SubscribedThrottle.swift), given a scheduler on the virtual clock (or
/// OpenCombine's `ImmediateScheduler`).
extension StreamBridge {
    func installTimingOperators() {
        let stride = TimeTypes.strideParameter
        addOperator(
            "delay(for:tolerance:scheduler:options:)", defaults: ["tolerance", "options"],
            types: [stride, stride]
        ) { [unowned self] upstream, arguments in
            let interval = try self.strideNanoseconds(arguments[0], "delay's interval", at: arguments.location)
            let tolerance = try arguments.optional(1).map {
                try self.strideNanoseconds($0, "delay's tolerance", at: arguments.location)
            }
            let scheduler = try self.schedulerArgument(arguments[2], at: arguments.location).scheduler
            return upstream.with(
                { self.delay($0, interval, tolerance, scheduler) },
                { self.delay($0, interval, tolerance, scheduler) })
        }
        addOperator("debounce(for:scheduler:options:)", defaults: ["options"], types: [stride]) {
            [unowned self] upstream, arguments in
            let dueTime = try self.strideNanoseconds(arguments[0], "debounce's interval", at: arguments.location)
            let scheduler = try self.schedulerArgument(arguments[1], at: arguments.location).scheduler
            return upstream.with({ self.debounce($0, dueTime, scheduler) }, { self.debounce($0, dueTime, scheduler) })
        }
        addOperator("throttle(for:scheduler:latest:)", types: [stride, nil, .simple("Bool")]) {
            [unowned self] upstream, arguments in
            let interval = try self.strideNanoseconds(arguments[0], "throttle's interval", at: arguments.location)
            let scheduler = try self.schedulerArgument(arguments[1], at: arguments.location).scheduler
            guard case .bool(let latest) = arguments[2] else {
                throw ScriptError.runtime("throttle's latest: takes a Bool", at: arguments.location)
            }
            return upstream.with(
                { self.throttle($0, interval, scheduler, latest) },
                { self.throttle($0, interval, scheduler, latest) })
        }
        addOperator(
            "timeout(_:scheduler:options:customError:)", defaults: ["options", "customError"],
            types: [stride, nil, nil, .function([], .simple("Error"))]
        ) { [unowned self] upstream, arguments in
            let interval = try self.strideNanoseconds(arguments[0], "timeout's interval", at: arguments.location)
            let scheduler = try self.schedulerArgument(arguments[1], at: arguments.location).scheduler
            if let customError = arguments.optional(3), !customError.isNil {
                let location = arguments.location
                let makeError: () -> ScriptFailure = { [unowned self] in
                    ScriptFailure(self.fromEngine(.void) { try self.interpreter.call(customError, [], at: location) })
                }
                return self.timeout(self.failing(upstream), interval, scheduler, makeError)
            }
            return upstream.with(
                { self.timeout($0, interval, scheduler, nil) },
                { self.timeout($0, interval, scheduler, nil) })
        }
        addOperator("receive(on:options:)", defaults: ["options"]) { [unowned self] upstream, arguments in
            let scheduler = try self.schedulerArgument(arguments[0], at: arguments.location).scheduler
            return upstream.with({ self.receive($0, on: scheduler) }, { self.receive($0, on: scheduler) })
        }
        addOperator("subscribe(on:options:)", defaults: ["options"]) { [unowned self] upstream, arguments in
            let scheduler = try self.schedulerArgument(arguments[0], at: arguments.location).scheduler
            return upstream.with({ self.subscribe($0, on: scheduler) }, { self.subscribe($0, on: scheduler) })
        }
        addOperator("measureInterval(using:options:)", defaults: ["options"]) { [unowned self] upstream, arguments in
            let scheduler = try self.schedulerArgument(arguments[0], at: arguments.location).scheduler
            return upstream.with({ self.measureInterval($0, scheduler) }, { self.measureInterval($0, scheduler) })
        }
    }

    private func delay<P: Publisher, S: ScriptScheduler>(
        _ upstream: P, _ interval: Int64, _ tolerance: Int64?,
        _ scheduler: S
    ) -> Value where P.Output == Value {
        publisherValue(
            upstream.delay(
                for: scheduler.stride(nanoseconds: interval),
                tolerance: tolerance.map { scheduler.stride(nanoseconds: $0) },
                scheduler: scheduler))
    }

    private func debounce<P: Publisher, S: ScriptScheduler>(_ upstream: P, _ dueTime: Int64, _ scheduler: S) -> Value
    where P.Output == Value {
        publisherValue(upstream.debounce(for: scheduler.stride(nanoseconds: dueTime), scheduler: scheduler))
    }

    private func throttle<P: Publisher, S: ScriptScheduler>(
        _ upstream: P, _ interval: Int64, _ scheduler: S,
        _ latest: Bool
    ) -> Value where P.Output == Value {
        publisherValue(
            upstream.subscribedThrottle(
                for: scheduler.stride(nanoseconds: interval), scheduler: scheduler,
                latest: latest, reporter: discardReporter))
    }

    private func timeout<P: Publisher, S: ScriptScheduler>(
        _ upstream: P, _ interval: Int64, _ scheduler: S,
        _ customError: (() -> P.Failure)?
    ) -> Value
    where P.Output == Value {
        publisherValue(
            upstream.timeout(
                scheduler.stride(nanoseconds: interval), scheduler: scheduler,
                customError: customError))
    }

    private func receive<P: Publisher, S: ScriptScheduler>(_ upstream: P, on scheduler: S) -> Value
    where P.Output == Value {
        publisherValue(upstream.receive(on: scheduler))
    }

    private func subscribe<P: Publisher, S: ScriptScheduler>(_ upstream: P, on scheduler: S) -> Value
    where P.Output == Value {
        publisherValue(upstream.subscribe(on: scheduler))
    }

    /// Its output is the scheduler's stride, shown to the script as the compiled program
    /// shows it (`Stride(_nanoseconds: 200000000)` for DispatchQueue, `Stride(magnitude: 0.2)`
    /// for RunLoop), without a stage of its own in the trace.
    private func measureInterval<P: Publisher, S: ScriptScheduler>(_ upstream: P, _ scheduler: S) -> Value
    where P.Output == Value {
        let measured = upstream.measureInterval(using: scheduler)
        let convert: (S.SchedulerTimeType.Stride) -> Value = { [unowned self] stride in
            self.strideValue(scheduler.strideAmount(stride))
        }
        return publisherValue(ConvertingPublisher(upstream: measured, convert: convert))
    }
}
