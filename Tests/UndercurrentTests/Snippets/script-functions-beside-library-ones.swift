// A script function named like a library one (`print(_: Badge)`) adds an overload: a call
// it cannot take still reaches the library's, and `Swift.print` always does.
struct Badge { let name: String }
func print(_ badge: Badge) { Swift.print("badge:", badge.name) }
func max(_ a: Badge, _ b: Badge) -> Badge { a.name > b.name ? a : b }

print(Badge(name: "gold"))
let total = 1 + 1
print(total)
print("text", 3)
Swift.print(total * 10)
print(max(Badge(name: "a"), Badge(name: "b")))
let larger = max(3, 7)
print(larger)
