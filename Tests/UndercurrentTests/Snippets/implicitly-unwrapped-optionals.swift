import Combine

// A name declared `T!` is unwrapped where an Optional does not fit: as an operand of `*`,
// `+` or `-`, in `+=`, as an argument of a basic type, with a subscript. Where an Optional
// fits (`==`, `??`, `as Any`) it stays one.

var count: Int! = 5
let doubled = count * 2
print(doubled)
func show(_ value: Int) { print("value", value) }
show(count)
print(count as Any)
final class Holder {
    var label: String!
    func describe() -> String { "label: " + label }
}
let h = Holder()
h.label = "x"
print(h.describe())
var names: [String]! = ["a"]
names.append("b")
print(names.count, names[1])
count += 1
print(count as Any, count == nil, count ?? 0)
count = nil
print(count == nil, (count ?? 7) + 1)
var total: Double! = 1.5
total *= 2
print(total + 1, -total)

final class Paced: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var subscription: Subscription!
    var pending: Subscribers.Demand! = .max(2)
    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(pending)
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        pending -= 1
        print("got", input, "pending", pending > 0 ? "some" : "none")
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
}
[10, 20, 30].publisher.subscribe(Paced())
