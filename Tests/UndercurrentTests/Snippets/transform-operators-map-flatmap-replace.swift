import Combine

// Operators that change each value (or its type) on the way through.
var bag = Set<AnyCancellable>()
struct User { let id: Int; let nickname: String? }
enum LookupError: Error { case missing(Int) }

func lookUp(_ id: Int) -> AnyPublisher<User, LookupError> {
    id == 3
        ? Fail(error: .missing(id)).eraseToAnyPublisher()
        : Just(User(id: id, nickname: id == 2 ? nil : "user\(id)"))
            .setFailureType(to: LookupError.self).eraseToAnyPublisher()
}

print("map with a key path and a closure")
[User(id: 1, nickname: "ann")].publisher
    .map(\.id)
    .map { "id #\($0)" }
    .sink { print(" ", $0) }
    .store(in: &bag)

print("flatMap, map(\\.nickname), replaceNil")
[1, 2].publisher
    .setFailureType(to: LookupError.self)
    .flatMap { lookUp($0) }
    .map(\.nickname)
    .replaceNil(with: "(no nickname)")
    .sink(receiveCompletion: { print("  completion:", $0) }, receiveValue: { print(" ", $0) })
    .store(in: &bag)

print("flatMap that fails")
[1, 3, 4].publisher
    .setFailureType(to: LookupError.self)
    .flatMap(lookUp)
    .map { ($0.id, $0.nickname ?? "-") }
    .sink(receiveCompletion: { print("  completion:", $0) }, receiveValue: { print(" ", $0) })
    .store(in: &bag)

print("replaceEmpty")
Empty<String, Never>()
    .replaceEmpty(with: "nothing came")
    .sink { print(" ", $0) }
    .store(in: &bag)

print("scan to build a path, then map to a string")
["usr", "local", "bin"].publisher
    .scan([String]()) { $0 + [$1] }
    .map { "/" + $0.joined(separator: "/") }
    .sink { print(" ", $0) }
    .store(in: &bag)

print("collect then map, and mapping to Void")
(1...4).publisher.collect().map { $0.reversed() }.sink { print(" ", $0) }.store(in: &bag)
Just(5).map { _ in () }.sink { print("  void value:", $0) }.store(in: &bag)
