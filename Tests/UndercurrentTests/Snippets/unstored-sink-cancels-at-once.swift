import Combine

// A sink's AnyCancellable cancels the subscription when it is released.
final class Logger {
    let name: String
    init(_ name: String) { self.name = name }
    deinit { print("Logger \(name) released") }
    func log(_ value: Int) { print("\(name) logs \(value)") }
}

let events = PassthroughSubject<Int, Never>()

print("discarded with _ =")
_ = events
    .handleEvents(receiveCancel: { print("  discarded subscription cancelled") })
    .sink { print("  never printed", $0) }
events.send(1)

print("synchronous publishers deliver before the cancellable goes away")
_ = [1, 2].publisher.sink { print("  sequence value", $0) }

print("kept in a local inside a function")
func subscribeBriefly() {
    let logger = Logger("brief")
    let c = events.sink { logger.log($0) }
    events.send(2)
    _ = c
}
subscribeBriefly()
events.send(3)

print("kept in an optional, then set to nil")
var kept: AnyCancellable? = events.sink { [logger = Logger("kept")] in logger.log($0) }
events.send(4)
kept = nil
events.send(5)

print("kept in a set, then the set is emptied")
var bag = Set<AnyCancellable>()
events.sink { print("  bag got", $0) }.store(in: &bag)
events.send(6)
bag.removeAll()
events.send(7)
print("end")
