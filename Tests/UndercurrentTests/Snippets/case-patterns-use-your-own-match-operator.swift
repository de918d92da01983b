// A `case` compares with `~=`. Declaring your own `~=` teaches `switch` a new kind of
// pattern, here a text to compare an Int with and a marker type.
func ~= (pattern: String, value: Int) -> Bool { pattern == "\(value)" }

func describe(_ n: Int) -> String {
    switch n {
    case "5": return "five, by its text"
    case 1...3: return "small"
    default: return "other"
    }
}
print(describe(5))
print(describe(2))
print(describe(9))

struct Even {}
func ~= (pattern: Even, value: Int) -> Bool { value % 2 == 0 }
for n in [4, 7] {
    switch n {
    case Even(): print(n, "is even")
    default: print(n, "is odd")
    }
}
