import Combine

// Cancelling a task only marks it: the task stops where its code checks, with
// Task.isCancelled, Task.checkCancellation() or a call that checks (Task.sleep).
let counter = Task { () -> Int in
    var count = 0
    while !Task.isCancelled {
        count += 1
        await Task.yield()
    }
    return count
}
await Task.yield()
await Task.yield()
counter.cancel()
print("counted to", await counter.value)

let checker = Task { () -> String in
    do {
        for step in 1... {
            try Task.checkCancellation()
            print("step", step)
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return "never"
    } catch {
        return "stopped: \(error)"
    }
}
try await Task.sleep(nanoseconds: 25_000_000)
checker.cancel()
print(await checker.value)
