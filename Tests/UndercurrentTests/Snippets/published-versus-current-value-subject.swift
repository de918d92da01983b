import Combine

// @Published publishes in willSet; CurrentValueSubject stores first, then publishes.
class Box {
    @Published var published = 0
    let subject = CurrentValueSubject<Int, Never>(0)
}

let box = Box()
let a = box.$published.sink { print("published sends \($0); property holds \(box.published)") }
let b = box.subject.sink { print("subject sends \($0); value holds \(box.subject.value)") }
box.published = 1
box.subject.send(1)
box.subject.value = 2
box.published += 1

// A Published publisher never completes; a subject can.
let c = box.subject.sink(receiveCompletion: { print("subject:", $0) }, receiveValue: { _ in })
box.subject.send(completion: .finished)
box.subject.send(3)
print(box.subject.value, box.published)
