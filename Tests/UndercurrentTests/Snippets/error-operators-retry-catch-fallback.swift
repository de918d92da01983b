import Combine

// retry, then catch with a cached fallback; tryMap turns the failure type into
// `Error`, mapError brings it back to a typed error; replaceError ends quietly.
enum APIError: Error { case offline, decoding(String), server(code: Int) }

var calls = 0
func loadProfile() -> AnyPublisher<String, APIError> {
    Deferred { () -> Fail<String, APIError> in
        calls += 1
        print("loadProfile call", calls)
        return Fail(error: .server(code: 500 + calls))
    }
    .eraseToAnyPublisher()
}

let cached = loadProfile()
    .retry(2)
    .catch { error -> Just<String> in
        print("giving up after \(calls) calls:", error)
        return Just("cached profile")
    }
    .sink(receiveCompletion: { print("cached completion:", $0) },
          receiveValue: { print("shown:", $0) })

let decoded = ["{\"age\":3}", "garbage"].publisher
    .tryMap { json -> Int in
        guard json.hasPrefix("{") else { throw APIError.decoding(json) }
        return json.count
    }
    .mapError { error -> APIError in
        print("mapError sees", type(of: error), error)
        return (error as? APIError) ?? .offline
    }
    .sink(receiveCompletion: { print("decoded completion:", $0) },
          receiveValue: { print("decoded length:", $0) })

let quiet = Fail<Int, APIError>(error: .offline)
    .replaceError(with: 0)
    .sink(receiveCompletion: { print("replaceError completion:", $0) },
          receiveValue: { print("replaceError value:", $0) })

let chained = Fail<Int, APIError>(error: .offline)
    .tryCatch { error -> Just<Int> in
        print("tryCatch got", error, "and throws another error")
        throw APIError.server(code: 418)
    }
    .sink(receiveCompletion: { print("tryCatch completion:", $0) },
          receiveValue: { print("tryCatch value:", $0) })
