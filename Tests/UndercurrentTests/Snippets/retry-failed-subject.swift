import Combine

enum Broken: Error { case once }

// A subject that has failed stays failed: retrying only meets the same failure again.
let subject = PassthroughSubject<Int, Broken>()
let c = subject
    .handleEvents(receiveSubscription: { _ in print("subscribed") })
    .retry(2)
    .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print("value:", $0) })
subject.send(1)
subject.send(completion: .failure(.once))
subject.send(2)
