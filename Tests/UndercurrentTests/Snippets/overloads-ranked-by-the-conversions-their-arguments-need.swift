// Which overload a call runs is Swift's choice, by the conversions each argument needs:
// a literal of another type than its own is the costliest, then wrapping in an Optional,
// then passing as `Any`. An argument that cannot be passed at all rules its overload out.
func describe(_ x: Any) -> String { "any" }
func describe(_ x: Int?) -> String { "optional int" }
print(describe("q"))  // a String is never an Int?
print(describe(5))  // passing as Any costs less than wrapping in an Optional
let stored: Int? = 3
print(describe(stored))

func handle(_ x: Int?) -> String { "optional" }
func handle(_ x: Int) -> String { "plain" }
let maybe: Int? = 4
print(handle(maybe))  // an Int? is never an Int
print(handle(nil))
print(handle(4))

func pick(_ x: Double) -> String { "double" }
func pick(_ x: Int?) -> String { "optional int" }
print(pick(3))  // 3 as a Double costs more than 3 as an Int?
print(pick(3.5))

class Animal {}
class Dog: Animal {}
class Cat: Animal {}
func feed(_ a: Animal) -> String { "animal" }
func feed(_ d: Dog) -> String { "dog" }
print(feed(Dog()))
print(feed(Cat()))  // a Cat is not a Dog
