import Combine

// publisher.values subscribes when the loop starts and asks for one value per turn:
// request(.max(1)) each time the loop is ready for the next. A subject sends to whoever has
// demand, so what it sends while the loop body is busy is dropped.
let subject = PassthroughSubject<Int, Never>()
let watched = subject.handleEvents(
    receiveSubscription: { _ in print("subscribed") },
    receiveOutput: { print("output", $0) },
    receiveCancel: { print("cancel") },
    receiveRequest: { print("request", $0) })
let consumer = Task {
    for await value in watched.values {
        print("got", value)
        if value == 3 { break }
    }
    print("loop done")
}
try await Task.sleep(nanoseconds: 10_000_000)
subject.send(1)
subject.send(99)  // the loop has not asked again yet: dropped
try await Task.sleep(nanoseconds: 10_000_000)
subject.send(2)
try await Task.sleep(nanoseconds: 10_000_000)
subject.send(3)
await consumer.value

// A publisher that has its values at hand delivers each as it is asked.
for await value in [10, 20, 30].publisher.handleEvents(receiveRequest: { print("request", $0) }).values {
    print(value)
}
