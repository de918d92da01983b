import Combine
import Foundation

var bag = Set<AnyCancellable>()

// print before delay shows the values leave the sequence at once;
// the sink gets them later, on the scheduler.
[10, 20].publisher
    .print("before delay")
    .delay(for: .milliseconds(150), scheduler: DispatchQueue.main)
    .sink(receiveCompletion: { print("delayed:", $0) }, receiveValue: { print("delayed value:", $0) })
    .store(in: &bag)

Just("late")
    .delay(for: 0.3, scheduler: RunLoop.main)
    .sink(receiveCompletion: { print("run loop delay:", $0) }, receiveValue: { print("run loop delay value:", $0) })
    .store(in: &bag)

// Nested asyncAfter: the inner deadline counts from when the outer block ran.
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
    print("outer at 0.2")
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
        print("inner at 0.4")
    }
}
print("script done")
