import Combine

final class FirstTwo: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var subscription: Subscription!
    var received = 0
    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        print("got", input)
        received += 1
        if received < 2 { self.subscription.request(.max(1)) }
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) { print("done") }
}

let first = FirstTwo()
[1, 2, 3].publisher.subscribe(first)
var name: String! = "Combine"
print(name.count, name.uppercased())
print(name as Any)
print(name.map { $0 + "!" } as Any)
var cancellable: AnyCancellable!
cancellable = Just(5).sink { print("sink", $0) }
cancellable.cancel()
print("end")
