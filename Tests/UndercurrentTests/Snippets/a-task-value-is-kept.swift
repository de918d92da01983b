import Combine

// A task's body runs once; its value is kept, and every await of it gets the same value,
// whoever awaits and however late.
var runs = 0
let answer = Task { () -> Int in
    runs += 1
    try? await Task.sleep(nanoseconds: 10_000_000)
    return 42
}
let early = Task { await answer.value }
print(await answer.value, await early.value)
try await Task.sleep(nanoseconds: 10_000_000)
print(await answer.value, "runs:", runs)
