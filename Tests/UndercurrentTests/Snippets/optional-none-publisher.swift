import Combine

// Optional<Wrapped>.none.publisher is an Optional.Publisher that just finishes.
var bag = Set<AnyCancellable>()
Optional<Int>.none.publisher
    .sink(receiveCompletion: { print("explicit .none:", $0) }, receiveValue: { print("value", $0) })
    .store(in: &bag)
Optional<Int>.some(3).publisher
    .sink(receiveCompletion: { print("explicit .some:", $0) }, receiveValue: { print("value", $0) })
    .store(in: &bag)
let nothing: Int? = nil
nothing.publisher
    .sink(receiveCompletion: { print("typed nil:", $0) }, receiveValue: { print("value", $0) })
    .store(in: &bag)
