// Every compound assignment Swift declares, the wrapping ones included, and operators
// passed as functions.
var big = Int.max
big &+= 1
print(big == Int.min)
var small = Int.min
small &-= 1
print(small == Int.max)
var product = Int.max
product &*= 2
print(product)
var bits = 0b1010
bits <<= 2
print(bits)
bits >>= 1
print(bits)
bits &= 0b0110
print(bits)
bits |= 0b1001
print(bits)
bits ^= 0b0011
print(bits)
var count = 7
count %= 4
print(count)
print([3, 1, 2].sorted(by: >))
print([1, 2, 3, 4].reduce(0, +))
let numbers = [1, 2, 3]
print(numbers.map { -$0 }, ~5, !true)
print((1...3).contains(3), (1..<3).contains(3), (...3).contains(-9), (2...).contains(2))
var shifted = 1
shifted &<<= 65
print(shifted, 1 &<< 64, -8 &>> 66)
