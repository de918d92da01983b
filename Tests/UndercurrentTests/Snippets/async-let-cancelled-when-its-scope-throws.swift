import Combine

// A scope left by an error cancels and awaits its async lets too, the last declared
// first; the children's results are dropped.
struct Boom: Error {}
func slow(_ label: String) async -> String {
    do {
        try await Task.sleep(for: .milliseconds(30))
        print(label, "finished")
    } catch {
        print(label, "cancelled:", error)
    }
    return label
}
func failing() async throws -> String {
    async let first = slow("first")
    async let second = slow("second")
    try await Task.sleep(for: .milliseconds(10))
    throw Boom()
}
do {
    _ = try await failing()
} catch {
    print("caught", error)
}
async let top = slow("top")
print("top-level async let started")
print(await top)
