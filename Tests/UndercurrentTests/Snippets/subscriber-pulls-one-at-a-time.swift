import Combine

// A subscriber that keeps its subscription and pulls one value whenever it is ready,
// instead of returning more demand from receive(_:).
final class Pager: Subscriber {
    typealias Input = String
    typealias Failure = Never
    private var subscription: Subscription?
    private(set) var finished = false

    func receive(subscription: Subscription) {
        self.subscription = subscription
        print("Pager subscribed; waiting to be asked")
    }
    func receive(_ input: String) -> Subscribers.Demand {
        print("Pager shows", input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {
        finished = true
        print("Pager", completion)
    }
    func next() {
        print("next()")
        subscription?.request(.max(1))
    }
    func stop() {
        print("stop()")
        subscription?.cancel()
        subscription = nil
    }
}

let pages = ["cover", "intro", "chapter 1"].publisher
let pager = Pager()
pages.print("pages").subscribe(pager)
pager.next()
pager.next()
pager.next()
pager.next()
print("finished:", pager.finished)

print("-- a buffered subject, stopped early")
let feed = PassthroughSubject<String, Never>()
let reader = Pager()
feed.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest)
    .print("buffer")
    .subscribe(reader)
feed.send("news 1")
feed.send("news 2")
feed.send("news 3")
reader.next()
reader.stop()
feed.send("news 4")
print("finished:", reader.finished)
