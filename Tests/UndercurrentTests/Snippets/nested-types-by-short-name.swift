import Combine

// Inside a type, a nested type's short name means that type: in methods, in closures
// inside methods, in property initializers, in type annotations, and in extensions.
enum Mode { case global }

class Reactor {
    enum Failure: Error { case boom }
    enum Mode { case idle, running }
    struct Reading { var value: Int }

    var mode = Mode.idle
    var last: Reading? = nil

    func fire() {
        let make = { Failure.boom }
        print("made", make())
        let readings = [1, 2, 3].map { Reading(value: $0 * 10) }
        print(readings.map(\.value))
    }

    func start() -> Mode {
        mode = .running
        return mode
    }
}

extension Reactor {
    func describe() -> String {
        let check: (Mode) -> Bool = { $0 == Mode.running }
        return "running: \(check(mode))"
    }
}

let reactor = Reactor()
reactor.fire()
print(reactor.mode, reactor.start(), reactor.describe())
print(Mode.global)

final class Loader {
    enum State { case waiting, loaded(Int) }
    var state = State.waiting
    let subject = PassthroughSubject<Int, Never>()
    var cancellable: AnyCancellable?

    init() {
        cancellable = subject.map { State.loaded($0) }.sink { [weak self] in self?.state = $0 }
    }
}
let loader = Loader()
print(loader.state)
loader.subject.send(7)
print(loader.state)
