import OpenCombine
import UndercurrentInterpreter

extension StreamBridge {
    func installDebuggingOperators() {
        addOperator("print(_:)", defaults: ["_"]) { [unowned self] upstream, arguments in
            var prefix = ""
            if case .string(let text)? = arguments.optional(0) { prefix = text }
            let stream = ScriptOutputStream(bridge: self)
            return upstream.with(
                { self.publisherValue($0.print(prefix, to: stream)) },
                { self.publisherValue($0.print(prefix, to: stream)) })
        }
        addOperator(
            "handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:receiveRequest:)",
            defaults: [
                "receiveSubscription", "receiveOutput", "receiveCompletion", "receiveCancel",
                "receiveRequest",
            ],
            types: [
                .function([.simple("Subscription")], .simple("Void")),
                .function([.simple("Output")], .simple("Void")),
                .function([.named(["Subscribers", "Completion"], [])], .simple("Void")),
                .function([], .simple("Void")),
                .function([.named(["Subscribers", "Demand"], [])], .simple("Void")),
            ]
        ) {
            [unowned self] upstream, arguments in
            let location = arguments.location
            let subscription = self.consumer(arguments.optional(0), at: location)
            let output = self.consumer(arguments.optional(1), at: location)
            let completion = self.consumer(arguments.optional(2), at: location)
            let cancel = self.action(arguments.optional(3), at: location)
            let request = self.consumer(arguments.optional(4), at: location)
            // The same handlers for either failure type.
            func handled<Failure: Error>(_ publisher: AnyValuePublisher<Failure>) -> Value {
                self.publisherValue(
                    publisher.handleEvents(
                        receiveSubscription: subscription.map { handler in { handler(self.subscriptionValue(for: $0)) }
                        },
                        receiveOutput: output,
                        receiveCompletion: completion.map { handler in { handler(self.completionValue($0)) } },
                        receiveCancel: cancel,
                        receiveRequest: request.map { handler in { handler(self.demandValue($0)) } }))
            }
            return upstream.with(handled, handled)
        }
        addOperator(
            "breakpoint(receiveSubscription:receiveOutput:receiveCompletion:)",
            defaults: ["receiveSubscription", "receiveOutput", "receiveCompletion"],
            types: [
                .function([.simple("Subscription")], .simple("Bool")),
                .function([.simple("Output")], .simple("Bool")),
                .function([.named(["Subscribers", "Completion"], [])], .simple("Bool")),
            ]
        ) { [unowned self] upstream, arguments in
            let location = arguments.location
            let onSubscription = self.breakpointTest(arguments.optional(0), "receiveSubscription", at: location)
            let onOutput = self.breakpointTest(arguments.optional(1), "receiveOutput", at: location)
            let onCompletion = self.breakpointTest(arguments.optional(2), "receiveCompletion", at: location)
            func stopping<Failure: Error>(_ publisher: AnyValuePublisher<Failure>) -> Value {
                self.publisherValue(
                    publisher.breakpoint(
                        receiveSubscription: onSubscription.map { test in { test(self.subscriptionValue(for: $0)) } },
                        receiveOutput: onOutput,
                        receiveCompletion: onCompletion.map { test in { test(self.completionValue($0)) } }))
            }
            return upstream.with(stopping, stopping)
        }
        addOperator("breakpointOnError()") { [unowned self] upstream, arguments in
            let location = arguments.location
            func stopping<Failure: Error>(_ publisher: AnyValuePublisher<Failure>) -> Value {
                self.publisherValue(
                    publisher.breakpoint(receiveCompletion: { [unowned self] completion in
                        guard case .failure(let error) = completion else { return false }
                        self.interpreter.recordPendingError(
                            ScriptError.runtime(
                                "breakpointOnError() received a failure: \(self.errorValue(error).debugDescription)",
                                at: location, notes: Self.breakpointNotes))
                        return false
                    }))
            }
            return upstream.with(stopping, stopping)
        }
    }

    /// What a breakpoint does in a debugger (stop the program there), a script error does here.
    private static let breakpointNotes = [
        "Combine raises SIGTRAP here: under a debugger the program stops; without one it ends."
    ]

    /// A breakpoint's test: when it returns true, the input stops with an error. (The engine
    /// is told false, so it does not raise the signal itself.)
    private func breakpointTest(_ closure: Value?, _ name: String, at location: SourceLocation) -> ((Value) -> Bool)? {
        guard let closure, !closure.isNil else { return nil }
        return { [unowned self] value in
            self.fromEngine(false) {
                guard try self.interpreter.call(closure, [value], at: location) == .bool(true) else { return false }
                throw ScriptError.runtime(
                    "breakpoint(\(name):) returned true for \(value.debugDescription)", at: location,
                    notes: Self.breakpointNotes)
            }
        }
    }
}
