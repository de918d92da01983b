// A type's own method and a protocol extension's method of the same name, with other
// argument labels, are both there: a publisher that declares `receive(subscriber:)` still
// has `receive(on:)`, and `hello()` of an extension stays beside `hello(loud:)`.
import Combine

struct Countdown: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let from: Int
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        Publishers.Sequence(sequence: (1...from).reversed()).receive(subscriber: subscriber)
    }
}

let c = Countdown(from: 3)
    .receive(on: ImmediateScheduler.shared)
    .map { "\($0)…" }
    .sink(receiveCompletion: { print("lift-off", $0) }, receiveValue: { print($0) })

protocol Greeter {}
extension Greeter {
    func hello() -> String { "hello" }
    static func make(named name: String) -> String { "made \(name)" }
}
struct Cat: Greeter {
    func hello(loud: Bool) -> String { loud ? "HELLO" : "hello?" }
    static func make() -> Cat { Cat() }
}
print(Cat().hello(), Cat().hello(loud: true), Cat.make(named: "Tom"), Cat.make().hello())
