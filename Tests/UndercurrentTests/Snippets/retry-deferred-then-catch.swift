import Combine

enum Timeout: Error { case after(seconds: Int) }

var calls = 0
let request = Deferred { () -> AnyPublisher<String, Timeout> in
    calls += 1
    print("request #\(calls)")
    return Fail(error: Timeout.after(seconds: calls * 5)).eraseToAnyPublisher()
}

let c = request
    .retry(2)
    .catch { error -> Just<String> in
        print("all attempts failed:", error)
        return Just("cached")
    }
    .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print("value:", $0) })
print("calls:", calls)
