// A type declared inside a function is its own type: it does not replace a global type
// of the same name, nor a local type of another function, for the rest of the run.
struct Token { var text = "outer" }

func parse() -> [Int] {
    struct Token {
        var kind: Int
        func doubled() -> Token { Token(kind: kind * 2) }
    }
    let token = Token(kind: 21)
    print(token, token.doubled(), type(of: token))
    return [1, 2].map { Token(kind: $0).doubled().kind }
}

func describe() -> String {
    struct Token: CustomStringConvertible {
        let n: Int
        var description: String { "Token #\(n)" }
    }
    return "\(Token(n: 3))"
}

print(parse())
print(Token(), Token().text)
print(describe())
print(Token())

class Shelf {
    struct Item { var name: String }
    func list() {
        struct Item { var count: Int }
        print(Item(count: 2), Shelf.Item(name: "global to the class"))
    }
}
Shelf().list()

do {
    enum Token { case inBlock }
    print(Token.inBlock)
}
print(Token(text: "after the block"))
