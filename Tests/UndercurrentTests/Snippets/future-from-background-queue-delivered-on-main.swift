import Combine
import Foundation

// Asynchronous work: a Future completed later from a background queue, and flatMap
// over publishers that each arrive after a delay. receive(on:) brings results back to
// the main queue; everything after the top-level code prints from the run loop.
var bag = Set<AnyCancellable>()
struct Profile { let id: Int; let name: String }

func fetchProfile(id: Int, after milliseconds: Int) -> AnyPublisher<Profile, Never> {
    Just(Profile(id: id, name: "user \(id)"))
        .delay(for: .milliseconds(milliseconds), scheduler: RunLoop.main)
        .eraseToAnyPublisher()
}

let token = Future<String, Error> { promise in
    print("future starts its work")
    DispatchQueue.global().asyncAfter(deadline: .now() + 1.0) {
        promise(.success("token-abc"))
    }
}
token
    .receive(on: DispatchQueue.main)
    .sink(receiveCompletion: { print("token completion:", $0) },
          receiveValue: { print("token:", $0, "on main thread:", Thread.isMainThread) })
    .store(in: &bag)

[(1, 600), (2, 200), (3, 400)].publisher
    .flatMap { fetchProfile(id: $0.0, after: $0.1) }
    .sink(receiveCompletion: { print("profiles completion:", $0) },
          receiveValue: { print("profile:", $0.name) })
    .store(in: &bag)

[(1, 600), (2, 200), (3, 400)].publisher
    .flatMap(maxPublishers: .max(1)) { fetchProfile(id: $0.0 + 10, after: $0.1 / 4) }
    .collect()
    .sink { print("one at a time, in order:", $0.map(\.id)) }
    .store(in: &bag)
print("end of top-level code")
