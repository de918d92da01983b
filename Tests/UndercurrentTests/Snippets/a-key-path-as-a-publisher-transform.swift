import Combine

// A key path can stand for a function that reads its property (SE-0249): as `map`'s
// transform, and as `flatMap`'s, whose property here is each array's own publisher.
var subscriptions = Set<AnyCancellable>()

struct Order { let items: [String] }
let orders = [Order(items: ["tea", "cake"]), Order(items: ["soup"])]

orders.publisher
    .map(\.items)
    .flatMap(\.publisher)
    .sink { print("item:", $0) }
    .store(in: &subscriptions)

Just([1, 2, 3])
    .flatMap(\.publisher)
    .map(\.description)
    .collect()
    .sink { print($0) }
    .store(in: &subscriptions)
