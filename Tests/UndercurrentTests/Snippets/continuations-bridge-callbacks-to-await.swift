import Combine

// withCheckedContinuation turns a callback into a value to await. Resumed inside its body,
// the task goes on at once; resumed later, it waits until then.
func loadGreeting(completion: @escaping (String) -> Void) {
    completion("hello")
}
let greeting = await withCheckedContinuation { continuation in
    loadGreeting { continuation.resume(returning: $0) }
}
print(greeting)

// The first value of a publisher, awaited.
let subject = PassthroughSubject<Int, Never>()
var kept: AnyCancellable?
let first = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
    kept = subject.first().sink { continuation.resume(returning: $0) }
    Task { subject.send(42) }
}
print("first", first)

// A throwing continuation hands an error to the awaiting code.
struct Offline: Error {}
func fetch(fail: Bool) async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
        if fail {
            continuation.resume(throwing: Offline())
        } else {
            continuation.resume(returning: 7)
        }
    }
}
print(try await fetch(fail: false))
do {
    _ = try await fetch(fail: true)
} catch {
    print("caught", error)
}
let done: Void = await withUnsafeContinuation { continuation in continuation.resume() }
print("unsafe resumed", done)
