import Combine

// Any two integer types compare by value (BinaryInteger's heterogeneous == and <), even
// when one value does not fit the other's type; arithmetic still needs one type.
let byte: UInt8 = 200
let count = 300
let offset: Int64 = -1
print(byte < count, count > byte, byte == count, offset < byte, byte != offset)
let readings: [UInt16] = [10, 400, 65_000]
print(readings.filter { $0 > count }, readings.contains { $0 == byte })
print(UInt64.max > count, Int8(-1) == offset, UInt8(255) == Int8(-1))
let total = Int64(byte) + offset
print(total, type(of: total))
