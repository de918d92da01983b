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
    }
}
