import Foundation

// A property with no written type keeps the type of its first value, and a base that is
// computed (a call) is evaluated once, before the value.
final class Meter {
    var reading = 0.0
    var peak: Double? = nil
    var label = "meter"
    func record(_ value: Int) {
        reading = Double(value)
        reading = reading * 1
        self.reading += 1
        reading = 2 * reading - reading
        if peak == nil || reading > peak! { peak = reading }
    }
}
var calls = 0
let shared = Meter()
func current() -> Meter { calls += 1; print("current() call \(calls)"); return shared }
func compute() -> Int { print("compute()"); return 41 }

current().reading = 5
print(shared.reading, calls)
current().reading = Double(compute())
current().label = "main"
for value in [3, 9, 4] { shared.record(value) }
print(shared.reading, shared.peak ?? -1, shared.label, calls)

struct Point { var x = 0.0; var y = 0 }
var points = [Point(), Point()]
points[1].x = 2
points[0].y = 7
var p = Point()
p.x = 3
print(points, p)
