import Combine

// A hand-written publisher that fails its first attempts: retry resubscribes to it.
enum ServerError: Error { case unavailable(attempt: Int) }

final class FlakyServer: Publisher {
    typealias Output = String
    typealias Failure = ServerError
    var attempts = 0
    let failuresBeforeSuccess: Int
    init(failuresBeforeSuccess: Int) { self.failuresBeforeSuccess = failuresBeforeSuccess }

    func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == ServerError {
        attempts += 1
        Swift.print("attempt", attempts)
        if attempts <= failuresBeforeSuccess {
            Fail(error: ServerError.unavailable(attempt: attempts)).subscribe(subscriber)
        } else {
            Just("response #\(attempts)").setFailureType(to: ServerError.self).subscribe(subscriber)
        }
    }
}

let patient = FlakyServer(failuresBeforeSuccess: 2)
let c1 = patient.retry(3)
    .sink(receiveCompletion: { print("patient:", $0) }, receiveValue: { print("patient got", $0) })

let impatient = FlakyServer(failuresBeforeSuccess: 2)
let c2 = impatient.retry(1)
    .catch { error -> Just<String> in
        print("giving up after", error)
        return Just("offline copy")
    }
    .sink(receiveCompletion: { print("impatient:", $0) }, receiveValue: { print("impatient got", $0) })
