import Combine

// future.value subscribes, requests one value and waits for the promise.
let ready = Future<Int, Never> { promise in promise(.success(5)) }
print(await ready.value)

// A Future whose promise a Task fulfils later: the bridge from async code back to Combine.
func loadScore() async -> Int {
    try? await Task.sleep(nanoseconds: 50_000_000)
    return 42
}
let later = Future<Int, Never> { promise in
    Task {
        let score = await loadScore()
        print("promise fulfilled")
        promise(.success(score))
    }
}
let sink = later.sink { print("sink got", $0) }
print("awaiting")
print("value", await later.value)

// A failing Future throws its error from value.
struct Timeout: Error {}
let failing = Future<Int, Timeout> { promise in promise(.failure(Timeout())) }
do {
    print(try await failing.value)
} catch {
    print("value threw", error)
}
