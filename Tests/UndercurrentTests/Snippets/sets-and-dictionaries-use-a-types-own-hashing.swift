// A Set or a Dictionary asks a key's own `hash(into:)` and `==`: a user is the same
// element whatever its name, because only its `id` is hashed and compared.
struct User: Hashable {
    let id: Int
    var name: String
    static func == (a: User, b: User) -> Bool { a.id == b.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

var users: Set<User> = [User(id: 1, name: "Ann")]
let (inserted, member) = users.insert(User(id: 1, name: "Annie"))
print(users.count, inserted, member.name)
users.update(with: User(id: 1, name: "Annie"))
print(users.first!.name)

var visits: [User: Int] = [:]
visits[User(id: 2, name: "Bo")] = 1
visits[User(id: 2, name: "Bob"), default: 0] += 5
print(visits.count, visits[User(id: 2, name: "?")]!)
print(Set([User(id: 3, name: "a"), User(id: 3, name: "b"), User(id: 4, name: "c")]).count)

// A class decides the same way.
final class Node: Hashable {
    let key: String
    init(key: String) { self.key = key }
    static func == (a: Node, b: Node) -> Bool { a.key == b.key }
    func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
let nodes: Set<Node> = [Node(key: "a"), Node(key: "a"), Node(key: "b")]
print(nodes.count)

// Two Hashers given the same values finish with the same hash (in one run).
var first = Hasher()
first.combine(1)
first.combine("x")
var second = Hasher()
second.combine(1)
second.combine("x")
print(first.finalize() == second.finalize())
