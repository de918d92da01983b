import Combine

// One call site, several functions: the literal argument takes the type of the parameter
// of whichever function the call reaches, on every run of the site.

protocol Scaler {
    func scale(_ amount: Double) -> String
}

struct Halves: Scaler {
    func scale(_ amount: Double) -> String { "halves: \(amount / 2)" }
}

struct Labels: Scaler {
    func scale(_ amount: Double) -> String { "label: \(amount)" }
}

final class Counter {
    var steps: [Int] = []
    func record(_ step: Int) { steps.append(step) }
    func record(_ step: Double) { steps.append(Int(step * 10)) }
}

// Overloads that differ only in their parameter's type are two functions: a literal
// argument takes its own default type where one overload has it.
func log(_ value: Int) { print("log Int", value) }
func log(_ value: String) { print("log String", value) }
log(2)
log("two")

let scalers: [Scaler] = [Halves(), Labels(), Halves()]
for scaler in scalers {
    print(scaler.scale(3))
}

func describe(_ values: [Any]) {
    for value in values {
        switch value {
        case let number as Int where number > 1:
            print("big int", number)
        case let number as Int:
            print("int", number)
        case let text as String:
            print("text", text)
        default:
            print("other", value)
        }
    }
}
describe([1, 5, "five", 2.5])

let counter = Counter()
let adders: [(Counter) -> Void] = [
    { $0.record(1) },
    { $0.record(1.5) },
]
for add in adders { add(counter) }
print(counter.steps)

var demand = Subscribers.Demand.max(2)
for extra in [1, 2] {
    demand += .max(extra)
    print(demand)
}
demand = .unlimited
print(demand == .unlimited, demand > .max(100))

enum Negative: Error { case value }

let subject = PassthroughSubject<Double, Never>()
let cancellable = subject
    .map { value -> String in
        defer { print("mapped", value) }
        do {
            guard value >= 0 else { throw Negative.value }
            return "ok \(value)"
        } catch {
            return "negative"
        }
    }
    .sink { print($0) }
subject.send(2)
subject.send(-1)
withExtendedLifetime(cancellable) {}
