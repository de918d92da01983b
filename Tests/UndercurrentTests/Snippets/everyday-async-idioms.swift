import Combine

// Everyday async code: a @Published property read with for await, MainActor.run,
// Task { @MainActor in }, racing tasks in a group (the first result wins, the rest are
// cancelled), AsyncStream.makeStream with onTermination, and a group of tuples.
final class ViewModel: ObservableObject {
    @Published var count = 0
}
let vm = ViewModel()
let watcher = Task {
    for await c in vm.$count.values {
        print("count", c)
        if c == 2 { break }
    }
    print("watcher done")
}
try await Task.sleep(nanoseconds: 10_000_000)
vm.count = 1
try await Task.sleep(nanoseconds: 10_000_000)
vm.count = 2
await watcher.value
let result = await MainActor.run { () -> Int in
    print("on main actor")
    return 42
}
print(result)
let t = Task { @MainActor in
    print("main actor task")
}
await t.value
func slowValue(_ n: Int) async throws -> Int {
    try await Task.sleep(nanoseconds: UInt64(n) * 1_000_000)
    return n
}
let fastest = try await withThrowingTaskGroup(of: Int.self) { group in
    for n in [30, 10, 20] { group.addTask { try await slowValue(n) } }
    let first = try await group.next()!
    group.cancelAll()
    return first
}
print("fastest", fastest)
let (stream, continuation) = AsyncStream.makeStream(of: String.self)
continuation.onTermination = { reason in print("terminated", reason) }
continuation.yield("a")
continuation.finish()
for await s in stream { print(s) }
let dict = try await withThrowingTaskGroup(of: (Int, String).self, returning: [Int: String].self) { group in
    for i in 1...3 { group.addTask { (i, String(repeating: "x", count: i)) } }
    var out: [Int: String] = [:]
    for try await (k, v) in group { out[k] = v }
    return out
}
print(dict.sorted { $0.key < $1.key })
