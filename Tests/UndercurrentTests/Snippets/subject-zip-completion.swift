import Combine

let left = PassthroughSubject<String, Never>()
let right = PassthroughSubject<Int, Never>()
let c = left.zip(right)
    .sink(receiveCompletion: { print("zip:", $0) }, receiveValue: { print("pair", $0, $1) })
left.send("a")
right.send(1)
left.send("b")
left.send(completion: .finished)
print("left finished, one value still waiting")
right.send(2)
right.send(3)
