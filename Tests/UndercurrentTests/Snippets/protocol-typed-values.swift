import Combine

// A value whose static type is a protocol (declared `let g: Greeter`, `any Greeter`, or a
// generic parameter `<G: Greeter>`) reaches the protocol's members: a method only the
// extension adds runs the extension's version, and `filter` builds a `Publishers.Filter`.

protocol Greeter {
    func greet() -> String
}
extension Greeter {
    func greet() -> String { "hello" }
    func wave() -> String { "a wave from the extension" }
}
struct Bob: Greeter {
    func greet() -> String { "hi, I'm Bob" }
    func wave() -> String { "Bob's own wave" }
}

let bob = Bob()
let greeter: Greeter = Bob()
let anyGreeter: any Greeter = Bob()
print(bob.greet(), "/", bob.wave())
print(greeter.greet(), "/", greeter.wave())
print(anyGreeter.greet(), "/", anyGreeter.wave())

func meet(_ friend: Bob) {
    let asGreeter: Greeter = friend
    print(asGreeter.wave(), "/", friend.wave())
}
meet(bob)

func keepOdd<P: Publisher>(_ upstream: P) -> Publishers.Filter<P> where P.Output == Int {
    upstream.filter { $0 % 2 == 1 }
}
let odd = keepOdd([1, 2, 3].publisher)
print(type(of: odd))
let c = odd.sink { print($0) }

func introduce<G: Greeter>(_ friend: G) -> String { friend.wave() }
func introduceAll<G>(_ friends: [G]) -> [String] where G: Greeter { friends.map { $0.greet() } }
print(introduce(bob))
print(introduceAll([bob, Bob()]))
