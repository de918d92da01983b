import Combine

// Cancelling a task cancels its structured children: the children of a task group it runs
// and its async lets, not a Task { } it starts. Its group reads as cancelled, and
// addTaskUnlessCancelled adds nothing.
let t = Task {
    try? await Task.sleep(nanoseconds: 20_000_000)
    print("parent cancelled:", Task.isCancelled)
    await withTaskGroup(of: Bool.self) { group in
        print("group cancelled:", group.isCancelled)
        group.addTask { Task.isCancelled }
        print("added unless cancelled:", group.addTaskUnlessCancelled { Task.isCancelled })
        for await c in group { print("child saw cancelled:", c) }
    }
    async let x = Task.isCancelled
    print("async let saw cancelled:", await x)
    let inner = Task { Task.isCancelled }
    print("unstructured saw cancelled:", await inner.value)
}
t.cancel()
await t.value
