import Combine

enum FetchError: Error { case notFound }

func fetch(_ ok: Bool) -> AnyPublisher<String, FetchError> {
    ok ? Just("data").setFailureType(to: FetchError.self).eraseToAnyPublisher()
       : Fail(error: .notFound).eraseToAnyPublisher()
}

let a = fetch(false).replaceError(with: "default")
    .sink(receiveCompletion: { print("replaceError:", $0) }, receiveValue: { print("replaceError value", $0) })
let b = fetch(false).catch { _ in fetch(true) }
    .sink(receiveCompletion: { print("catch:", $0) }, receiveValue: { print("catch value", $0) })
let c = fetch(false).catch { _ in Empty<String, FetchError>() }
    .sink(receiveCompletion: { print("catch to empty:", $0) }, receiveValue: { print("never", $0) })
let d = fetch(true).assertNoFailure()
    .sink(receiveCompletion: { print("assertNoFailure:", $0) }, receiveValue: { print("assertNoFailure value", $0) })
