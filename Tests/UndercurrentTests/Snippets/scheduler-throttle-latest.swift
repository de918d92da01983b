import Combine
import Foundation

// Bursts of values; throttle lets one through per 0.3 s window:
// the first of the window, or with latest: true the last one.
let firstOnes = PassthroughSubject<String, Never>()
let latestOnes = PassthroughSubject<String, Never>()
var bag = Set<AnyCancellable>()

firstOnes
    .throttle(for: .milliseconds(300), scheduler: DispatchQueue.main, latest: false)
    .sink { print("latest: false ->", $0) }
    .store(in: &bag)
latestOnes
    .throttle(for: .milliseconds(300), scheduler: DispatchQueue.main, latest: true)
    .sink { print("latest: true  ->", $0) }
    .store(in: &bag)

let sends: [(Double, String)] = [(0.0, "a"), (0.05, "b"), (0.1, "c"), (0.5, "d"), (0.52, "e"), (0.54, "f"), (1.0, "g")]
for (time, value) in sends {
    DispatchQueue.main.asyncAfter(deadline: .now() + time) {
        print("send", value)
        firstOnes.send(value)
        latestOnes.send(value)
    }
}
