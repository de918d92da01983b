import Combine

// async let starts its work as a child task and goes on; reading the name awaits the value.
// Two downloads that each take 30 ms take 30 ms together.
func download(_ name: String, milliseconds: Int) async -> String {
    try? await Task.sleep(nanoseconds: milliseconds == 30 ? 30_000_000 : 20_000_000)
    return "\(name) (\(milliseconds) ms)"
}
func profilePage() async -> String {
    async let avatar = download("avatar", milliseconds: 30)
    async let posts = download("posts", milliseconds: 20)
    let page = await "\(avatar) + \(posts)"
    return page
}
print(await profilePage())

// A throwing child's error comes out where its value is read.
struct NotFound: Error {}
func lookUp(_ key: String) async throws -> Int {
    try await Task.sleep(nanoseconds: 1_000_000)
    if key == "missing" { throw NotFound() }
    return key.count
}
async let first = lookUp("swift")
async let second = lookUp("missing")
do {
    let total = try await first + second
    print(total)
} catch {
    print("caught", error, "after", try await first)
}
