import Combine

// print() logs every event that passes through it, with an optional prefix.
var bag = Set<AnyCancellable>()

print("== Just, no prefix")
Just(3.5).print().sink { _ in }.store(in: &bag)

print("== Empty and Fail")
Empty<String, Never>().print("empty").sink { _ in }.store(in: &bag)
enum Oops: Error { case broken(code: Int) }
Fail<Int, Oops>(error: .broken(code: 9))
    .print("fail")
    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    .store(in: &bag)

print("== subject, then cancel")
let subject = PassthroughSubject<[String], Never>()
let c = subject.print("subject").sink { _ in }
subject.send(["x"])
subject.send([])
c.cancel()
subject.send(["late"])

print("== demand seen from both sides of an operator")
["a", "b", "c"].publisher
    .print("before collect")
    .collect(2)
    .print("after collect")
    .sink { _ in }
    .store(in: &bag)

print("== optional and struct values")
struct Tag { let id: Int; let label: String? }
[Tag(id: 1, label: "one"), Tag(id: 2, label: nil)].publisher
    .map { $0.label }
    .print("labels")
    .sink { _ in }
    .store(in: &bag)
