import Combine

// `is` and `as?` look through an Optional to the value inside, as Swift's dynamic casts do.
protocol Shape {}
final class Circle: Shape {}
final class Square: Shape {}

let kept: Shape? = Circle()
print(kept is Circle, kept is Square)
print(kept as? Circle != nil)

let nothing: Circle? = nil
print(nothing is Circle, nothing is Any)

let nested: Int?? = .some(.some(4))
print(nested is Int)

let numbers: [Int]? = [1, 2]
print(numbers is [Int])

let anyValue: Any? = "text"
print(anyValue is String, anyValue is Int)

switch kept {
case is Square: print("a square")
case is Circle: print("a circle")
default: print("something else")
}

// A subscriber keeps the subscription it was given as an optional `Subscription?`.
var subscription: Subscription? = nil
let cancellable = [1].publisher.handleEvents(receiveSubscription: { subscription = $0 }).sink { _ in }
print(subscription is Subscription, subscription is Circle)
