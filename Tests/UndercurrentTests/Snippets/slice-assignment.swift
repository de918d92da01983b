var numbers = [1, 2, 3, 4, 5]
numbers[1..<3] = [20, 30, 35]
print(numbers)
numbers[...1] = []
print(numbers)
numbers[2...] = [9]
print(numbers, numbers.count)
var letters = ["a", "b", "c"]
letters[0...2] = ["z"]
print(letters)
func shrink(_ values: inout [Int]) { values[0..<values.count - 1] = [0] }
shrink(&numbers)
print(numbers)
