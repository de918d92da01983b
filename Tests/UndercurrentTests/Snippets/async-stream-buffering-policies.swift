import Combine

// A stream's buffer holds what is yielded before the consumer asks. bufferingOldest keeps
// the first elements and drops the new ones; bufferingNewest keeps the latest.
func collect(_ stream: AsyncStream<Int>) async -> [Int] {
    var seen: [Int] = []
    for await value in stream { seen.append(value) }
    return seen
}
let oldest = AsyncStream(Int.self, bufferingPolicy: .bufferingOldest(2)) { continuation in
    for value in 1...5 { continuation.yield(value) }
    continuation.finish()
}
let newest = AsyncStream(Int.self, bufferingPolicy: .bufferingNewest(2)) { continuation in
    for value in 1...5 { continuation.yield(value) }
    continuation.finish()
}
let unbounded = AsyncStream(Int.self) { continuation in
    for value in 1...5 { continuation.yield(value) }
    continuation.finish()
}
print("oldest:", await collect(oldest))
print("newest:", await collect(newest))
print("unbounded:", await collect(unbounded))
