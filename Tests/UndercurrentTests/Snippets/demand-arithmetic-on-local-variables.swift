// Demand arithmetic on a function's local variables, as a custom subscription does it:
// counted down, compared with literals, and .unlimited staying unlimited.
import Combine

func spend(_ demand: Subscribers.Demand, values: Int) -> [String] {
    var demand = demand
    var log: [String] = []
    var sent = 0
    while demand > 0, sent < values {
        demand -= 1
        sent += 1
        log.append("\(sent): \(demand) left, more: \(demand > 0), none: \(demand == 0), \(demand >= 2)")
    }
    demand += 2
    demand *= 3
    log.append("after: \(demand), \(demand != 6), \(demand <= 6), \(demand < 7)")
    return log
}

for line in spend(.max(3), values: 5) { print(line) }
for line in spend(.unlimited, values: 2) { print(line) }
for line in spend(.none, values: 2) { print(line) }

func smallIntegers() {
    var small: UInt8 = 250
    small += 3
    small -= 1
    print(small, small > 251, small == 252, small < 200)
    var signed: Int8 = -100
    signed -= 28
    print(signed, signed < 0, signed == -128)
}
smallIntegers()
