import Combine

// At the end of a scope Swift releases its variables in reverse order of declaration,
// so deinits, and the cancels of stored cancellables, run last-declared first.
final class Resource {
    let name: String
    init(_ name: String) { self.name = name }
    deinit { print("deinit", name) }
}

func work() {
    let first = Resource("first")
    let second = Resource("second")
    let third = Resource("third")
    print("working with", first.name, second.name, third.name)
}
work()

do {
    let x = Resource("x")
    let y = Resource("y")
    if x.name < y.name {
        let inner1 = Resource("inner 1")
        let inner2 = Resource("inner 2")
        print("inner", inner1.name, inner2.name)
    }
    print("after if")
}

let subject = PassthroughSubject<Int, Never>()
func listen() {
    let a = subject.handleEvents(receiveCancel: { print("cancel a") }).sink { print("a got", $0) }
    let b = subject.handleEvents(receiveCancel: { print("cancel b") }).sink { print("b got", $0) }
    let c = subject.handleEvents(receiveCancel: { print("cancel c") }).sink { print("c got", $0) }
    _ = (a, b, c)
    print("listening")
}
listen()
subject.send(1)

for round in 1...2 {
    let p = Resource("p\(round)")
    let q = Resource("q\(round)")
    print("round", round, p.name, q.name)
}
print("done")
