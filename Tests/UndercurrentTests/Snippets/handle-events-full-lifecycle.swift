import Combine

// handleEvents sees every event in order: subscription, request, output,
// completion or cancel.
func observed<P: Publisher>(_ name: String, _ publisher: P) -> Publishers.HandleEvents<P> {
    publisher.handleEvents(
        receiveSubscription: { _ in print(name, "subscription") },
        receiveOutput: { print(name, "output", $0) },
        receiveCompletion: { print(name, "completion", $0) },
        receiveCancel: { print(name, "cancel") },
        receiveRequest: { print(name, "request", $0) })
}

print("-- finishes")
let finished = observed("seq", ["a", "b"].publisher).sink { print("sink", $0) }

print("-- cancelled")
let subject = PassthroughSubject<Int, Never>()
let cancellable = observed("subject", subject).sink { print("sink", $0) }
subject.send(1)
cancellable.cancel()
subject.send(2)
cancellable.cancel()

print("-- fails")
struct Boom: Error {}
let failed = observed("fail", Fail<Int, Boom>(error: Boom()))
    .sink(receiveCompletion: { print("sink completion", $0) }, receiveValue: { _ in })

print("-- demand from a limited subscriber")
let limited = observed("limited", (1...5).publisher).prefix(2).sink { print("sink", $0) }
print("done")
