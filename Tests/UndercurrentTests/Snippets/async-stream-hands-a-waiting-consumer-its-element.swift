import Combine

// An element yielded while the consumer waits in next() goes straight to it; only what
// comes before the consumer asks again fills the buffer. yield says what happened.
let (stream, input) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
let consumer = Task { () -> [Int] in
    var seen: [Int] = []
    for await value in stream { seen.append(value) }
    return seen
}
try await Task.sleep(nanoseconds: 10_000_000)
print(input.yield(1))  // handed to the waiting consumer
print(input.yield(2))  // buffered: the buffer is full
print(input.yield(3))  // bufferingNewest drops the oldest buffered element, 2
input.finish()
print(input.yield(4))  // after finish
print(await consumer.value)

let (oldest, oldestInput) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingOldest(1))
let oldestConsumer = Task { () -> [Int] in
    var seen: [Int] = []
    for await value in oldest { seen.append(value) }
    return seen
}
try await Task.sleep(nanoseconds: 10_000_000)
for value in 1...3 { print(oldestInput.yield(value)) }
oldestInput.finish()
print(await oldestConsumer.value)
