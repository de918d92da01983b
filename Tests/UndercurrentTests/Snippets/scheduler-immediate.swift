import Combine
import Foundation

var bag = Set<AnyCancellable>()

// ImmediateScheduler runs work at once: nothing waits for the run loop.
Just("now")
    .delay(for: 5, scheduler: ImmediateScheduler.shared)
    .sink { print("delayed on immediate:", $0) }
    .store(in: &bag)
[1, 2].publisher
    .receive(on: ImmediateScheduler.shared)
    .sink(receiveCompletion: { print("immediate:", $0) }, receiveValue: { print("immediate value", $0) })
    .store(in: &bag)
ImmediateScheduler.shared.schedule { print("scheduled block ran") }
print("after the script's last line")
