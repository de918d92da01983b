// A literal takes the type its declaration writes, also inside a generic type:
// the bounds of a `ClosedRange<Double>` and the value of a `Result<Double, _>` are Doubles.
enum ParseError: Error { case empty }

let unit: ClosedRange<Double> = 0...1
print(unit)
print(unit.contains(0.5))
let steps: Range<Double> = 1..<4
print(steps)
let letters: ClosedRange<Character> = "a"..."e"
print(letters.contains("c"))

let parsed: Result<Double, ParseError> = .success(2)
print(parsed)
if case .success(let value) = parsed { print(value / 4) }

func half(_ range: ClosedRange<Double>) -> Double { (range.upperBound - range.lowerBound) / 2 }
print(half(1...2))
