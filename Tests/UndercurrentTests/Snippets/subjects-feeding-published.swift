import Combine

class Counter: ObservableObject {
    @Published private(set) var total = 0
    private var cancellables = Set<AnyCancellable>()

    init(increments: PassthroughSubject<Int, Never>, resets: CurrentValueSubject<Bool, Never>) {
        increments
            .scan(0, +)
            .sink { [weak self] in self?.total = $0 }
            .store(in: &cancellables)
        resets
            .filter { $0 }
            .sink { [weak self] _ in print("reset requested while total is", self?.total ?? -1) }
            .store(in: &cancellables)
    }
}

let increments = PassthroughSubject<Int, Never>()
let resets = CurrentValueSubject<Bool, Never>(false)
let counter = Counter(increments: increments, resets: resets)
let observer = counter.objectWillChange.sink { print("counter will change from", counter.total) }
let totals = counter.$total.dropFirst().sink { print("total", $0) }
increments.send(2)
increments.send(3)
resets.send(true)
resets.value = false
print(resets.value, counter.total)
