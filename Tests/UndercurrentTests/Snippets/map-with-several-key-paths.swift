import Combine

// Publisher.map(_:_:) and map(_:_:_:) with key paths produce tuples.
struct User { let id: Int; let nickname: String?; let admin: Bool }
var bag = Set<AnyCancellable>()
Just(User(id: 9, nickname: "zed", admin: false))
    .map(\.id, \.nickname)
    .sink { print("two key paths:", $0) }
    .store(in: &bag)
[User(id: 1, nickname: nil, admin: true)].publisher
    .map(\.id, \.nickname, \.admin)
    .sink { print("three key paths:", $0) }
    .store(in: &bag)
// A key path map is not applied when the chain is built: print() sees the users.
[User(id: 2, nickname: "b", admin: false)].publisher
    .map(\.id)
    .print("ids")
    .sink { _ in }
    .store(in: &bag)
