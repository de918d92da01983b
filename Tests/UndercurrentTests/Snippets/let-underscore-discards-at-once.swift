import Combine

// `let _ = value` binds nothing, at the top level as in a function: the value is made and
// released at once, so an unstored sink's subscription is cancelled right away.
let subject = PassthroughSubject<Int, Never>()
let _ = subject
    .handleEvents(receiveCancel: { print("cancelled at once") })
    .sink { print("never", $0) }
subject.send(1)

let _ = Just("synchronous").sink { print("got", $0) }

final class Token {
    deinit { print("Token released") }
}
let _ = Token()
print("after the top-level let _")

func work() {
    let _ = Token()
    print("inside work")
}
work()
