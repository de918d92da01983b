import Combine

// for await case matches each element against a pattern and skips those that do not
// match: unwrapping optionals (case let x?) or picking one enum case.
let stream = AsyncStream<Int?> { c in
    for v in [1, nil, 3, nil, 5] { c.yield(v) }
    c.finish()
}
for await case let value? in stream where value > 1 {
    print("got", value)
}
enum Event { case tick(Int), stop }
let events = AsyncStream<Event> { c in
    c.yield(.tick(1)); c.yield(.stop); c.yield(.tick(2)); c.finish()
}
for await case .tick(let n) in events { print("tick", n) }
let subject = PassthroughSubject<Int?, Never>()
let task = Task {
    for await case let v? in subject.values { print("value", v); if v == 4 { break } }
    print("loop ended")
}
try await Task.sleep(nanoseconds: 1_000_000)
subject.send(nil)
try await Task.sleep(nanoseconds: 1_000_000)
subject.send(4)
await task.value
