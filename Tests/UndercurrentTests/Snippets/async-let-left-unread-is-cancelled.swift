import Combine

// An async let nobody reads is cancelled when its scope ends, and the scope waits for it
// to end: "after parent" comes after the child has stopped. Cancelling the task that
// runs an async let cancels the child too.
func work(_ n: Int, _ ms: Int) async -> Int {
    do { try await Task.sleep(for: .milliseconds(ms)) } catch { print("child \(n) cancelled"); return -1 }
    print("child \(n) done")
    return n
}
func parent() async {
    async let a = work(1, 5)
    async let b = work(2, 50)
    print("read a", await a)
    print("parent leaves without reading b")
}
await parent()
print("after parent")
func outer() async {
    let t = Task {
        async let c = work(3, 50)
        print("c is", await c)
    }
    try? await Task.sleep(nanoseconds: 5_000_000)
    t.cancel()
    await t.value
}
await outer()
print("end")
