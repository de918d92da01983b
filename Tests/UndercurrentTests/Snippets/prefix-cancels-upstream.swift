import Combine

// Operators that need only part of the stream cancel upstream once they have it.
var bag = Set<AnyCancellable>()
func tapped(_ label: String) -> AnyPublisher<Int, Never> {
    (1...8).publisher
        .handleEvents(receiveOutput: { print("  \(label) upstream sends", $0) },
                      receiveCompletion: { _ in print("  \(label) upstream finished") },
                      receiveCancel: { print("  \(label) upstream cancelled") })
        .eraseToAnyPublisher()
}

print("prefix(2)")
tapped("prefix").prefix(2)
    .sink(receiveCompletion: { print("  completion", $0) }, receiveValue: { print("  value", $0) })
    .store(in: &bag)

print("prefix(while: < 3)")
tapped("while").prefix(while: { $0 < 3 })
    .sink(receiveCompletion: { print("  completion", $0) }, receiveValue: { print("  value", $0) })
    .store(in: &bag)

print("first(where: even)")
tapped("first").first(where: { $0 % 2 == 0 })
    .sink { print("  value", $0) }
    .store(in: &bag)

print("output(at: 2)")
tapped("output").output(at: 2)
    .sink { print("  value", $0) }
    .store(in: &bag)

print("prefix(20) lets upstream finish")
tapped("long").prefix(20).count()
    .sink { print("  count", $0) }
    .store(in: &bag)

print("subject with prefix(1)")
let subject = PassthroughSubject<String, Never>()
subject
    .handleEvents(receiveCancel: { print("  subject subscription cancelled") })
    .prefix(1)
    .sink(receiveCompletion: { print("  completion", $0) }, receiveValue: { print("  value", $0) })
    .store(in: &bag)
subject.send("first")
subject.send("second")
