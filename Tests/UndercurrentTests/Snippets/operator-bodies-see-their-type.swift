// A type's `static func <` is a static method: inside it, the type's static members are in
// scope by their short name (`allCases`, `order`), also when Swift derives `>`, `<=` and
// `>=` from it, and when `sorted(by: >)` or `max()` call it.

enum Suit: String, CaseIterable, Comparable {
    case clubs, diamonds, hearts, spades

    static func < (lhs: Suit, rhs: Suit) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

struct Rank: Comparable, CustomStringConvertible {
    static let order = ["two", "ten", "jack", "ace"]
    let name: String
    var description: String { name }

    static func < (lhs: Rank, rhs: Rank) -> Bool {
        order.firstIndex(of: lhs.name)! < order.firstIndex(of: rhs.name)!
    }
}

print(Suit.clubs < .spades, Suit.hearts > .diamonds, Suit.clubs >= .hearts, Suit.spades <= .spades)
print(Suit.allCases.sorted(by: >).map(\.rawValue))
print(Suit.allCases.max()!, Suit.allCases.min()!)
let hand = [Rank(name: "jack"), Rank(name: "two"), Rank(name: "ace"), Rank(name: "ten")]
print(hand.sorted(), hand.sorted(by: >), hand.max()!)
