// A protocol extension adds `wave()`, which the protocol does not require, and the conforming
// types declare their own `wave()`. Swift picks by the type the receiver is declared with,
// also where nobody wrote it: a function's result, a constant made from a parameter, an
// element of a `[Greeter]` (by subscript, `for`, or a closure given to `map`, `forEach`,
// `reduce`), an optional chain, `if let`, a property, a `[T]` with `T: Greeter`, `self` in
// the extension's closures. Through the protocol the extension's runs; through the concrete
// type its own.

protocol Greeter {
    func greet() -> String
}

extension Greeter {
    func wave() -> String { "the extension's wave" }
    // Inside the extension `self` is the protocol's, in its closures too.
    func waves(_ count: Int) -> [String] { (0..<count).map { _ in self.wave() } }
    func waveLater() -> () -> String { { wave() } }
}

struct Loud: Greeter {
    func greet() -> String { "HI" }
    func wave() -> String { "Loud's wave" }
}

final class Quiet: Greeter {
    func greet() -> String { "hi" }
    func wave() -> String { "Quiet's wave" }
    func both() -> String { wave() + " / " + self.wave() }
}

func makeGreeter() -> Greeter { Loud() }
func makeLoud() -> Loud { Loud() }

let made = makeGreeter()
print(made.wave())
print(makeLoud().wave())

func use(_ greeter: Greeter) {
    let copy = greeter
    print(greeter.wave(), "|", copy.wave())
}
use(Loud())

let greeters: [Greeter] = [Loud(), Quiet()]
print(greeters[0].wave())
for greeter in greeters { print(greeter.greet(), greeter.wave()) }

let loudOnes = [Loud(), Loud()]
for loud in loudOnes { print(loud.wave()) }

let maybe: Greeter? = Quiet()
print(maybe?.wave() ?? "none")
if let unwrapped = maybe { print(unwrapped.wave()) }

struct Stage {
    let greeter: Greeter
    let loud = Loud()
    func show() { print(greeter.wave(), "|", loud.wave()) }
}
Stage(greeter: Quiet()).show()
print(Stage(greeter: Loud()).greeter.wave())

let quiet = Quiet()
print(quiet.wave(), "|", quiet.both())

print(greeters.map { $0.wave() }, greeters.map { greeter in greeter.wave() })
greeters.forEach { print($0.wave()) }
print(greeters.reduce("") { $0 + $1.wave() + ";" })
print(loudOnes.map { $0.wave() }, loudOnes.filter { $0.wave() == "Loud's wave" }.count)

func waves<T: Greeter>(_ items: [T]) -> [String] { items.map { $0.wave() } }
print(waves([Loud()]), waves([Quiet(), Quiet()]))
print(Loud().waves(2), Quiet().waveLater()())
