import Combine

// A Future runs its closure as soon as it is created, once, and replays the result.
// Deferred runs its factory again for every subscriber, only when it subscribes.
var bag = Set<AnyCancellable>()

print("-- Future")
var uploads = 0
let upload = Future<String, Never> { promise in
    uploads += 1
    print("uploading (run \(uploads))")
    promise(.success("receipt-\(uploads)"))
}
print("future built, uploads =", uploads)
upload.sink { print("A got", $0) }.store(in: &bag)
upload.sink { print("B got", $0) }.store(in: &bag)
print("after two subscribers, uploads =", uploads)

print("-- Future resolved later")
var resolve: ((Result<Int, Never>) -> Void)?
let pending = Future<Int, Never> { promise in resolve = promise }
pending.sink(receiveCompletion: { print("pending completion:", $0) },
             receiveValue: { print("pending value:", $0) }).store(in: &bag)
print("nothing yet")
resolve?(.success(7))
resolve?(.success(8))

print("-- Deferred")
var builds = 0
let lazyUpload = Deferred { () -> Future<String, Never> in
    builds += 1
    print("building future \(builds)")
    return Future { $0(.success("lazy-\(builds)")) }
}
print("deferred built, builds =", builds)
lazyUpload.sink { print("C got", $0) }.store(in: &bag)
lazyUpload.sink { print("D got", $0) }.store(in: &bag)
print("after two subscribers, builds =", builds)
