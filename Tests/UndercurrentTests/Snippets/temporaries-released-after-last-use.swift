// A temporary object goes as soon as the statement no longer needs it, as in a debug build
// of the compiled program: between the two `touch` calls, before `print` of a property.

final class Noisy {
    let name: String
    init(_ name: String) { self.name = name; print("init", name) }
    deinit { print("deinit", name) }
    func touch() -> Int { print("touch", name); return 1 }
}
func make(_ name: String) -> Noisy { Noisy(name) }
let total = make("a").touch() + make("b").touch()
print("after statement", total)
print(make("c").name)
print("next")
_ = make("d")
print("after discard")
func f() {
    let x = make("e").touch()
    print("in f", x)
}
f()
let list = [make("f"), make("g")].map { $0.name }
print(list)
