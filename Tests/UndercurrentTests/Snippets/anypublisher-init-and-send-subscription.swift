import Combine

// AnyPublisher(_:) is what eraseToAnyPublisher() calls; a subject can be sent a subscription,
// which it asks for unlimited values.
let erased = AnyPublisher(Just(1))
print(type(of: erased))
let c1 = erased.sink { print("erased", $0) }

let subject = PassthroughSubject<Int, Never>()
let c2 = subject
    .handleEvents(receiveRequest: { print("subject asked for", $0) })
    .sink { print("got", $0) }
subject.send(subscription: Subscriptions.empty)
subject.send(1)

// breakpoint closures that return false let everything through.
let c3 = [1, 2].publisher
    .breakpoint(receiveOutput: { $0 > 5 })
    .breakpointOnError()
    .sink { print("passed", $0) }
