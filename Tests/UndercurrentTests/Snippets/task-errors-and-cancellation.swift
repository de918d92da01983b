import Combine

// A task's value rethrows what its body threw; cancelling a task ends its sleep with
// CancellationError, which the task can catch.
struct Boom: Error {}
let failing = Task { () throws -> Int in
    throw Boom()
}
do {
    let value = try await failing.value
    print(value)
} catch {
    print("caught", error)
}

let sleeper = Task {
    do {
        try await Task.sleep(nanoseconds: 5_000_000_000)
        print("slept")
    } catch {
        print("sleep threw", error)
    }
    print("cancelled?", Task.isCancelled)
}
sleeper.cancel()
await sleeper.value
print("sleeper.isCancelled", sleeper.isCancelled)

let checker = Task { () -> String in
    do {
        try Task.checkCancellation()
        await Task.yield()
        try Task.checkCancellation()
        return "finished"
    } catch is CancellationError {
        return "stopped at a check"
    }
}
await Task.yield()
checker.cancel()
print(await checker.value)
print(CancellationError())
