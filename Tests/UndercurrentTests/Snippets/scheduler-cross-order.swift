import Combine
import Foundation

// Work queued during the script runs after it, in the order the main run loop uses:
// run loop blocks first, then the main queue (OperationQueue.main runs on it too).
var bag = Set<AnyCancellable>()
DispatchQueue.main.async { print("main queue 1") }
RunLoop.main.schedule { print("run loop 1") }
OperationQueue.main.addOperation { print("operation 1") }
DispatchQueue.main.async { print("main queue 2") }
RunLoop.main.perform { print("run loop 2") }
Just("A").receive(on: RunLoop.main).sink { print("received on run loop", $0) }.store(in: &bag)
Just("B").receive(on: DispatchQueue.main).sink { print("received on main queue", $0) }.store(in: &bag)

// Later work runs in time order, whichever scheduler it was given to.
DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { print("main at 0.3") }
DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { print("global at 0.1") }
RunLoop.main.schedule(after: RunLoop.main.now.advanced(by: 0.2)) { print("run loop at 0.2") }
DispatchQueue.main.asyncAfter(deadline: .now() + 0.4) {
    print("main at 0.4")
    DispatchQueue.main.async { print("main queue from 0.4") }
    RunLoop.main.schedule { print("run loop block from 0.4") }
}
print("end of script")
