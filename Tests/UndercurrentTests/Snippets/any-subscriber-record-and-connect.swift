import Combine
let subject = PassthroughSubject<Int, Never>()
let c = subject.sink { print("subject got", $0) }
let wrapped = AnySubscriber(subject)
Just(3).subscribe(wrapped)
var recording = Record<Int, Never>.Recording()
recording.receive(4)
recording.receive(completion: .finished)
let r = Record(recording: recording)
let c2 = r.sink { print("record", $0) }
let any = AnySubscriber<Int, Never>(receiveSubscription: { $0.request(.unlimited) }, receiveValue: { v in print("a", v); return Subscribers.Demand.none }, receiveCompletion: { print($0) })
Just(5).subscribe(any)
let connectable = [1, 2].publisher.makeConnectable()
let c3 = connectable.sink { print("connected", $0) }
let cancellable: Cancellable = connectable.connect()
print(type(of: cancellable) == AnyCancellable.self)
