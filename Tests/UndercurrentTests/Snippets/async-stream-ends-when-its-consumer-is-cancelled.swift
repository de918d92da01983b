import Combine

// A consumer cancelled while it waits in next() ends the stream: next() gives nil and
// onTermination hears .cancelled; what is yielded afterwards goes nowhere.
let (stream, input) = AsyncStream.makeStream(of: Int.self)
input.onTermination = { print("terminated:", $0) }
let consumer = Task {
    for await value in stream { print("got", value) }
    print("loop ended, cancelled:", Task.isCancelled)
}
input.yield(1)
try await Task.sleep(nanoseconds: 10_000_000)
consumer.cancel()
await consumer.value
input.yield(2)
print("end")
