import Combine

// withTaskCancellationHandler runs its onCancel at once when the task is cancelled, even
// while the operation waits; a task's result is its value or its error, as a Result.
let sleeper = Task { () -> Int in
    await withTaskCancellationHandler {
        try? await Task.sleep(nanoseconds: 1_000_000_000)
        return Task.isCancelled ? -1 : 1
    } onCancel: {
        print("onCancel ran")
    }
}
try await Task.sleep(nanoseconds: 10_000_000)
sleeper.cancel()
print(await sleeper.result)

struct Refused: Error {}
let failing = Task { () throws -> String in throw Refused() }
switch await failing.result {
case .success(let text): print("text", text)
case .failure(let error): print("failed with", error)
}

// Durations, and Task.sleep(for:) on the same clock as Task.sleep(nanoseconds:).
let pause: Duration = .milliseconds(250)
print(pause, Duration.seconds(2), Duration.seconds(1) + .milliseconds(500), pause < .seconds(1))
let timer = Task {
    try await Task.sleep(for: .milliseconds(20))
    print("slept for 20 ms")
}
try await Task.sleep(nanoseconds: 10_000_000)
print("10 ms in")
try await timer.value
