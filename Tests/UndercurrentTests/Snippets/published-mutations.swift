import Combine
class Store: ObservableObject {
    @Published var items: [String] = []
    @Published var title: String? = nil
    @Published var count = 0
}
let store = Store()
let a = store.$items.sink { print("items", $0) }
let b = store.$title.sink { print("title", $0 as Any) }
let w = store.objectWillChange.sink { print("will change") }
store.items.append("x")
store.items += ["y", "z"]
store.items[0] = "X"
store.title = "T"
store.title = nil
store.count += 1
print(store.items.count, store.count)
