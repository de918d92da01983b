import Combine

// Inside a protocol extension, `self` is the generic `Self`: calls on it reach the
// protocol's members, never the overloads of the type it happens to be. `filter` on a
// sequence publisher there builds a `Publishers.Filter`, and a method the extension adds
// (not a requirement) runs the extension's version.

extension Publisher {
    func keepAll() -> String { "\(type(of: filter { _ in true }))" }
    func keepAllExplicitly() -> String { "\(type(of: self.filter { _ in true }))" }
    func doubled() -> Publishers.Map<Self, String> { map { "\($0)\($0)" } }
}

print([1, 2].publisher.keepAll())
print([1, 2].publisher.keepAllExplicitly())
print(type(of: [1, 2].publisher.filter { _ in true }))
print(Just(1).keepAll())
let c = [1, 2].publisher.doubled().sink { print($0) }

protocol Greeter {
    func greet() -> String
}
extension Greeter {
    func greet() -> String { "hello" }
    func wave() -> String { "a wave from the extension" }
    func both() -> String { "\(greet()), \(wave()), \(self.wave())" }
}
struct Bob: Greeter {
    func greet() -> String { "hi, I'm Bob" }
    func wave() -> String { "Bob's own wave" }
}
print(Bob().both())
print(Bob().wave())
