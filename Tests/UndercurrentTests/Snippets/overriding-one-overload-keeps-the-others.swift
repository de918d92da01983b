// A subclass that overrides one of its superclass's overloads keeps the others: a call is
// chosen among all of them, the overrides in place of what they override.
class Animal {
    func speak(_ x: Int) -> String { "int" }
    func speak(_ x: String) -> String { "string" }
    class func make(_ n: Int) -> String { "animal \(n)" }
    class func make(_ s: String) -> String { "animal named \(s)" }
}
class Dog: Animal {
    override func speak(_ x: Int) -> String { "dog int, then " + super.speak(x) }
    override class func make(_ n: Int) -> String { "dog \(n)" }
}
final class Puppy: Dog {
    override func speak(_ x: String) -> String { "puppy string" }
}
let d = Dog()
print(d.speak("s"), d.speak(1))
let a: Animal = Dog()
print(a.speak("t"), a.speak(2))
print(Dog.make("rex"), Dog.make(3))
let p = Puppy()
print(p.speak("u"), p.speak(4))
