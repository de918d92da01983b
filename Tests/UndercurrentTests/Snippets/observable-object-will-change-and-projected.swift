import Combine

// objectWillChange fires before any @Published property changes; each $property
// publishes the new value, also before the property is written.
final class Cart: ObservableObject {
    @Published var items: [String] = []
    @Published var coupon: String? = nil
    var notPublished = 0

    var summary: String { "\(items.count) item(s), coupon \(coupon ?? "none")" }
    func add(_ item: String) { items.append(item) }
}

let cart = Cart()
var bag = Set<AnyCancellable>()
var changes = 0
cart.objectWillChange
    .sink { _ in
        changes += 1
        print("will change #\(changes); still:", cart.summary)
    }
    .store(in: &bag)
cart.$items
    .sink { print("$items ->", $0) }
    .store(in: &bag)
cart.$coupon
    .dropFirst()
    .sink { print("$coupon ->", $0 as Any) }
    .store(in: &bag)

cart.add("apple")
cart.add("pear")
cart.coupon = "SAVE10"
cart.notPublished = 42
cart.items = cart.items.filter { $0 != "apple" }
cart.coupon = nil
print("final:", cart.summary, "changes:", changes)
