import Foundation

// A small inventory: structs in arrays, grouped, sorted and summarised.
struct Item {
    let name: String
    let category: String
    var price: Double
    var quantity: Int
}

var inventory = [
    Item(name: "pen", category: "office", price: 1.5, quantity: 10),
    Item(name: "desk", category: "furniture", price: 120, quantity: 2),
    Item(name: "lamp", category: "furniture", price: 35.25, quantity: 0),
    Item(name: "stapler", category: "office", price: 8, quantity: 3),
]

let inStock = inventory.filter { $0.quantity > 0 }
print(inStock.map(\.name))
let value = inventory.reduce(0) { $0 + $1.price * Double($1.quantity) }
print("stock value:", value)
let byCategory = Dictionary(grouping: inventory, by: \.category)
for category in byCategory.keys.sorted() {
    let names = byCategory[category]!.map(\.name).sorted()
    print(category, names)
}
let cheapest = inventory.min { $0.price < $1.price }!
let priciest = inventory.max { $0.price < $1.price }!
print(cheapest.name, priciest.name)
print(inventory.sorted { ($0.category, $0.price) < ($1.category, $1.price) }.map(\.name))

// Mutating elements in place.
for index in inventory.indices where inventory[index].category == "office" {
    inventory[index].price *= 2
}
inventory[2].quantity += 5
print(inventory.map { "\($0.name): \($0.price) x\($0.quantity)" })

// Ranking with enumerated and zip.
let ranked = inventory.sorted { $0.price > $1.price }
for (rank, item) in ranked.enumerated() { print(rank + 1, item.name) }
let labels = ["gold", "silver", "bronze"]
print(zip(labels, ranked).map { "\($0)=\($1.name)" })

// Sets of names.
let office = Set(inventory.filter { $0.category == "office" }.map(\.name))
let cheap = Set(inventory.filter { $0.price < 20 }.map(\.name))
print(office.intersection(cheap).sorted(), office.union(cheap).sorted(), cheap.subtracting(office).sorted())

// Nested collections.
var shelves: [String: [Item]] = [:]
for item in inventory { shelves[item.category, default: []].append(item) }
print(shelves["office"]!.count, shelves["furniture"]!.map(\.quantity), shelves["garden"]?.count ?? 0)
let totals = shelves.mapValues { $0.reduce(0) { $0 + $1.quantity } }
print(totals.sorted { $0.key < $1.key })
print(inventory.first!, [inventory.last!.name])
