import Combine

// async let (a, b) = f() starts one child task; each name reads its element of the
// value, awaited. Left unread, it is cancelled when its scope ends, as any async let.
func pair() async -> (Int, String) {
    try? await Task.sleep(for: .milliseconds(10))
    return (7, "seven")
}
func slow() async -> (Int, Int) {
    do { try await Task.sleep(for: .milliseconds(50)) } catch { print("pair cancelled") }
    return (1, 2)
}
func use() async {
    async let (number, word) = pair()
    print("started")
    print(await word, await number)
    async let (_, second) = slow()
    print("leaving without reading second")
}
await use()
print("done")
