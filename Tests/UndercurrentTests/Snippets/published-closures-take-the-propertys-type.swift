import Combine
// A @Published property's publisher ($count) gives its closures the property's type.
// One subscriber per property: the order a publisher reaches several in is not Combine's to keep.
final class Model: ObservableObject {
    @Published var count = 0
    @Published var price: Double = 1
    @Published var rate: Double = 0.5
    var cancellables: Set<AnyCancellable> = []
    func watch() {
        $count.map { $0 * 2 }.sink { print("count", $0) }.store(in: &cancellables)
        self.$price.filter { $0 > 1 }.sink { print("dearer", $0) }.store(in: &cancellables)
    }
}
let model = Model()
model.watch()
let c = model.$rate.map { $0 * 1.5 }.sink { print("rate", $0) }
model.count = 3
model.price = 2
model.rate = 2
