import Combine

class Model {
    @Published var value = 10
}

final class OneAtATime: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var subscription: Subscription?
    func receive(subscription: Subscription) {
        print("subscribed")
        self.subscription = subscription
        subscription.request(.max(1))
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        print("got", input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {
        print("completion", completion)
    }
}

let model = Model()
let subscriber = OneAtATime()
model.$value.subscribe(subscriber)
model.value = 11
model.value = 12
subscriber.subscription?.request(.max(1))
model.value = 13
print("value now", model.value)
let late = model.$value.sink { print("late subscriber sees", $0) }
model.$value.first().sink { print("first:", $0) }
