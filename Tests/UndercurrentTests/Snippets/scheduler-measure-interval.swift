import Combine
import Foundation

var bag = Set<AnyCancellable>()
let ping = PassthroughSubject<String, Never>()
let pong = PassthroughSubject<String, Never>()

// Measured on the main queue (a stride in nanoseconds) and on the main run loop (seconds).
ping
    .measureInterval(using: DispatchQueue.main)
    .sink { print("dispatch: about", ($0.magnitude + 50_000_000) / 100_000_000, "tenths") }
    .store(in: &bag)
pong
    .measureInterval(using: RunLoop.main)
    .sink { print("run loop: about", Int(($0.magnitude * 10).rounded()), "tenths") }
    .store(in: &bag)

DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { ping.send("a"); pong.send("a") }
DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { ping.send("b"); pong.send("b") }
DispatchQueue.main.asyncAfter(deadline: .now() + 1.2) { ping.send("c"); pong.send("c") }

// ImmediateScheduler has no time at all.
Just(1)
    .measureInterval(using: ImmediateScheduler.shared)
    .sink { print("immediate:", $0) }
    .store(in: &bag)
