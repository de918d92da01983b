import Combine

// AnySubscriber wraps a subscriber, a subject, or closures.
struct Printer: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    let combineIdentifier = CombineIdentifier()
    func receive(subscription: Subscription) { subscription.request(.max(2)) }
    func receive(_ input: Int) -> Subscribers.Demand {
        print("printer got", input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("printer done") }
}
let printer = Printer()
let copy = printer
print(copy.combineIdentifier == printer.combineIdentifier, CombineIdentifier() == CombineIdentifier())
let erased = AnySubscriber(printer)
print(erased, type(of: erased))
[1, 2, 3].publisher.subscribe(erased)

let sink = Subscribers.Sink<String, Never>(receiveCompletion: { print("sink", $0) }, receiveValue: { print("sink", $0) })
let erasedSink = AnySubscriber(sink)
print(erasedSink, type(of: erasedSink))
Just("hi").subscribe(erasedSink)

let closures = AnySubscriber<String, Never>(
    receiveSubscription: { subscription in
        print("subscribed")
        subscription.request(.max(1))
    },
    receiveValue: { value in
        print("closure got", value)
        return Subscribers.Demand.none
    },
    receiveCompletion: { print("closure", $0) })
print(closures)
["a", "b"].publisher.subscribe(closures)

let subject = PassthroughSubject<Int, Never>()
let watcher = subject.sink(receiveCompletion: { print("subject", $0) }, receiveValue: { print("subject got", $0) })
let intoSubject = AnySubscriber(subject)
print(intoSubject)
[8, 9].publisher.subscribe(intoSubject)
