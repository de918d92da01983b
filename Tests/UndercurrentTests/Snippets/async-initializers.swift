import Combine

// An initializer can be async (init() async): constructing one is a call that may
// wait, written with await, for a class, a struct (throwing too) and an actor.
func fetchName() async -> String {
    try? await Task.sleep(nanoseconds: 5_000_000)
    return "loaded"
}
final class Loader {
    let name: String
    init() async {
        print("init starts")
        name = await fetchName()
        print("init ends")
    }
}
struct Config {
    var value: Int
    init(delay: UInt64) async throws {
        try await Task.sleep(nanoseconds: delay)
        value = 7
    }
}
actor Store {
    var items: [String]
    init(seed: String) async { items = [await fetchName(), seed] }
    func all() -> [String] { items }
}
let loader = await Loader()
print(loader.name)
let config = try await Config(delay: 1_000_000)
print(config.value)
let store = await Store(seed: "x")
print(await store.all())
