// An `if` used as a value whose branches are `Int` and `Int?` is an `Int?`: Swift wraps
// the other branch's value, here and in a function's local.
let flag = [1, 2].count > 1
let v = if flag { 3 } else { nil as Int? }
print(v as Any)
let w = if !flag { nil as String? } else if flag { "s" } else { "t" }
print(w as Any)
func describe(_ on: Bool) {
    let reading = if on { 20 } else { nil as Int? }
    print(reading.map { "\($0)°" } ?? "off")
}
describe(true)
describe(false)
let plain = if flag { 1 } else { 2 }
print(plain)
