// An array literal of integer literals takes its element type from the array beside it,
// as Swift infers it: beside Doubles it holds Doubles, even where that array is empty.
let readings = [1, 2.5]
var more = readings
more.append(3)
print(more + [4], [0.5] + more, more == [1, 2.5, 3])
let none: [Double] = []
print(none + [3], none == [], [1] + [2.5])
var total = 0.0
for reading in more + [10] { total += reading }
print(total)
