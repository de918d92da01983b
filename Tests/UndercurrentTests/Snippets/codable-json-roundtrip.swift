import Foundation

// Synthesized Codable: stored properties in declaration order, nested values,
// optionals left out when nil, enums by raw value or as {"case": {payload}}.
struct Address: Codable {
    var street: String
    var city: String
    var zip: String?
}

enum Role: String, Codable {
    case admin, editor, viewer
}

enum Badge: Codable {
    case star(count: Int)
    case label(String)
    case none
}

struct User: Codable {
    let id: Int
    var name: String
    var role: Role
    var address: Address
    var nickname: String?
    var scores: [Double]
    var badges: [Badge]
    var settings: [String: Bool]
    let version = 2
}

let user = User(id: 7, name: "Zoë \"Z\" O/B", role: .editor,
                address: Address(street: "1 Main St", city: "Oslo", zip: nil),
                nickname: nil, scores: [9.5, 7, 0.1, 1e21], badges: [.star(count: 3), .label("new"), .none],
                settings: ["dark": true])

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
let data = try encoder.encode(user)
print(data)
print(String(data: data, encoding: .utf8)!)

encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
print(String(data: try encoder.encode(user.address), encoding: .utf8)!)
print(String(decoding: try encoder.encode([Role.admin, .viewer]), as: UTF8.self))

let decoder = JSONDecoder()
let copy = try decoder.decode(User.self, from: data)
print(copy.name, copy.role, copy.address.city, copy.nickname ?? "no nickname")
print(copy.scores, copy.badges, copy.settings)
print(copy.address)

let json = """
[{"street": "2 High St", "city": "Bergen", "zip": "5003"}, {"street": "3 Low Rd", "city": "Tromsø"}]
"""
let addresses = try decoder.decode([Address].self, from: Data(json.utf8))
for address in addresses {
    print(address.city, address.zip ?? "-")
}
let maybe = "{\"street\": \"x\", \"city\": \"y\"}".data(using: .utf8)!
print(maybe.count, try decoder.decode(Address.self, from: maybe))
