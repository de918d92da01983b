import Combine
import Foundation

// receive(on:) hands every event to the scheduler, so nothing arrives until the
// current top-level code has finished and the main queue / run loop gets to run.
var bag = Set<AnyCancellable>()

["a", "b"].publisher
    .receive(on: DispatchQueue.main)
    .sink(receiveCompletion: { print("queue completion:", $0) },
          receiveValue: { print("queue value:", $0) })
    .store(in: &bag)
print("1. subscribed on DispatchQueue.main")

let subject = PassthroughSubject<Int, Never>()
subject
    .handleEvents(receiveOutput: { print("   subject sent", $0, "(synchronously)") })
    .receive(on: RunLoop.main)
    .sink { print("run loop value:", $0) }
    .store(in: &bag)
subject.send(1)
subject.send(2)
print("2. sent two values through RunLoop.main")

DispatchQueue.main.async {
    print("main.async block runs")
    subject.send(3)
    print("sent 3 from the async block")
}

Just("slow")
    .delay(for: .milliseconds(150), scheduler: DispatchQueue.main)
    .sink { print("delayed:", $0) }
    .store(in: &bag)
DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
    print("asyncAfter 0.3 s")
}
print("3. end of top-level code")
