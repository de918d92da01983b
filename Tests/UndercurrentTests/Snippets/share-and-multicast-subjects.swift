import Combine

var work = 0
let expensive = PassthroughSubject<Int, Never>()
let computed = expensive
    .map { value -> Int in
        work += 1
        return value * value
    }
    .multicast(subject: PassthroughSubject<Int, Never>())
let first = computed.sink { print("first", $0) }
let connection = computed.connect()
expensive.send(3)
expensive.send(4)
print("work done:", work)
connection.cancel()
expensive.send(5)
print("after cancel, work done:", work)
