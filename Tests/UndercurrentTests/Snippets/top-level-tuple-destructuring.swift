// `let (a, b) = …` at the top level makes one global per name.
import Combine

let pair = (name: "demand", value: 3)
let (label, amount) = pair
print(label, amount)
var (low, (mid, _)) = (1, (2, 3))
low += 10
print(low, mid)
let (first, second): (Double, Subscribers.Demand) = (1, .max(2))
print(first, second)
func minMax(_ xs: [Int]) -> (Int, Int) { (xs.min() ?? 0, xs.max() ?? 0) }
let (smallest, largest) = minMax([4, 9, 1])
print(smallest, largest, smallest + largest)
let (_, onlyThis) = ("skipped", "kept")
print(onlyThis)
