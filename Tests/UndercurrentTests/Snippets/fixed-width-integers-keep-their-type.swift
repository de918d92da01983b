import Combine

// UInt8, UInt64, Int32 and the other fixed-width integers keep their type: literals take
// it, arithmetic stays in it, ranges count in it, and each prints as Swift prints it.
let a: UInt8 = 250
var b = a + 5
print(a, b, type(of: b), UInt8.max, Int8.min, UInt64.max, UInt.max, Int64.min)
b = b &+ 1
print(b, a &* 2, a >> 1, a << 1, ~a, a & 0x0F, a | 1, a ^ 0xFF)
let big: UInt64 = 9_000_000_000_000_000_000
print(big, big / 3, big % 7, big > 5, Int(exactly: big) as Any, Double(big))
let ms = 250
let ns = UInt64(ms) * 1_000_000
print(ns, UInt64(2.9), UInt8(exactly: 300) as Any, UInt8(truncatingIfNeeded: 300), UInt8(clamping: -5), Int16("123") as Any)
let values: [UInt8] = [1, 2, 3]
print(values, values.contains(2), values.reduce(0, +), [UInt8(1): "one"][1] ?? "none")
func wait(_ n: UInt64) -> String { "wait \(n)" }
print(wait(50), -Int32(5), Int8(-128) < 0, a.isMultiple(of: 5), a.description, "\(a)")
debugPrint(a, [a])
try await Task.sleep(nanoseconds: ns)
print("slept")
var counter: UInt8 = 254
counter += 1
let count: UInt8 = 3
for i in 0..<count { print(i, type(of: i)) }
let names: [UInt16: String] = [7: "seven"]
print(type(of: names.keys.first!), names[7] ?? "none", Array(1...count))
