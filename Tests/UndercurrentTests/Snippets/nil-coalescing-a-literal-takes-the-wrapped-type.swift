// `optional ?? 0` is of the type the Optional wraps: a Double's nil gives 0.0, wherever the
// left side's type comes from.
struct Shop {
    var items: [String: Double] = ["tea": 2.5]
    func price(of item: String) -> Double? { items[item] }
}
let shop: Shop? = Shop()
print(shop?.price(of: "tea") ?? 0, shop?.price(of: "cake") ?? 0)
let prices: [String: Double] = ["tea": 2.5]
print(prices["cake"] ?? 0)
var reading: Double? = nil
print(reading ?? 1)
func lastReading() -> Double? { nil }
print(lastReading() ?? 2)
let count: Int? = nil
print(count ?? 3)
let small: UInt8? = nil
print(small ?? 7, type(of: small ?? 7))
let total = (shop?.price(of: "cake") ?? 0) + 1
print(total)
let readings: [Double?] = [1, nil]
print(readings.map { $0 ?? 0 }, readings.map { r in r ?? 0 })
for r in readings { print(r ?? 0) }
let second = readings[1]
print(second ?? 0)
