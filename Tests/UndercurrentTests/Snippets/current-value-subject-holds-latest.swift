import Combine

// CurrentValueSubject keeps a value: new subscribers get it at once, `value` can be
// read and written, and after completion nothing more goes out.
enum Phase { case idle, loading(progress: Int), done }
let phase = CurrentValueSubject<Phase, Never>(.idle)

print("value before any subscriber:", phase.value)
let first = phase.sink(receiveCompletion: { print("first completion:", $0) },
                       receiveValue: { print("first sees", $0) })
phase.send(.loading(progress: 10))
phase.value = .loading(progress: 60)
print("value now:", phase.value)

print("a late subscriber starts with the current value")
first.cancel()
let late = phase.sink { print("late sees", $0) }
phase.send(.done)

print("demand is respected: a subscriber asking for one value")
final class JustOne: Subscriber {
    typealias Input = Phase
    typealias Failure = Never
    func receive(subscription: Subscription) { subscription.request(.max(1)) }
    func receive(_ input: Phase) -> Subscribers.Demand { print("JustOne got", input); return .none }
    func receive(completion: Subscribers.Completion<Never>) { print("JustOne", completion) }
}
late.cancel()
phase.subscribe(JustOne())
phase.send(.idle)
print("value still updates:", phase.value)

print("after finishing")
phase.send(completion: .finished)
phase.send(.loading(progress: 99))
print("value after completion:", phase.value)
phase.value = .done
print("value assigned after completion:", phase.value)
let afterEnd = phase.sink(receiveCompletion: { print("after-end completion:", $0) },
                          receiveValue: { print("after-end value", $0) })
