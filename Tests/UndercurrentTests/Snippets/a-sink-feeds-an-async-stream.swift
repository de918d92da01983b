import Combine

// A sink can feed an AsyncStream: what the publisher sends becomes the stream's elements,
// and its completion finishes the stream. Cancelling the sink on termination ties the two
// lifetimes together.
let prices = PassthroughSubject<Double, Never>()
let stream = AsyncStream<Double> { continuation in
    let cancellable = prices.sink(
        receiveCompletion: { _ in continuation.finish() },
        receiveValue: { continuation.yield($0) })
    continuation.onTermination = { termination in
        print("terminated:", termination)
        cancellable.cancel()
    }
}
let reader = Task { () -> [Double] in
    var seen: [Double] = []
    for await price in stream { seen.append(price) }
    return seen
}
prices.send(9.5)
prices.send(10.25)
try await Task.sleep(nanoseconds: 10_000_000)
prices.send(11)
prices.send(completion: .finished)
print(await reader.value)
