import Combine

// flatMap(maxPublishers:) limits how many inner publishers run at once: it asks
// upstream for one more value only when an inner publisher finishes. A subject
// drops what is sent while there is no demand.
var bag = Set<AnyCancellable>()
let requests = PassthroughSubject<String, Never>()
var inners: [String: PassthroughSubject<String, Never>] = [:]

requests
    .print("upstream")
    .flatMap(maxPublishers: .max(1)) { name -> PassthroughSubject<String, Never> in
        print("start inner", name)
        let inner = PassthroughSubject<String, Never>()
        inners[name] = inner
        return inner
    }
    .sink(receiveCompletion: { print("outer completion:", $0) },
          receiveValue: { print("got", $0) })
    .store(in: &bag)

requests.send("A")
requests.send("B")
inners["A"]?.send("A1")
print("B started?", inners["B"] != nil)
inners["A"]?.send(completion: .finished)
print("B started?", inners["B"] != nil)
requests.send("B")
inners["B"]?.send("B1")
requests.send(completion: .finished)
inners["B"]?.send("B2 after upstream finished")
inners["B"]?.send(completion: .finished)

// With .max(2) two inner publishers overlap.
let numbers = [10, 20, 30].publisher
numbers
    .flatMap(maxPublishers: .max(2)) { n in (1...2).publisher.map { n + $0 } }
    .collect()
    .sink { print("max(2) collected", $0) }
    .store(in: &bag)
