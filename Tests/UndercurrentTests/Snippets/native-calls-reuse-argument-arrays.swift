import Combine
// Native calls (`subject.send(_:)`, `.max(_:)`) at one site, made again while the first is
// still running, and arguments that go away right after their call.
final class Token: CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    deinit { print("deinit \(name)") }
    var description: String { name }
}

let numbers = PassthroughSubject<Int, Never>()
var log: [Int] = []
func relay(_ value: Int) { numbers.send(value) }
let counting = numbers.sink { value in
    log.append(value)
    if value > 0 { relay(value - 1) }
    log.append(-value)
}
relay(3)
print(log)

let tokens = PassthroughSubject<Token, Never>()
let printing = tokens.sink { token in print("got \(token)") }
for index in 1...3 {
    tokens.send(Token("token \(index)"))
    print("after send \(index)")
}

final class Echo: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var subscription: Subscription?
    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        print("echo \(input)")
        return input < 3 ? .max(input) : .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("echo done") }
}
let echo = Echo()
(1...6).publisher.subscribe(echo)
