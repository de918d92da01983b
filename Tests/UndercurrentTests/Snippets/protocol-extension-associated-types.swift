import Combine

// Inside a method of `extension Publisher`, `Output` and `Failure` name the types of the
// publisher the method was called on: a library publisher's, or a script type's typealias.

extension Publisher {
    func failureName() -> String { "\(Failure.self)" }
    func outputName() -> String { "\(Output.self)" }
    func neverFails() -> Bool { Failure.self == Never.self }
    func describeTypes() -> String { "\(Output.self) or \(Failure.self)" }
}

struct Countdown: Publisher {
    typealias Output = Int
    typealias Failure = Never
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: Subscriptions.empty)
        _ = subscriber.receive(3)
        subscriber.receive(completion: .finished)
    }
}

struct Oops: Error {}

print([1].publisher.failureName(), [1].publisher.outputName())
print(Just("a").outputName(), Fail<Int, Oops>(error: Oops()).failureName())
print(PassthroughSubject<Double, Oops>().describeTypes())
print(Countdown().outputName(), Countdown().failureName())
print([1].publisher.neverFails(), Fail<Int, Oops>(error: Oops()).neverFails())
print([1, 2].publisher.map { "\($0)" }.outputName())
print(Never.self)

// A value that is not kept, at the top level.
let _ = Countdown().sink { print("value", $0) }
let _ = [3].publisher.sink { print("value", $0) }
