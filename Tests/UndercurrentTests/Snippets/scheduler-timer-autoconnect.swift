import Combine
import Foundation

var bag = Set<AnyCancellable>()
var ticks = 0

// A timer publisher only starts when connected; autoconnect connects on subscription.
Timer.publish(every: 0.25, on: .main, in: .common)
    .autoconnect()
    .prefix(4)
    .sink(receiveCompletion: { print("ticker:", $0) },
          receiveValue: { _ in
              ticks += 1
              print("tick", ticks)
          })
    .store(in: &bag)

// Connected by hand, and stopped by cancelling the connection.
let manual = Timer.publish(every: 0.4, on: .main, in: .default)
manual
    .sink { _ in print("manual tick") }
    .store(in: &bag)
let connection = manual.connect()
DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) {
    print("cancel the connection")
    connection.cancel()
}
