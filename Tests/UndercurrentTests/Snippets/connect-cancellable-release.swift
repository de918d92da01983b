import Combine
import Foundation

// Releasing connect()'s Cancellable does not stop the publisher: only AnyCancellable cancels
// when it goes away. Cancelling it does.
var ticks = 0
let timer = Timer.publish(every: 0.5, on: .main, in: .common)
let watcher = timer.sink { _ in
    ticks += 1
    print("tick", ticks)
}
func start() {
    _ = timer.connect()
}
start()

let subject = PassthroughSubject<Int, Never>()
let shared = subject.makeConnectable()
let listener = shared.sink { print("shared got", $0) }
func connectShared() {
    let connection = shared.connect()
    _ = connection
}
connectShared()
subject.send(1)
let kept = shared.connect()
subject.send(2)
kept.cancel()
subject.send(3)
