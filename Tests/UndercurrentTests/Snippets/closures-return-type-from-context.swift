import Combine

// A closure written without a return type takes it from where it is passed: the
// `receiveValue` closure of an `AnySubscriber` returns a `Subscribers.Demand`, so `.max(1)`
// and `.none` in it are demands, in a single expression or after several statements.

let subject = PassthroughSubject<Int, Never>()
let counting = AnySubscriber<Int, Never>(
    receiveSubscription: { $0.request(.max(1)) },
    receiveValue: { value in
        print("got", value)
        if value > 2 { return .none }
        return .max(1)
    },
    receiveCompletion: { print("done", $0) })
subject.subscribe(counting)
for value in 1...5 { subject.send(value) }
subject.send(completion: .finished)

let other = PassthroughSubject<String, Never>()
let short = AnySubscriber<String, Never>(
    receiveSubscription: { $0.request(.max(2)) },
    receiveValue: { _ in .max(1) },
    receiveCompletion: { _ in print("short done") })
other.subscribe(short)
other.send("a")
other.send("b")
other.send("c")
other.send(completion: .finished)
