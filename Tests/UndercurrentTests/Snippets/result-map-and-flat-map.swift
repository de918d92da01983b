import Combine

// Result's map and flatMap change a success and pass a failure on; mapError and
// flatMapError do the reverse.
enum LoadError: Error { case missing, corrupt }

let loaded: Result<Int, LoadError> = .success(2)
let lost: Result<Int, LoadError> = .failure(.missing)
print(loaded.map { $0 * 10 }, lost.map { $0 * 10 })
print(loaded.mapError { _ in LoadError.corrupt }, lost.mapError { _ in LoadError.corrupt })
print(loaded.flatMap { count in count > 1 ? Result<String, LoadError>.success("plenty") : .failure(.corrupt) })
print(lost.flatMapError { _ in Result<Int, LoadError>.success(0) })

let names: Result<[String], LoadError> = .success(["ada", "grace"])
print(names.map(\.count), names.map { $0.joined(separator: "+") })

let chained = loaded.map { $0 + 1 }.flatMap { value -> Result<Int, LoadError> in
    value == 3 ? .success(value * 100) : .failure(.missing)
}
print(chained, try chained.get())

// A Future's promise takes a Result: the same transforms shape what it delivers.
var cancellables = Set<AnyCancellable>()
Future<String, LoadError> { promise in promise(lost.map { "\($0)" }.mapError { _ in .corrupt }) }
    .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    .store(in: &cancellables)
