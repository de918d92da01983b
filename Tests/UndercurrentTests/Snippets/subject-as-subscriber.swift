import Combine

// A subject can subscribe to a publisher and relay what it receives.
let relay = PassthroughSubject<String, Never>()
let listener = relay.sink(receiveCompletion: { print("relay:", $0) }, receiveValue: { print("relayed", $0) })
let link = ["a", "b"].publisher.subscribe(relay)
relay.send("after the sequence finished")

let current = CurrentValueSubject<Int, Never>(0)
let watcher = current.sink { print("current", $0) }
let feed = [1, 2, 3].publisher.map { $0 * 100 }.subscribe(current)
print("final value", current.value)
