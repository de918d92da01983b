let d: Any = [1: 2]
print(d as? [String: Int] as Any)
print(d as? [Int: Int] as Any)
print(d as? [Int: Any] as Any)
let e: Any = [String: Int]()
print(e as? [Int: String] as Any)
let a: Any = [1, 2]
print(a as? [String] as Any)
print(a as? [Int] as Any)
let mixed: [Any] = [1, "two"]
print(mixed as? [Int] as Any)
let nested: Any = ["a": [1, 2]]
print(nested as? [String: [Int]] as Any)
print(nested as? [String: [String]] as Any)
