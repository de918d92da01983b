// Arrays, dictionaries, tuples, Optionals and synthesized `==` compare their parts with the
// parts' own `==`: a script's `==` that looks at some fields only decides for them too.
struct Money: Equatable {
    var cents: Int
    var note = ""
    static func == (a: Money, b: Money) -> Bool { a.cents == b.cents }
}
struct Wallet: Equatable { var money: Money; var owner: String }
enum Payment: Equatable { case cash(Money), card }
print([Money(cents: 1)] == [Money(cents: 1, note: "z")])
print(["a": Money(cents: 2)] == ["a": Money(cents: 2, note: "q")])
print((1, Money(cents: 3)) == (1, Money(cents: 3, note: "x")))
print(Wallet(money: Money(cents: 4), owner: "a") == Wallet(money: Money(cents: 4, note: "w"), owner: "a"))
print(Payment.cash(Money(cents: 5)) == .cash(Money(cents: 5, note: "n")), Payment.card == .card)
print([[Money(cents: 6)]] == [[Money(cents: 6, note: "m")]], [1, 2] == [1, 2], ["a"] != ["b"])
let maybe: Money? = Money(cents: 7)
print(maybe == Money(cents: 7, note: "o"))
