import Combine

// A subscriber written by hand that behaves like sink: it asks for everything,
// hands values to closures, and can be cancelled through AnyCancellable.
final class ClosureSink<Input, Failure: Error>: Subscriber, Cancellable {
    private let onValue: (Input) -> Void
    private let onCompletion: (Subscribers.Completion<Failure>) -> Void
    private var subscription: Subscription?
    private let name: String

    init(_ name: String, onValue: @escaping (Input) -> Void,
         onCompletion: @escaping (Subscribers.Completion<Failure>) -> Void = { _ in }) {
        self.name = name
        self.onValue = onValue
        self.onCompletion = onCompletion
    }
    deinit { print("ClosureSink \(name) deinit") }

    func receive(subscription: Subscription) {
        guard self.subscription == nil else { subscription.cancel(); return }
        self.subscription = subscription
        subscription.request(.unlimited)
    }
    func receive(_ input: Input) -> Subscribers.Demand {
        onValue(input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Failure>) {
        onCompletion(completion)
        subscription = nil
    }
    func cancel() {
        print("ClosureSink \(name) cancel")
        subscription?.cancel()
        subscription = nil
    }
}

let messages = PassthroughSubject<String, Never>()
let sink = ClosureSink<String, Never>("messages", onValue: { print("message:", $0) })
messages
    .handleEvents(receiveCancel: { print("upstream sees cancel") })
    .subscribe(sink)
messages.send("hello")
messages.send("world")
var token: AnyCancellable? = AnyCancellable(sink)
token = nil
messages.send("after cancel")

enum Stop: Error { case now }
do {
    let numbers = ClosureSink<Int, Stop>("numbers", onValue: { print("number:", $0) },
                                         onCompletion: { print("numbers ended:", $0) })
    let source = PassthroughSubject<Int, Stop>()
    source.subscribe(numbers)
    source.send(1)
    source.send(completion: .failure(.now))
    source.send(2)
}
print("end")
