import Combine

// The simplest publishers and what each one emits.
var bag = Set<AnyCancellable>()
func watch<P: Publisher>(_ label: String, _ publisher: P) {
    publisher
        .sink(receiveCompletion: { print("  \(label) completion:", $0) },
              receiveValue: { print("  \(label) value:", $0) })
        .store(in: &bag)
}

enum NetworkError: Error { case unreachable(host: String) }

print("Just emits one value")
watch("Just", Just((code: 200, body: "OK")))
print("Empty finishes at once, or never")
watch("Empty", Empty<Int, Never>())
watch("Empty(completeImmediately: false)", Empty<Int, Never>(completeImmediately: false))
print("Fail sends only an error")
watch("Fail", Fail<Int, NetworkError>(error: .unreachable(host: "example.com")))
print("Sequence publishers")
watch("range", (1...3).publisher)
watch("string", "hey".publisher)
watch("Optional.Publisher", Optional("maybe").publisher)
let missing: Int? = nil
watch("nil Optional.Publisher", missing.publisher)
watch("Result.Publisher", Result<Int, NetworkError>.failure(.unreachable(host: "h")).publisher)
print("Record replays a recording")
let record = Record<String, NetworkError> { recording in
    recording.receive("first")
    recording.receive("second")
    recording.receive(completion: .failure(.unreachable(host: "cdn")))
}
watch("Record", record)
watch("Record again", record)
let literal = Record<Int, Never>(output: [7, 8], completion: .finished)
watch("Record(output:)", literal)
print("Just with setFailureType and eraseToAnyPublisher")
let erased: AnyPublisher<String, NetworkError> = Just("typed").setFailureType(to: NetworkError.self).eraseToAnyPublisher()
watch("erased", erased)
