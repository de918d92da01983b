import Combine

// retry(n) resubscribes up to n extra times; the last error gets through.
enum FetchError: Error { case timeout(attempt: Int), badStatus(Int) }

var attempt = 0
func flakyRequest(succeedOn: Int) -> AnyPublisher<String, FetchError> {
    Deferred { () -> AnyPublisher<String, FetchError> in
        attempt += 1
        print("  request attempt", attempt)
        guard attempt >= succeedOn else {
            return Fail(error: .timeout(attempt: attempt)).eraseToAnyPublisher()
        }
        return Just("response #\(attempt)").setFailureType(to: FetchError.self).eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
}

func run(_ label: String, retries: Int, succeedOn: Int) {
    attempt = 0
    print(label)
    _ = flakyRequest(succeedOn: succeedOn)
        .retry(retries)
        .sink(receiveCompletion: { print("  completion:", $0) },
              receiveValue: { print("  value:", $0) })
}

run("retry(3), succeeds on 3rd", retries: 3, succeedOn: 3)
run("retry(2), needs 4 attempts", retries: 2, succeedOn: 4)
run("retry(0) is a single attempt", retries: 0, succeedOn: 2)

// A subject that fails cannot be resubscribed: retry sees the stored failure again.
let subject = PassthroughSubject<Int, FetchError>()
let kept = subject
    .handleEvents(receiveSubscription: { _ in print("subscribed to subject") })
    .retry(2)
    .sink(receiveCompletion: { print("subject completion:", $0) },
          receiveValue: { print("subject value:", $0) })
subject.send(1)
subject.send(completion: .failure(.badStatus(503)))
subject.send(2)
