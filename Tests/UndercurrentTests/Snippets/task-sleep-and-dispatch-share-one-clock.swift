import Combine
import Foundation

// Task.sleep runs on the same clock as DispatchQueue and Combine's schedulers: the order is
// the deadlines' order, and a task started now runs after the main queue's earlier work.
print("top")
DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { print("asyncAfter 0.5") }
let sleeper = Task { () -> Int in
    print("sleeper starts")
    try await Task.sleep(nanoseconds: 300_000_000)
    print("slept 0.3")
    try await Task.sleep(nanoseconds: 400_000_000)
    print("slept 0.7")
    return 7
}
DispatchQueue.main.async { print("main.async") }
let subject = PassthroughSubject<Int, Never>()
let subscription = subject.sink { print("sink", $0) }
Task {
    for value in 1...3 {
        subject.send(value)
        await Task.yield()
    }
}
print("top waits")
let result = try await sleeper.value
print("value", result)
