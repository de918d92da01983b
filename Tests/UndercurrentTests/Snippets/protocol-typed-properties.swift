// A property declared with a protocol type: a call through it of a method that only a
// protocol extension declares (not a requirement) runs the extension's, as Swift dispatches
// it statically; a requirement runs the conforming type's. Through `self.greeter`,
// `greeter` inside a method, and a global declared with the protocol type.

protocol Greeter {
    func greet() -> String
}

extension Greeter {
    func wave() -> String { "wave from the extension" }
}

final class Loud: Greeter {
    func greet() -> String { "HELLO" }
    func wave() -> String { "wave from Loud" }
}

final class Host {
    let greeter: Greeter = Loud()
    let loud = Loud()

    func run() {
        print(greeter.greet(), "/", greeter.wave())
        print(self.greeter.greet(), "/", self.greeter.wave())
        print(loud.wave(), "/", self.loud.wave())
        print(global.wave())
    }
}

let global: Greeter = Loud()
Host().run()
