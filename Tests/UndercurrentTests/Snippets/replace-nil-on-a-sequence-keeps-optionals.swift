import Combine

// `replaceNil(with:)` unwraps on most publishers, but on a sequence's publisher it is
// Publishers.Sequence's own operator, whose elements keep their Optional type: the
// values come out wrapped, nils replaced.
var cancellables = Set<AnyCancellable>()
[1, nil, 3].publisher.replaceNil(with: 0).sink { print("sequence", $0) }.store(in: &cancellables)
[1, nil, 3].publisher.map { $0 }.replaceNil(with: 0).sink { print("still a sequence", $0) }.store(in: &cancellables)

let readings = PassthroughSubject<Int?, Never>()
readings.replaceNil(with: -1).sink { print("subject", $0) }.store(in: &cancellables)
readings.send(nil)
readings.send(4)
Just<Int?>(nil).replaceNil(with: 9).sink { print("just", $0) }.store(in: &cancellables)
