import Combine

// Subscribers.Sink and Subscribers.Assign built by hand: what sink and assign(to:on:) make.
final class Model {
    var value = 0 {
        didSet { print("didSet", value) }
    }
}
let sink = Subscribers.Sink<Int, Never>(
    receiveCompletion: { print("completion", $0) },
    receiveValue: { print("value", $0) })
print(sink, type(of: sink))
[1, 2].publisher.subscribe(sink)

let model = Model()
let assign = Subscribers.Assign(object: model, keyPath: \.value)
print(assign, type(of: assign))
Just(5).subscribe(assign)

// A Sink is Cancellable: cancelling it ends its subscription.
let subject = PassthroughSubject<Int, Never>()
let manual = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { print("manual", $0) })
subject.subscribe(manual)
subject.send(1)
manual.cancel()
subject.send(2)
let wrapped = AnyCancellable(manual)
print(Bool(), "end")
