import Combine

// An AsyncStream buffers what is yielded until next() takes it; finish() ends it once the
// buffer is empty, and onTermination runs when it finishes.
let numbers = AsyncStream<Int> { continuation in
    continuation.onTermination = { termination in print("terminated:", termination) }
    for value in 1...3 { continuation.yield(value) }
    continuation.finish()
    continuation.yield(99)  // after finish: ignored
}
for await value in numbers {
    print("value", value)
}

// makeStream gives the stream and its continuation apart; a task consumes while the top
// level produces, and each yield wakes it.
let (words, wordsIn) = AsyncStream.makeStream(of: String.self)
let consumer = Task { () -> [String] in
    var seen: [String] = []
    for await word in words where word != "skip" {
        seen.append(word)
    }
    return seen
}
wordsIn.yield("a")
wordsIn.yield("skip")
wordsIn.yield("b")
wordsIn.finish()
print(await consumer.value)

// bufferingNewest keeps only the latest elements.
let latest = AsyncStream(Int.self, bufferingPolicy: .bufferingNewest(2)) { continuation in
    for value in 1...5 { continuation.yield(value) }
    continuation.finish()
}
var kept: [Int] = []
for await value in latest { kept.append(value) }
print("newest two", kept)

// A throwing stream ends by throwing.
struct Broken: Error {}
let failing = AsyncThrowingStream<Int, Error> { continuation in
    continuation.yield(1)
    continuation.finish(throwing: Broken())
}
do {
    for try await value in failing { print("got", value) }
} catch {
    print("stream threw", error)
}
