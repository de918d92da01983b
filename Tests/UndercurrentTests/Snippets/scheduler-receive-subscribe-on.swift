import Combine
import Foundation

var bag = Set<AnyCancellable>()

// subscribe(on:) moves the subscription (and requests) to the scheduler;
// receive(on:) moves the values and the completion.
[1, 2, 3].publisher
    .print("upstream")
    .subscribe(on: DispatchQueue.main)
    .receive(on: RunLoop.main)
    .sink(receiveCompletion: { print("sink:", $0) }, receiveValue: { print("sink value", $0) })
    .store(in: &bag)
print("chain built; nothing has happened yet")
