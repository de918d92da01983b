// Two functions may differ only in the type they return; the type the context wants
// chooses between them.
func make() -> Int { 1 }
func make() -> String { "one" }
let count: Int = make()
let name: String = make()
print(count, name)

func parse(_ text: String) -> Int? { Int(text) }
func parse(_ text: String) -> Double? { Double(text) }
let whole: Int? = parse("4")
let fraction: Double? = parse("2.5")
print(whole as Any, fraction as Any)

func next() -> Int { count + 1 }
print(next())
