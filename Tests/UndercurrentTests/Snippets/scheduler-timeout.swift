import Combine
import Foundation

enum NetworkError: Error {
    case timedOut
}

var bag = Set<AnyCancellable>()

// Nothing arrives within 0.5 s: timeout finishes the stream.
let quiet = PassthroughSubject<Int, Never>()
quiet
    .timeout(.milliseconds(500), scheduler: DispatchQueue.main)
    .sink(receiveCompletion: { print("quiet:", $0) }, receiveValue: { print("quiet value", $0) })
    .store(in: &bag)

// With customError the timeout fails instead.
let slow = PassthroughSubject<Int, NetworkError>()
slow
    .timeout(.milliseconds(300), scheduler: DispatchQueue.main, customError: { .timedOut })
    .sink(receiveCompletion: { print("slow:", $0) }, receiveValue: { print("slow value", $0) })
    .store(in: &bag)

// Each value restarts the clock.
let steady = PassthroughSubject<Int, Never>()
steady
    .timeout(.milliseconds(250), scheduler: DispatchQueue.main)
    .sink(receiveCompletion: { print("steady:", $0) }, receiveValue: { print("steady value", $0) })
    .store(in: &bag)
for i in 1...3 {
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(i * 200)) { steady.send(i) }
}
DispatchQueue.main.asyncAfter(deadline: .now() + 0.15) { slow.send(1) }
